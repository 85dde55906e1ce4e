import statuses from "statuses";
console.log(statuses(404), statuses("Not Found"), statuses.message[500], statuses.redirect[301], statuses.empty[204], statuses.retry[503], statuses.codes.length > 50);
try { statuses(999); } catch (e) { console.log((e as Error).message); }
