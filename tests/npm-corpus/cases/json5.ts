import JSON5 from "json5";
const obj = JSON5.parse("{ // comment\n unquoted: 'and you can quote me on that', singleQuotes: 'I can use \"double quotes\" here', lineBreaks: \"Look, Mom! \\\nNo \\\\n's!\", hexadecimal: 0xdecaf, leadingDecimalPoint: .8675309, andTrailing: 8675309., positiveSign: +1, trailingComma: 'in objects', andIn: ['arrays',], }");
console.log(JSON.stringify(obj));
console.log(JSON5.stringify({ a: 1, "b-c": [1, 2], d: "it's" }), JSON5.stringify({ x: Infinity, y: NaN }, null, 2));
