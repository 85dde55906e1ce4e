import * as t from "io-ts";
import { isRight, isLeft } from "fp-ts/lib/Either.js";
const User = t.type({ userId: t.number, name: t.string, tags: t.array(t.string) });
console.log(isRight(User.decode({ userId: 1, name: "Giulio", tags: [] })), isLeft(User.decode({ userId: "1", name: "x", tags: [] })));
const res = User.decode({ userId: 1, name: 2, tags: [3] });
if (isLeft(res)) console.log(res.left.map((e) => e.context.map((c) => c.key).filter(Boolean).join(".")).join(" | "));
console.log(t.union([t.literal("a"), t.literal("b")]).is("b"), t.partial({ x: t.number }).is({}));
