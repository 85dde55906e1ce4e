//! The multipart/form-data fuzzer (see README.md).

fn main() -> std::process::ExitCode {
    perry_fuzz_builtins::fuzz("multipart", include_str!("../multipart.js"))
}
