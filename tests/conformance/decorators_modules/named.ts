import { register } from "./lib.ts";

@register
export default class Controller {
  route = "/users";
}
