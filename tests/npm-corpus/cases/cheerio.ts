import * as cheerio from "cheerio";
const $ = cheerio.load('<ul id="fruits"><li class="apple">Apple</li><li class="orange">Orange</li></ul>');
console.log($(".apple").text(), $("li").length, $("#fruits").children().map((_, e) => $(e).attr("class")).get().join(","));
$("ul").append("<li>Pear</li>");
console.log($.html("ul"));
