import slugify from "slugify";
console.log(slugify("Hello World & Friends!", { lower: true }), slugify("Crème brûlée"));
