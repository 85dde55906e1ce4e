import "reflect-metadata";
import { Container, injectable, inject } from "inversify";
@injectable()
class Katana { hit() { return "cut!"; } }
@injectable()
class Ninja {
  constructor(@inject(Katana) private katana: Katana) {}
  fight() { return this.katana.hit(); }
}
const c = new Container();
c.bind(Katana).toSelf();
c.bind(Ninja).toSelf();
console.log(c.get(Ninja).fight());
