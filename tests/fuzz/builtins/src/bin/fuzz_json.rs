//! The JSON.parse fuzzer (see README.md).

fn main() -> std::process::ExitCode {
    perry_fuzz_builtins::fuzz("json", include_str!("../json.js"))
}
