//! Every conversion between hyper's requests and responses and JavaScript
//! values goes through the stdlib's Web classes: [`new_request`] makes the
//! handler's `Request` (`perry_stdlib::web::request`), [`response_parts`]
//! reads the `Response` it returns (`perry_stdlib::web::response`). Nothing
//! else in this crate touches the shape of those objects.

use perry_runtime::Value;
pub use perry_stdlib::web::response::ResponseParts;

/// The `Request` for a request hyper parsed (its body already collected).
pub fn new_request(method: &str, url: &str, headers: &[(&[u8], &[u8])], body: Vec<u8>) -> Value {
    perry_stdlib::web::request::new_request(method, url, headers, body)
}

/// The `Request` for a request whose body is still arriving (`id` names it in the body source
/// `host.rs` registers).
pub fn new_streaming_request(method: &str, url: &str, headers: &[(&[u8], &[u8])], id: u64) -> Value {
    perry_stdlib::web::request::new_streaming_request(method, url, headers, id as f64)
}

/// The status, headers (each `set-cookie` separately) and body of a
/// `Response`; `None` when `v` is not one. Runs JavaScript for a stream body (which may throw).
pub fn response_parts(v: Value) -> perry_runtime::JsResult<Option<ResponseParts>> {
    perry_stdlib::web::response::response_parts(v)
}

/// The body stream of a Response whose parts are `streamed`.
pub fn body_stream(v: Value) -> Value {
    perry_stdlib::web::response::body_stream(v)
}

/// The bridge keeps no values of its own.
pub fn visit_roots(_visit: &mut dyn FnMut(*mut u64)) {}
