import { graphql, buildSchema } from "graphql";
const schema = buildSchema(`type Query { hello(name: String): String, nums: [Int] }`);
const root = { hello: ({ name }: { name?: string }) => `Hello ${name ?? "world"}`, nums: () => [1, 2, 3] };
graphql({ schema, source: '{ hello(name: "perry") nums }', rootValue: root }).then((r) => console.log(JSON.stringify(r)));
graphql({ schema, source: "{ nope }", rootValue: root }).then((r) => console.log(r.errors?.[0].message));
