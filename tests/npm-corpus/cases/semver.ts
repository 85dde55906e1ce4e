import semver from "semver";
console.log(semver.valid("1.2.3"), semver.valid("a.b.c"), semver.clean("  =v1.2.3   "));
console.log(semver.satisfies("1.2.3", "1.x || >=2.5.0 || 5.0.0 - 7.2.3"), semver.gt("1.2.3", "9.8.7"), semver.lt("1.2.3", "9.8.7"));
console.log(semver.minVersion(">=1.0.0")?.version, semver.inc("1.2.3", "prerelease", "beta"), semver.coerce("v2")?.version);
console.log(["1.10.0", "1.2.0", "1.9.9"].sort(semver.compare).join(" "), semver.maxSatisfying(["1.2.3", "1.2.4", "2.0.0"], "^1.2.0"));
