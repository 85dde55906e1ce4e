console.log("config start");
function fetchConfig(): Promise<{ name: string; retries: number }> {
  return new Promise((resolve) => setTimeout(() => resolve({ name: "perry", retries: 3 }), 1));
}
export const config = await fetchConfig();
export let loadedAt = "pending";
for await (const step of [Promise.resolve("a"), "b"]) {
  loadedAt = loadedAt === "pending" ? step : loadedAt + step;
}
console.log("config done", config.retries, loadedAt);
