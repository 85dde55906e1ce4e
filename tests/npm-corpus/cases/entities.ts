import { encode, decode, encodeXML, decodeHTML } from "entities";
console.log(encode("<a & b>"), decode("&lt;p&gt; &amp;amp; &eacute;"), encodeXML("\"q\" 'a'"), decodeHTML("&copy; &#x1F600;"));
