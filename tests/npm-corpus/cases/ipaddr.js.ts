import ipaddr from "ipaddr.js";
const a = ipaddr.parse("192.168.1.10");
console.log(a.kind(), a.range(), ipaddr.isValid("::1"), ipaddr.parse("::ffff:10.0.0.1").toString(), a.match(ipaddr.parseCIDR("192.168.0.0/16")));
