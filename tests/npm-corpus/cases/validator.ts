import validator from "validator";
console.log(validator.isEmail("foo@bar.com"), validator.isEmail("foo@bar"), validator.isURL("https://example.com/path?q=1"), validator.isUUID("1b671a64-40d5-491e-99b0-da01ff1f3341"));
console.log(validator.isIP("192.168.0.1"), validator.isIP("::1", 6), validator.escape("<a href='x'>"), validator.normalizeEmail("Foo.Bar+tag@GMAIL.com"), validator.isStrongPassword("Abcdef1!"));
console.log(validator.isISO8601("2024-02-27T10:30:00Z"), validator.trim("  x  "), validator.isAlphanumeric("abc123"), validator.isJSON('{"a":1}'), validator.toInt("42"));
