import { Kysely, DummyDriver, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
interface DB { person: { id: number; first_name: string; age: number }; pet: { id: number; owner_id: number; name: string } }
const db = new Kysely<DB>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (d) => new PostgresIntrospector(d), createQueryCompiler: () => new PostgresQueryCompiler() } });
const q = db.selectFrom("person").innerJoin("pet", "pet.owner_id", "person.id").select(["person.first_name", "pet.name as pet"]).where("person.age", ">", 18).orderBy("person.first_name").limit(10).compile();
console.log(q.sql);
console.log(JSON.stringify(q.parameters));
const ins = db.insertInto("person").values({ id: 1, first_name: "Ann", age: 30 }).returning("id").compile();
console.log(ins.sql, JSON.stringify(ins.parameters));
console.log(sql`select ${1} + ${2}`.compile(db).sql);
