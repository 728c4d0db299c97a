//! What decoding a picture will cost, worked out from its header before a single pixel is
//! decoded, so a file that would take more than [`DECODE_BUDGET`] is refused unopened.
//!
//! The cost of one decode is the picture in the decoder's own colour type (16-bit
//! channels take two bytes each) plus what the decoder holds beside it while it works,
//! or plus the downscaled copy made from it, whichever is larger. What the decoders hold
//! was read from their sources and is checked by `tests/decode_memory.rs`, which counts
//! every byte allocated during a decode:
//!
//! - PNG decodes row by row into the picture: a few rows beside it.
//! - JPEG keeps a copy of the file, and when the file is progressive (or its first scan
//!   does not hold every colour component) every DCT coefficient of the picture: two
//!   bytes per sample of each component at its own sampling.
//! - GIF decodes the first frame's palette indices into a buffer of their own (a byte a
//!   pixel) and expands them to RGBA; a frame whose size or place differs from the
//!   screen goes into a frame buffer of its own (four bytes a pixel) and is then copied
//!   onto the screen. Both are counted at the frame's size, whatever the screen's.
//! - WebP keeps YUV planes and an alpha plane (lossy) or an RGBA copy (lossless)
//!   beside the picture; counted as [`WEBP_WORKING_BYTES`] per pixel, the larger.

use image::{ColorType, ImageFormat};

use super::{stored_size, ImageError};

/// The most memory one decode may use: the decoded picture, what the decoder holds
/// beside it, and the downscaled copy. A 12-megapixel phone photo (4032 × 3024, 8-bit
/// JPEG: 36.6 MB decoded) fits with room to spare; a 6300 × 6300 16-bit PNG (238 MB
/// decoded) does not.
pub const DECODE_BUDGET: u64 = 64 * 1024 * 1024;

/// Room for the decoders' small buffers (rows, tables, palettes).
const SLACK: u64 = 2 * 1024 * 1024;

/// What the WebP decoder holds per pixel besides the picture: an RGBA copy (4 bytes,
/// lossless without alpha, or an animation frame), above YUV 4:2:0 plus alpha (2.5).
const WEBP_WORKING_BYTES: u64 = 4;

/// The bytes a decode of this picture needs at its peak, or [`ImageError::TooManyPixels`]
/// when that is more than [`DECODE_BUDGET`]. `bytes` is the whole file, for the
/// headers the image crate does not expose (JPEG sampling, the first GIF frame).
pub fn check(
    format: ImageFormat,
    bytes: &[u8],
    (width, height): (u32, u32),
    color: ColorType,
) -> Result<u64, ImageError> {
    let pixels = u64::from(width) * u64::from(height);
    let decoded = pixels * u64::from(color.bytes_per_pixel());
    let working = match format {
        ImageFormat::Jpeg => jpeg_working_bytes(bytes)?,
        ImageFormat::Gif => gif_frame_bytes(bytes)?,
        ImageFormat::WebP => pixels * WEBP_WORKING_BYTES,
        _ => 0,
    };
    let (stored_width, stored_height) = stored_size(width, height);
    let stored = if (stored_width, stored_height) == (width, height) {
        0
    } else {
        u64::from(stored_width) * u64::from(stored_height) * u64::from(color.bytes_per_pixel())
    };
    // The decoder's buffers are gone before the downscaled copy is made. What follows
    // the downscale (an 8-bit copy and the encoded file, at most 1600 × 1600) is far
    // below either.
    let need = decoded
        .saturating_add(working.max(stored))
        .saturating_add(SLACK);
    if need > DECODE_BUDGET {
        Err(ImageError::TooManyPixels)
    } else {
        Ok(need)
    }
}

/// The file copy the JPEG decoder keeps, plus its coefficient store when it needs one.
fn jpeg_working_bytes(bytes: &[u8]) -> Result<u64, ImageError> {
    let frame = JpegFrame::read(bytes).ok_or(ImageError::Corrupt)?;
    let file = bytes.len() as u64;
    if frame.progressive || frame.first_scan_components < frame.components.len() {
        Ok(file.saturating_add(frame.coefficient_bytes()))
    } else {
        Ok(file)
    }
}

