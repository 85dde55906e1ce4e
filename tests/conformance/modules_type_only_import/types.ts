console.log("types: this module has a side effect but is only imported for types");
export interface User {
  name: string;
}
export class UserClass {
  name = "class used only as a type";
}
