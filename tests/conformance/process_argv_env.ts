// process.argv and process.env (only environment-independent facts)
console.log(process.argv.length >= 2);
console.log(Array.isArray(process.argv));
console.log(typeof process.argv[0], typeof process.argv[1]);
console.log(typeof process.env);
console.log(typeof process);
const envKeys = Object.keys(process.env);
console.log(Array.isArray(envKeys));
console.log(typeof process.exit);
console.log(process.env.PERRY_SURELY_UNSET_VARIABLE_12345);
console.log(process.env.PERRY_SURELY_UNSET_VARIABLE_12345 ?? "default value");
