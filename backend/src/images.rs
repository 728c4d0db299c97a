//! Upload sanitizer: turns untrusted uploaded bytes into a small, metadata-free image.
//!
//! The format is decided from the magic bytes only (never the file name or the declared
//! content type), and what decoding will cost is worked out from the header before any
//! pixel is decoded ([`budget`]): a picture that would take more than
//! [`DECODE_BUDGET`] is refused unopened, whatever its bit depth, and the decoders are
//! held to that budget too, so a header that lies cannot get past it. The decoded
//! picture is downscaled and re-encoded from raw pixels, which drops EXIF (phone photos
//! carry GPS), ICC profiles, text chunks and anything appended.
//!
//! Everything here is synchronous and CPU-heavy: run [`sanitize`] in a [`Slot`].

mod budget;
mod slots;

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbaImage};

pub use budget::DECODE_BUDGET;
pub use slots::{Busy, DecodeSlots, Slot, MAX_WAIT, QUEUE, RETRY_AFTER_SECS, SLOTS};

/// The largest upload accepted, in bytes of file (10 MiB).
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// The longest side accepted, in pixels, whatever the budget says.
const MAX_SIDE: u32 = 20_000;

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
    /// Decoding the picture would take more than [`DECODE_BUDGET`], or a side is above
    /// 20,000 pixels.
    #[error(
        "The picture has too many pixels for us to process. Please upload a smaller one: \
         an ordinary phone photo of up to 12 megapixels is fine."
    )]
    TooManyPixels,
    /// The file starts like an image but cannot be decoded.
    #[error("The image could not be read; the file may be damaged or incomplete.")]
    Corrupt,
}

/// Whether a JPEG's scan data runs to its End Of Image marker (`FF D9`), which cannot
/// occur inside entropy-coded data: a file cut short in transit has none after its first
/// Start Of Scan. Phones may append data after the marker; that is left to the decoder.
fn jpeg_is_whole(bytes: &[u8]) -> bool {
    let Some(scan) = bytes.windows(2).position(|pair| pair == [0xFF, 0xDA]) else {
        return false;
    };
    bytes[scan..].windows(2).any(|pair| pair == [0xFF, 0xD9])
}

/// Checks that `bytes` are a real PNG, JPEG, GIF (first frame) or WebP image that can be
/// decoded within [`DECODE_BUDGET`], downscales it so the long side is at most 1600 px
/// and re-encodes it without any metadata.
///
/// JPEG input stays JPEG; other input becomes PNG when it has transparent pixels and
/// JPEG otherwise. CPU-heavy (a few tenths of a second for a 12-megapixel photo): run it
/// in a [`Slot`].
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
    if format == ImageFormat::Jpeg && !jpeg_is_whole(bytes) {
        // The decoder fills what is missing with grey and calls it a picture.
        return Err(ImageError::Corrupt);
    }

    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(DECODE_BUDGET);

    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    // Building the decoder reads only the header; no pixel buffer exists yet.
    let decoder = reader.into_decoder().map_err(decode_error)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(ImageError::Corrupt);
    }
    budget::check(format, bytes, (width, height), decoder.color_type())?;

    let decoded = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
    let picture = shrink(decoded);

    if format != ImageFormat::Jpeg && picture.color().has_alpha() {
        let rgba = picture.into_rgba8();
        if has_transparency(&rgba) {
            return encode_png(rgba);
        }
        return encode_jpeg(DynamicImage::ImageRgba8(rgba));
    }
    encode_jpeg(picture)
}

/// The picture at its stored size. It takes the decoded picture and drops it as soon as
/// the smaller copy exists, so the two are never held beside the encoding too.
fn shrink(decoded: DynamicImage) -> DynamicImage {
    let (width, height) = (decoded.width(), decoded.height());
    let (stored_width, stored_height) = stored_size(width, height);
    if (stored_width, stored_height) == (width, height) {
        return decoded;
    }
    // Averages the pixels each stored pixel covers, into a buffer of the stored size
    // only. (`resize` would first build a 32-bit float copy of the picture at the full
    // width: 77 MB for a 12-megapixel photo.)
    decoded.thumbnail_exact(stored_width, stored_height)
}

/// The size a `width` × `height` picture is stored at: its long side at most 1600
/// pixels, the aspect ratio kept (rounded as the image crate rounds it).
fn stored_size(width: u32, height: u32) -> (u32, u32) {
    if width.max(height) <= MAX_STORED_SIDE {
        return (width, height);
    }
    let ratio = f64::from(MAX_STORED_SIDE) / f64::from(width.max(height));
    // Both results are at most 1600 and at least 1: the casts cannot truncate.
    let scale = |side: u32| ((f64::from(side) * ratio).round() as u32).clamp(1, MAX_STORED_SIDE);
    (scale(width), scale(height))
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
fn has_transparency(picture: &RgbaImage) -> bool {
    picture.pixels().any(|pixel| pixel.0[3] < u8::MAX)
}

fn encode_jpeg(picture: DynamicImage) -> Result<CleanImage, ImageError> {
    let rgb = DynamicImage::ImageRgb8(picture.into_rgb8());
    let mut bytes = Vec::new();
    rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY))
        .map_err(|_| ImageError::Corrupt)?;
    Ok(CleanImage {
        bytes,
        extension: "jpg",
        content_type: "image/jpeg",
    })
}

fn encode_png(picture: RgbaImage) -> Result<CleanImage, ImageError> {
    let rgba = DynamicImage::ImageRgba8(picture);
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
mod tests;
