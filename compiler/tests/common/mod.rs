//! Helpers shared by the integration tests that read the collector's
//! diagnostic lines.

/// The integer value of `key=` in a `[gc-step]`-style line.
pub fn field(line: &str, key: &str) -> u64 {
    line.split_whitespace()
        .find_map(|kv| kv.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
        .unwrap_or_else(|| panic!("no {key}= in {line}"))
        .parse()
        .unwrap()
}
