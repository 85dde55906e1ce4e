import camelCase from "camelcase";
console.log(camelCase("foo-bar_baz"), camelCase("Foo Bar", { pascalCase: true }), camelCase(["a", "b-c"]), camelCase("XMLHttpRequest", { preserveConsecutiveUppercase: true }));
