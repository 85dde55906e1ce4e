// Strings print unquoted at top level but quoted inside arrays and objects
console.log("plain string");
console.log("");
console.log("with 'single' quotes");
console.log(["a", "b"]);
console.log(["it's"]);
console.log(['say "hi"']);
console.log(["both ' and \""]);
console.log(["back`tick", "all ' \" `"]);
console.log({ s: "value", empty: "" });
console.log(["line\nbreak", "tab\there", "back\\slash"]);
console.log([""]);
console.log("top", "level", "args");
console.log(["unicode é ü 😀"]);
console.log({ "key with space": 1, "valid_id": 2, "dash-key": 3, "123": 4, "1a": 5, "$dollar": 6 });
console.log([["nested", ["deeper"]]]);
console.log("100%", "50% off", "%");
console.log("a\u0000b".length);
