//! Content codings of response bodies (`Content-Encoding`), decoded chunk by chunk as undici
//! decodes them: `gzip` and `x-gzip` (flate2), `deflate` (zlib-wrapped, flate2), `br`
//! (brotli-decompressor). Codings are listed in the order they were applied, so they are undone
//! from the last to the first; a list naming any other coding (`identity` included) leaves the
//! body as it came, as undici does. The response's headers are not changed.

use brotli_decompressor::DecompressorWriter;
use flate2::write::{GzDecoder, ZlibDecoder};
use std::io::Write;

enum Decoder {
    Gzip(GzDecoder<Vec<u8>>),
    Deflate(ZlibDecoder<Vec<u8>>),
    Brotli(Box<DecompressorWriter<Vec<u8>>>),
}

impl Decoder {
    fn write(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>> {
        match self {
            Decoder::Gzip(w) => {
                w.write_all(input)?;
                Ok(std::mem::take(w.get_mut()))
            }
            Decoder::Deflate(w) => {
                w.write_all(input)?;
                Ok(std::mem::take(w.get_mut()))
            }
            Decoder::Brotli(w) => {
                w.write_all(input)?;
                Ok(std::mem::take(w.get_mut()))
            }
        }
    }

    fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        match self {
            Decoder::Gzip(w) => {
                w.try_finish()?;
                Ok(std::mem::take(w.get_mut()))
            }
            Decoder::Deflate(w) => {
                w.try_finish()?;
                Ok(std::mem::take(w.get_mut()))
            }
            Decoder::Brotli(w) => {
                w.close()?;
                Ok(std::mem::take(w.get_mut()))
            }
        }
    }
}

/// The decoders of one body, innermost (last applied) first.
#[derive(Default)]
pub struct Decoders(Vec<Decoder>);

impl Decoders {
    /// The decoders for a `Content-Encoding` value; none for an unknown coding.
    pub fn for_encoding(value: &str) -> Decoders {
        let mut out = Vec::new();
        for coding in value.split(',').rev() {
            let d = match coding.trim().to_ascii_lowercase().as_str() {
                "gzip" | "x-gzip" => Decoder::Gzip(GzDecoder::new(Vec::new())),
                "deflate" => Decoder::Deflate(ZlibDecoder::new(Vec::new())),
                "br" => Decoder::Brotli(Box::new(DecompressorWriter::new(Vec::new(), 4096))),
                _ => return Decoders::default(),
            };
            out.push(d);
        }
        Decoders(out)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Decodes one chunk (what the decoders produce; possibly empty).
    pub fn push(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>> {
        let mut data = input.to_vec();
        for d in &mut self.0 {
            data = d.write(&data)?;
        }
        Ok(data)
    }

    /// The rest of the output once the input has ended.
    pub fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        let mut data = Vec::new();
        for d in &mut self.0 {
            let mut out = if data.is_empty() { Vec::new() } else { d.write(&data)? };
            out.extend(d.finish()?);
            data = out;
        }
        Ok(data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::GzEncoder;

    #[test]
    fn gzip_then_identity_codings() {
        let mut e = GzEncoder::new(Vec::new(), Compression::default());
        e.write_all(b"hello hello hello").unwrap();
        let z = e.finish().unwrap();
        let mut d = Decoders::for_encoding("gzip");
        let mut out = Vec::new();
        for c in z.chunks(3) {
            out.extend(d.push(c).unwrap());
        }
        out.extend(d.finish().unwrap());
        assert_eq!(out, b"hello hello hello");
        assert!(Decoders::for_encoding("identity").is_empty());
        assert!(Decoders::for_encoding("gzip, foo").is_empty());
    }
}
