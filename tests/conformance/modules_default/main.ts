// Default exports: function, class, object expression, anonymous arrow
import greet, { punctuation } from "./greeter";
import Shape from "./shape";
import config from "./config";
import double from "./anon";
import { default as greetAgain } from "./greeter";
console.log(greet("world") + punctuation);
console.log(greet.name, greetAgain === greet);
const s = new Shape(3);
console.log(s.describe(), s instanceof Shape, Shape.name);
console.log(s);
console.log(config);
console.log(double(21), typeof double);
