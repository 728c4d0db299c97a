//! Upload sanitizer: turns untrusted uploaded bytes into a small, metadata-free image.
//!
//! The format is decided from the magic bytes only (never the file name or the declared
//! content type), the dimensions are checked from the header before any pixel is
//! decoded, and the decoded picture is downscaled and re-encoded from raw pixels, which
//! drops EXIF (phone photos carry GPS), ICC profiles, text chunks and anything appended.
//!
//! Everything here is synchronous and CPU-heavy; call [`sanitize`] inside
//! `tokio::task::spawn_blocking`.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

/// The largest upload accepted, in bytes of file (10 MiB).
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// The largest picture accepted, in pixels (for example 8000 x 5000).
pub const MAX_PIXELS: u64 = 40_000_000;

/// The longest side accepted, in pixels, whatever the pixel count.
const MAX_SIDE: u32 = 20_000;

/// Decoders may not allocate more than this while decoding, even if the header lies.
const MAX_DECODER_ALLOC: u64 = 512 * 1024 * 1024;

/// The long side of a stored image; phones on slow networks need no more.
const MAX_STORED_SIDE: u32 = 1600;

/// JPEG quality of stored photos: visually clean at about a tenth of the raw size.
const JPEG_QUALITY: u8 = 82;

/// A sanitized image, ready to be stored and served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanImage {
    /// The re-encoded file.
    pub bytes: Vec<u8>,
    /// File name extension without the dot: `"jpg"` or `"png"`.
    pub extension: &'static str,
    /// MIME type to serve it with: `"image/jpeg"` or `"image/png"`.
    pub content_type: &'static str,
}

/// Why an upload was refused. The messages are shown to the uploader as they are.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// The bytes are not a PNG, JPEG, GIF or WebP file.
    #[error("The file is not an image. Please upload a PNG, JPEG, GIF or WebP picture.")]
    NotAnImage,
    /// The file is bigger than [`MAX_UPLOAD_BYTES`].
    #[error("The image is too large. Please upload a picture of at most 10 MB.")]
    TooLarge,
    /// The picture has more than [`MAX_PIXELS`] pixels or a side above 20,000 pixels.
    #[error("The image has too many pixels. Please upload a picture of at most 40 megapixels.")]
    TooManyPixels,
    /// The file starts like an image but cannot be decoded.
    #[error("The image could not be read; the file may be damaged or incomplete.")]
    Corrupt,
}

/// Checks that `bytes` are a real PNG, JPEG, GIF (first frame) or WebP image of sane
/// size, downscales it so the long side is at most 1600 px and re-encodes it without
/// any metadata.
///
/// JPEG input stays JPEG; other input becomes PNG when it has transparent pixels and
/// JPEG otherwise. CPU-heavy (up to a second for a 40-megapixel photo): run it inside
/// `tokio::task::spawn_blocking`.
pub fn sanitize(bytes: &[u8]) -> Result<CleanImage, ImageError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(ImageError::TooLarge);
    }
    let format = match image::guess_format(bytes) {
        Ok(
            format @ (ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif | ImageFormat::WebP),
        ) => format,
        _ => return Err(ImageError::NotAnImage),
    };

    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODER_ALLOC);

    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    // Building the decoder reads only the header; no pixel buffer exists yet.
    let decoder = reader.into_decoder().map_err(decode_error)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(ImageError::Corrupt);
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImageError::TooManyPixels);
    }

    let decoded = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
    let picture = if width.max(height) > MAX_STORED_SIDE {
        // `resize` keeps the aspect ratio within the bounding box.
        decoded.resize(MAX_STORED_SIDE, MAX_STORED_SIDE, FilterType::Triangle)
    } else {
        decoded
    };

    if format != ImageFormat::Jpeg && has_transparency(&picture) {
        encode_png(&picture)
    } else {
        encode_jpeg(&picture)
    }
}

/// Maps a decoder failure to the uploader's words.
fn decode_error(error: image::ImageError) -> ImageError {
    match error {
        image::ImageError::Limits(_) => ImageError::TooManyPixels,
        _ => ImageError::Corrupt,
    }
}

/// True if any pixel is not fully opaque. Screenshots are often RGBA but opaque; those
/// are stored as (much smaller) JPEG.
fn has_transparency(picture: &DynamicImage) -> bool {
    if !picture.color().has_alpha() {
        return false;
    }
    picture
        .to_rgba8()
        .pixels()
        .any(|pixel| pixel.0[3] < u8::MAX)
}

