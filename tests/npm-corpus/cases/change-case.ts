import { camelCase, capitalCase, constantCase, dotCase, kebabCase, pascalCase, snakeCase, sentenceCase, trainCase } from "change-case";
const s = "Hello worldOf TypeScript v2";
console.log([camelCase, capitalCase, constantCase, dotCase, kebabCase, pascalCase, snakeCase, sentenceCase, trainCase].map((f) => f(s)).join(" | "));