/// The first GIF frame's index buffer (one byte a pixel) and frame buffer (RGBA).
fn gif_frame_bytes(bytes: &[u8]) -> Result<u64, ImageError> {
    let mut decoder = gif::DecodeOptions::new()
        .read_info(std::io::Cursor::new(bytes))
        .map_err(|_| ImageError::Corrupt)?;
    let frame = decoder
        .next_frame_info()
        .map_err(|_| ImageError::Corrupt)?
        .ok_or(ImageError::Corrupt)?;
    Ok(u64::from(frame.width) * u64::from(frame.height) * (1 + 4))
}

/// What a JPEG's frame header and first scan header say about its layout.
#[derive(Debug, PartialEq, Eq)]
struct JpegFrame {
    width: u16,
    height: u16,
    /// Each component's horizontal and vertical sampling factor.
    components: Vec<(u8, u8)>,
    progressive: bool,
    /// How many components the first scan holds.
    first_scan_components: usize,
}

impl JpegFrame {
    /// Walks the markers up to the first scan; None if the file ends or breaks before it.
    fn read(bytes: &[u8]) -> Option<JpegFrame> {
        let mut at = 2; // past SOI
        let mut frame: Option<JpegFrame> = None;
        loop {
            // Markers may be preceded by any number of 0xFF fill bytes.
            while *bytes.get(at)? == 0xFF && *bytes.get(at + 1)? == 0xFF {
                at += 1;
            }
            if *bytes.get(at)? != 0xFF {
                return None;
            }
            let marker = *bytes.get(at + 1)?;
            at += 2;
            // TEM and RSTn stand alone; every other marker before the scan has a length.
            if marker == 0x01 || (0xD0..=0xD7).contains(&marker) {
                continue;
            }
            let length = usize::from(u16::from_be_bytes([*bytes.get(at)?, *bytes.get(at + 1)?]));
            let segment = bytes.get(at + 2..at.checked_add(length)?)?;
            match marker {
                // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
                // A second frame header is refused by the decoder as well; refusing it
                // here means the layout counted is the one decoded.
                0xC0..=0xCF if ![0xC4, 0xC8, 0xCC].contains(&marker) => {
                    if frame.is_some() {
                        return None;
                    }
                    frame = Some(JpegFrame::from_sof(marker, segment)?);
                }
                0xDA => {
                    let mut frame = frame?;
                    frame.first_scan_components = usize::from(*segment.first()?);
                    return Some(frame);
                }
                0xD9 => return None,
                _ => {}
            }
            at += length;
        }
    }

