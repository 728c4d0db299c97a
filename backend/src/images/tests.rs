//! The sanitizer on real files of every accepted format and on hostile ones.

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
    let mut crc = flate2::Crc::new();
    crc.update(bytes);
    crc.sum()
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
fn a_truncated_jpeg_is_corrupt_though_its_header_decodes() {
    let whole = jpeg_bytes(&photo(400, 300));
    assert!(sanitize(&whole).is_ok());
    for cut in [whole.len() * 2 / 3, whole.len() - 2] {
        assert!(
            matches!(sanitize(&whole[..cut]), Err(ImageError::Corrupt)),
            "cut at {cut} of {}",
            whole.len()
        );
    }
    // Data a phone appends after the end of the picture is no harm.
    let mut trailer = whole.clone();
    trailer.extend_from_slice(b"\0\0MotionPhoto_Data");
    assert!(sanitize(&trailer).is_ok());
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
