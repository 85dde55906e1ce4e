// HTTPS without the test's CA (compiler/tests/fetch.rs removes NODE_EXTRA_CA_CERTS): the
// certificate is refused as Node refuses it.
const PORT = process.env.HTTPS_PORT!;
for (const host of ["127.0.0.1", "localhost"]) {
  try {
    await fetch(`https://${host}:${PORT}/text`);
    console.log("fetched?");
  } catch (e: any) {
    console.log(e.name, e.message, e.cause?.name, e.cause?.message, e.cause?.code);
  }
}
