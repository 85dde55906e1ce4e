import "reflect-metadata";
import { plainToInstance, instanceToPlain, Expose, Exclude, Type } from "class-transformer";
class Photo { url!: string; }
class User {
  @Expose() first!: string;
  @Exclude() password!: string;
  @Type(() => Photo) photos!: Photo[];
  get name() { return this.first + "!"; }
}
const u = plainToInstance(User, { first: "ann", password: "x", photos: [{ url: "a.png" }] });
console.log(u instanceof User, u.photos[0] instanceof Photo, u.name, JSON.stringify(instanceToPlain(u)));
