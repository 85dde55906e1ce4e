import clsx from "clsx";
console.log(clsx("foo", true && "bar", "baz"), clsx({ foo: true, bar: false, baz: 1 }), clsx(["foo", 0, false, "bar"]), clsx(["foo"], ["", 0, false, "bar"], [["baz", [["hello"], "there"]]]));
