//! The URL fuzzer (see README.md).

fn main() -> std::process::ExitCode {
    perry_fuzz_builtins::fuzz("url", include_str!("../url.js"))
}
