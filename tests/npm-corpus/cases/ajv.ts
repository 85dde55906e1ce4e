import Ajv from "ajv";
const ajv = new Ajv();
try {
  const validate = ajv.compile({ type: "object", properties: { a: { type: "number" } }, required: ["a"] });
  console.log(validate({ a: 1 }), validate({}));
} catch (e) { console.log("compile failed:", (e as Error).name); }
