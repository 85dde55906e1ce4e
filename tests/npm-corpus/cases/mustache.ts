import Mustache from "mustache";
const view = { title: "Joe", calc: () => 2 + 4, items: [{ name: "a" }, { name: "b" }], html: "<b>bold</b>", empty: [] };
console.log(Mustache.render("{{title}} spends {{calc}}", view));
console.log(Mustache.render("{{#items}}- {{name}}\n{{/items}}{{^empty}}none{{/empty}} {{html}} {{{html}}}", view));
console.log(Mustache.render("{{> part}}!", { who: "world" }, { part: "hello {{who}}" }));