    fn from_sof(marker: u8, segment: &[u8]) -> Option<JpegFrame> {
        let height = u16::from_be_bytes([*segment.get(1)?, *segment.get(2)?]);
        let width = u16::from_be_bytes([*segment.get(3)?, *segment.get(4)?]);
        let count = usize::from(*segment.get(5)?);
        let components = (0..count)
            .map(|i| {
                let sampling = *segment.get(6 + 3 * i + 1)?;
                Some(((sampling >> 4).max(1), (sampling & 0x0F).max(1)))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(JpegFrame {
            width,
            height,
            components,
            // SOF2, SOF6, SOF10 and SOF14 are the progressive processes.
            progressive: matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE),
            first_scan_components: 0,
        })
    }

    /// Every DCT coefficient (two bytes each) of every component, whole MCUs.
    fn coefficient_bytes(&self) -> u64 {
        let h_max = self.components.iter().map(|c| c.0).max().unwrap_or(1);
        let v_max = self.components.iter().map(|c| c.1).max().unwrap_or(1);
        let mcus_across = u64::from(self.width).div_ceil(8 * u64::from(h_max));
        let mcus_down = u64::from(self.height).div_ceil(8 * u64::from(v_max));
        self.components
            .iter()
            .map(|&(h, v)| mcus_across * mcus_down * u64::from(h) * u64::from(v) * 64 * 2)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sof(marker: u8, width: u16, height: u16, sampling: &[u8]) -> Vec<u8> {
        let mut segment = vec![8];
        segment.extend_from_slice(&height.to_be_bytes());
        segment.extend_from_slice(&width.to_be_bytes());
        segment.push(sampling.len() as u8);
        for (id, &factors) in sampling.iter().enumerate() {
            segment.extend_from_slice(&[id as u8 + 1, factors, 0]);
        }
        let mut out = vec![0xFF, marker];
        out.extend_from_slice(&(segment.len() as u16 + 2).to_be_bytes());
        out.extend_from_slice(&segment);
        out
    }

    fn jpeg(marker: u8, sampling: &[u8], scan_components: u8) -> Vec<u8> {
        let mut out = vec![0xFF, 0xD8];
        // An APP0 segment and a fill byte before the frame, as real files have.
        out.extend_from_slice(&[0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF]);
        out.extend_from_slice(&sof(marker, 4032, 3024, sampling));
        out.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x03, scan_components]);
        out
    }

    #[test]
    fn a_progressive_420_photo_stores_one_and_a_half_samples_a_pixel() {
        let frame = JpegFrame::read(&jpeg(0xC2, &[0x22, 0x11, 0x11], 3)).unwrap();
        assert!(frame.progressive);
        // 252 × 189 MCUs of 16 × 16: four luma blocks and two chroma blocks each.
        assert_eq!(frame.coefficient_bytes(), 252 * 189 * 6 * 128);
    }

    #[test]
    fn a_baseline_interleaved_photo_needs_only_its_file_copy() {
        let file = jpeg(0xC0, &[0x22, 0x11, 0x11], 3);
        assert_eq!(jpeg_working_bytes(&file).unwrap(), file.len() as u64);
    }

    #[test]
    fn a_baseline_photo_scanned_one_component_at_a_time_stores_its_coefficients() {
        let file = jpeg(0xC0, &[0x11, 0x11, 0x11], 1);
        let expected = file.len() as u64 + 504 * 378 * 3 * 128;
        assert_eq!(jpeg_working_bytes(&file).unwrap(), expected);
    }

    #[test]
    fn a_jpeg_that_ends_before_its_first_scan_is_corrupt() {
        let file = jpeg(0xC0, &[0x22, 0x11, 0x11], 3);
        assert!(matches!(
            jpeg_working_bytes(&file[..30]),
            Err(ImageError::Corrupt)
        ));
        assert!(matches!(
            jpeg_working_bytes(&[0xFF, 0xD8, 0xFF, 0xD9]),
            Err(ImageError::Corrupt)
        ));
    }

    #[test]
    fn a_jpeg_with_two_frame_headers_is_corrupt() {
        let mut file = vec![0xFF, 0xD8];
        file.extend(sof(0xC0, 100, 100, &[0x11, 0x11, 0x11]));
        file.extend(sof(0xC2, 4032, 3024, &[0x11, 0x11, 0x11]));
        file.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x03, 3]);
        assert!(matches!(
            jpeg_working_bytes(&file),
            Err(ImageError::Corrupt)
        ));
    }

    #[test]
    fn sixteen_bit_channels_count_two_bytes() {
        let eight = check(ImageFormat::Png, &[], (2000, 2000), ColorType::Rgb8).unwrap();
        let sixteen = check(ImageFormat::Png, &[], (2000, 2000), ColorType::Rgb16).unwrap();
        assert_eq!(sixteen - eight, 2000 * 2000 * 3 + 1600 * 1600 * 3);
        assert!(matches!(
            check(ImageFormat::Png, &[], (6300, 6300), ColorType::Rgb16),
            Err(ImageError::TooManyPixels)
        ));
    }
}
