import pluralize from "pluralize";
console.log(pluralize("test"), pluralize("test", 1), pluralize("test", 5, true), pluralize.singular("people"), pluralize.plural("person"), pluralize.isPlural("sheep"), pluralize("octopus"));
pluralize.addIrregularRule("perry", "perries");
console.log(pluralize("perry"), pluralize("Category"), pluralize("CHILD"));
