const base = { debug: false, level: 3 };
export default { ...base, name: "config" };
