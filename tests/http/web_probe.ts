// Prints which Web globals exist (tests/http/web.ts needs them all).
console.log([typeof Request, typeof Response, typeof Headers, typeof URL, typeof Uint8Array].join(" "));