fn encode_jpeg(picture: &DynamicImage) -> Result<CleanImage, ImageError> {
    let rgb = DynamicImage::ImageRgb8(picture.to_rgb8());
    let mut bytes = Vec::new();
    rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY))
        .map_err(|_| ImageError::Corrupt)?;
    Ok(CleanImage {
        bytes,
        extension: "jpg",
        content_type: "image/jpeg",
    })
}

fn encode_png(picture: &DynamicImage) -> Result<CleanImage, ImageError> {
    let rgba = DynamicImage::ImageRgba8(picture.to_rgba8());
    let mut bytes = Vec::new();
    let encoder =
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Default, PngFilter::Adaptive);
    rgba.write_with_encoder(encoder)
        .map_err(|_| ImageError::Corrupt)?;
    Ok(CleanImage {
        bytes,
        extension: "png",
        content_type: "image/png",
    })
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use image::codecs::gif::GifEncoder;
    use image::codecs::webp::WebPEncoder;
    use image::{Frame, GenericImageView, ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};

    use super::*;

    fn photo(width: u32, height: u32) -> RgbImage {
        RgbImage::from_fn(width, height, |x, y| {
            Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        })
    }

    fn png_bytes(picture: &DynamicImage) -> Vec<u8> {
        let mut out = Vec::new();
        picture
            .write_with_encoder(PngEncoder::new(&mut out))
            .unwrap();
        out
    }

    fn jpeg_bytes(picture: &RgbImage) -> Vec<u8> {
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, 90)
            .encode_image(picture)
            .unwrap();
        out
    }

    fn decode(clean: &CleanImage) -> DynamicImage {
        image::load_from_memory(&clean.bytes).unwrap()
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack
            .windows(needle.len())
            .any(|window| window == needle)
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = u32::MAX;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&u32::try_from(data.len()).unwrap().to_be_bytes());
        let start = out.len();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let crc = crc32(&out[start..]);
        out.extend_from_slice(&crc.to_be_bytes());
    }

    /// A tiny RGB PNG whose header claims `width` x `height`, with a near-empty IDAT.
    fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut header = Vec::new();
        header.extend_from_slice(&width.to_be_bytes());
        header.extend_from_slice(&height.to_be_bytes());
        header.extend_from_slice(&[8, 2, 0, 0, 0]);
        png_chunk(&mut out, b"IHDR", &header);
        // An empty zlib stream: the file is tiny, the claimed picture enormous.
        png_chunk(
            &mut out,
            b"IDAT",
            &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        );
        png_chunk(&mut out, b"IEND", &[]);
        out
    }

    #[test]
    fn a_png_photo_round_trips_as_jpeg() {
        let input = png_bytes(&DynamicImage::ImageRgb8(photo(64, 48)));
        let clean = sanitize(&input).unwrap();
        assert_eq!((clean.extension, clean.content_type), ("jpg", "image/jpeg"));
        assert_eq!(decode(&clean).dimensions(), (64, 48));
    }

    #[test]
    fn a_png_with_transparency_stays_png() {
        let picture = RgbaImage::from_fn(40, 30, |x, _| {
            Rgba([200, 10, 10, if x < 20 { 0 } else { 255 }])
        });
        let clean = sanitize(&png_bytes(&DynamicImage::ImageRgba8(picture))).unwrap();
        assert_eq!((clean.extension, clean.content_type), ("png", "image/png"));
        let output = decode(&clean);
        assert_eq!(output.dimensions(), (40, 30));
        assert_eq!(output.to_rgba8().get_pixel(0, 0).0[3], 0);
    }

    #[test]
    fn an_opaque_rgba_png_becomes_jpeg() {
        let picture = RgbaImage::from_pixel(30, 20, Rgba([1, 2, 3, 255]));
        let clean = sanitize(&png_bytes(&DynamicImage::ImageRgba8(picture))).unwrap();
        assert_eq!(clean.extension, "jpg");
    }

    #[test]
    fn a_jpeg_stays_jpeg() {
        let clean = sanitize(&jpeg_bytes(&photo(120, 80))).unwrap();
        assert_eq!((clean.extension, clean.content_type), ("jpg", "image/jpeg"));
        assert_eq!(decode(&clean).dimensions(), (120, 80));
    }

    #[test]
    fn a_gif_keeps_its_first_frame() {
        let mut input = Vec::new();
        {
            let mut encoder = GifEncoder::new(&mut input);
            let red = RgbaImage::from_pixel(16, 12, Rgba([255, 0, 0, 255]));
            let blue = RgbaImage::from_pixel(16, 12, Rgba([0, 0, 255, 255]));
            encoder
                .encode_frames([Frame::new(red), Frame::new(blue)])
                .unwrap();
        }
        let clean = sanitize(&input).unwrap();
        assert_eq!(clean.extension, "jpg");
        let pixel = decode(&clean).to_rgb8().get_pixel(8, 6).0;
        assert!(
            pixel[0] > 200 && pixel[2] < 60,
            "first frame is red, got {pixel:?}"
        );
    }

    #[test]
    fn a_webp_round_trips() {
        let picture = RgbaImage::from_fn(32, 24, |x, y| Rgba([x as u8 * 8, y as u8 * 8, 0, 255]));
        let mut input = Vec::new();
        WebPEncoder::new_lossless(&mut input)
            .write_image(picture.as_raw(), 32, 24, image::ExtendedColorType::Rgba8)
            .unwrap();
        let clean = sanitize(&input).unwrap();
        assert_eq!(clean.extension, "jpg");
        assert_eq!(decode(&clean).dimensions(), (32, 24));
    }

    #[test]
    fn text_renamed_to_png_is_not_an_image() {
        let result = sanitize(b"<html><body>definitely a bike photo</body></html>");
        assert!(matches!(result, Err(ImageError::NotAnImage)));
    }

    #[test]
    fn empty_input_is_not_an_image() {
        assert!(matches!(sanitize(&[]), Err(ImageError::NotAnImage)));
    }

    #[test]
    fn other_image_formats_are_refused() {
        let bmp = b"BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00";
        assert!(matches!(sanitize(bmp), Err(ImageError::NotAnImage)));
    }

    #[test]
    fn a_truncated_png_is_corrupt() {
        let input = png_bytes(&DynamicImage::ImageRgb8(photo(64, 64)));
        let result = sanitize(&input[..input.len() / 2]);
        assert!(matches!(result, Err(ImageError::Corrupt)), "{result:?}");
    }

    #[test]
    fn a_bare_png_signature_is_corrupt() {
        let result = sanitize(b"\x89PNG\r\n\x1a\n");
        assert!(matches!(result, Err(ImageError::Corrupt)), "{result:?}");
    }

    #[test]
    fn a_huge_png_is_refused_from_its_header_without_decoding() {
        let input = png_claiming(20_000, 20_000);
        assert!(input.len() < 100);
        let started = Instant::now();
        let result = sanitize(&input);
        assert!(
            matches!(result, Err(ImageError::TooManyPixels)),
            "{result:?}"
        );
        assert!(started.elapsed() < Duration::from_millis(500));
    }

    #[test]
    fn a_side_over_twenty_thousand_pixels_is_refused() {
        let result = sanitize(&png_claiming(20_001, 1));
        assert!(
            matches!(result, Err(ImageError::TooManyPixels)),
            "{result:?}"
        );
    }

    #[test]
    fn a_lying_header_within_limits_is_corrupt_not_a_crash() {
        let result = sanitize(&png_claiming(4000, 3000));
        assert!(matches!(result, Err(ImageError::Corrupt)), "{result:?}");
    }

    #[test]
    fn oversize_bytes_are_too_large() {
        let mut input = jpeg_bytes(&photo(8, 8));
        input.resize(MAX_UPLOAD_BYTES + 1, 0);
        assert!(matches!(sanitize(&input), Err(ImageError::TooLarge)));
    }

    #[test]
    fn a_wide_picture_is_downscaled_to_1600_on_the_long_side() {
        let clean = sanitize(&jpeg_bytes(&photo(3000, 1000))).unwrap();
        assert_eq!(decode(&clean).dimensions(), (1600, 533));
        let tall = sanitize(&png_bytes(&DynamicImage::ImageRgb8(photo(900, 2000)))).unwrap();
        assert_eq!(decode(&tall).dimensions(), (720, 1600));
    }

    #[test]
    fn exif_and_gps_metadata_are_stripped() {
        let plain = jpeg_bytes(&photo(48, 32));
        let mut payload = b"Exif\0\0MM\0\x2a\0\0\0\x08GPS 23.8103N 90.4125E".to_vec();
        payload.extend_from_slice(&[0; 16]);
        let length = u16::try_from(payload.len() + 2).unwrap();
        let mut input = plain[..2].to_vec();
        input.extend_from_slice(&[0xFF, 0xE1]);
        input.extend_from_slice(&length.to_be_bytes());
        input.extend_from_slice(&payload);
        input.extend_from_slice(&plain[2..]);
        assert!(contains(&input, b"GPS"));
        assert!(image::load_from_memory(&input).is_ok());

        let clean = sanitize(&input).unwrap();
        assert!(!contains(&clean.bytes, b"Exif"));
        assert!(!contains(&clean.bytes, b"GPS"));
        assert_eq!(decode(&clean).dimensions(), (48, 32));
    }
}
