//! JSON answers compressed for the wire: brotli or gzip, as the client accepts. Most
//! answers are compressed as they are sent ([`layer`]); the answers that are read
//! often and kept in memory (a category's listing) keep their compressed copies beside
//! them ([`Precompressed`]), so a busy page costs no compression per request.

use std::io::Write;
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue, Response, StatusCode};
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;

/// Answers shorter than this are sent as they are: compressing them saves nothing.
const MIN_COMPRESSED_BYTES: u16 = 512;

/// Brotli quality of kept copies: made once per change of what they hold, so a little
/// slower and smaller than the quality used as answers are sent (4).
const KEPT_BROTLI_QUALITY: u32 = 6;

/// The encodings we send, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding `headers`' `Accept-Encoding` allows.
    pub fn chosen(headers: &HeaderMap) -> Encoding {
        let mut best = (Encoding::Identity, 0.0_f32);
        let mut star = None;
        let mut named = [false; 2];
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';');
                let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
                let quality = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                let encoding = match name.as_str() {
                    "br" => Encoding::Brotli,
                    "gzip" | "x-gzip" => Encoding::Gzip,
                    "*" => {
                        star = Some(quality);
                        continue;
                    }
                    _ => continue,
                };
                named[encoding as usize] = true;
                best = better(best, (encoding, quality));
            }
        }
        if let Some(quality) = star {
            for encoding in [Encoding::Brotli, Encoding::Gzip] {
                if !named[encoding as usize] {
                    best = better(best, (encoding, quality));
                }
            }
        }
        best.0
    }

    fn header(self) -> Option<HeaderValue> {
        match self {
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Identity => None,
        }
    }
}

/// The higher quality wins; on a tie, the better encoding (brotli before gzip).
fn better(current: (Encoding, f32), candidate: (Encoding, f32)) -> (Encoding, f32) {
    let (encoding, quality) = candidate;
    if quality <= 0.0 {
        return current;
    }
    if quality > current.1 || (quality == current.1 && (encoding as u8) < (current.0 as u8)) {
        candidate
    } else {
        current
    }
}

/// Compresses the API's answers as they are sent. Never the live socket's handshake
/// (a `101` has no body to compress, and an encoding header would break the upgrade),
/// never images, and never what is already compressed.
pub fn layer() -> CompressionLayer<impl Predicate> {
    let predicate = SizeAbove::new(MIN_COMPRESSED_BYTES)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
        .and(
            |status: StatusCode,
             _: axum::http::Version,
             _: &HeaderMap,
             _: &axum::http::Extensions| { status != StatusCode::SWITCHING_PROTOCOLS },
        );
    CompressionLayer::new()
        .br(true)
        .gzip(true)
        .no_deflate()
        .no_zstd()
        .compress_when(predicate)
}

/// A JSON answer kept in memory with its compressed copies, each made the first time
/// a client asks for it.
#[derive(Debug)]
pub struct Precompressed {
    identity: Bytes,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Precompressed {
    pub fn new(identity: Bytes) -> Self {
        Precompressed {
            identity,
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// The uncompressed bytes.
    pub fn bytes(&self) -> &Bytes {
        &self.identity
    }

    /// The body to send to a client whose request had `headers`, and its
    /// `Content-Encoding` (none when sent as it is).
    pub fn for_client(&self, headers: &HeaderMap) -> (Bytes, Option<HeaderValue>) {
        if self.identity.len() < usize::from(MIN_COMPRESSED_BYTES) {
            return (self.identity.clone(), None);
        }
        let encoding = Encoding::chosen(headers);
        let body = match encoding {
            Encoding::Brotli => self.brotli.get_or_init(|| brotli(&self.identity)).clone(),
            Encoding::Gzip => self.gzip.get_or_init(|| gzip(&self.identity)).clone(),
            Encoding::Identity => self.identity.clone(),
        };
        (body, encoding.header())
    }

    /// A response with this body for `headers`' client, `Vary: accept-encoding` set.
    pub fn respond(
        &self,
        headers: &HeaderMap,
        mut response: Response<()>,
    ) -> Response<axum::body::Body> {
        let (body, encoding) = self.for_client(headers);
        let head = response.headers_mut();
        head.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(encoding) = encoding {
            head.insert(header::CONTENT_ENCODING, encoding);
        }
        response.map(|()| axum::body::Body::from(body))
    }
}

fn brotli(bytes: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(bytes.len() / 4);
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, KEPT_BROTLI_QUALITY, 22);
        // Writing to a Vec cannot fail.
        let _ = writer.write_all(bytes);
    }
    Bytes::from(out)
}

fn gzip(bytes: &[u8]) -> Bytes {
    let mut writer = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 3),
        flate2::Compression::default(),
    );
    let _ = writer.write_all(bytes);
    Bytes::from(writer.finish().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        headers
    }

    #[test]
    fn the_best_accepted_encoding_is_chosen() {
        use Encoding::*;
        for (accept, expected) in [
            ("gzip, deflate, br, zstd", Brotli),
            ("gzip, deflate", Gzip),
            ("br;q=0.5, gzip", Gzip),
            ("br;q=0, gzip;q=0", Identity),
            ("identity", Identity),
            ("*", Brotli),
            ("br;q=0, *;q=0.1", Gzip),
            ("GZIP", Gzip),
            ("", Identity),
        ] {
            assert_eq!(Encoding::chosen(&accepting(accept)), expected, "{accept:?}");
        }
        assert_eq!(Encoding::chosen(&HeaderMap::new()), Identity);
    }

    #[test]
    fn kept_copies_decompress_to_the_original() {
        use std::io::Read;
        let json = Bytes::from(
            serde_json::to_vec(&vec![
                serde_json::json!({"productName": "Honda CB Hornet 160R", "resalePrice": 185000});
                40
            ])
            .unwrap(),
        );
        let kept = Precompressed::new(json.clone());

        let (body, encoding) = kept.for_client(&accepting("gzip"));
        assert_eq!(encoding.unwrap(), "gzip");
        assert!(
            body.len() < json.len() / 4,
            "{} of {}",
            body.len(),
            json.len()
        );
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&body[..])
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, json);

        let (body, encoding) = kept.for_client(&accepting("br"));
        assert_eq!(encoding.unwrap(), "br");
        let mut plain = Vec::new();
        brotli::Decompressor::new(&body[..], 4096)
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, json);

        let (body, encoding) = kept.for_client(&HeaderMap::new());
        assert!(encoding.is_none());
        assert_eq!(body, json);
    }
}
