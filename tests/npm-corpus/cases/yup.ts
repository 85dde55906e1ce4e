import * as yup from "yup";
const schema = yup.object({ name: yup.string().required(), age: yup.number().required().positive().integer(), email: yup.string().email(), website: yup.string().url().nullable() });
schema.validate({ name: "jimmy", age: 24 }).then((v) => console.log("valid", JSON.stringify(v)));
schema.validate({ name: "", age: -1, email: "x" }, { abortEarly: false }).catch((e) => console.log(e.name, e.errors.join(" | ")));
console.log(schema.isValidSync({ name: "a", age: 3 }), JSON.stringify(schema.cast({ name: "x", age: "42" })));
