//! Pictures made in the test, ordinary and hostile: photos, and files built to cost a
//! decoder far more memory than their size. Shared by the upload tests and the
//! allocation-counting `decode_memory` test binary.

use std::io::Cursor;

/// A photo-like JPEG: smooth gradients under grain, which costs about as many bytes as a
/// phone's photo of a real bike at the same quality (more grain, bigger file).
pub fn jpeg_photo(width: u32, height: u32, grain: u8, quality: u8) -> Vec<u8> {
    let mut state = 0x2545_F491_u32;
    let mut pixels = Vec::with_capacity(width as usize * height as usize * 3);
    for y in 0..height {
        for x in 0..width {
            for base in [x * 255 / width, y * 255 / height, 90] {
                // xorshift: cheap noise that no encoder can predict.
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                let noise = (state % (u32::from(grain) + 1)) as u8;
                pixels.push((base as u8).saturating_add(noise));
            }
        }
    }
    let picture = image::RgbImage::from_raw(width, height, pixels).expect("whole picture");
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(&picture)
        .expect("encode jpeg");
    out
}

/// A small RGB PNG of `width` × `height`.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    });
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encode png");
    out.into_inner()
}

/// A real 16-bit RGB PNG of `side` × `side`, written row by row: 6300 × 6300 is a
/// file of a few hundred KB that decodes to 238 MB.
pub fn png_16_bit(side: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side, side);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Sixteen);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().expect("png header");
    {
        let mut stream = writer.stream_writer().expect("png stream");
        // A grey ramp across each row, the same on every row: it compresses to nothing.
        let row: Vec<u8> = (0..side)
            .flat_map(|x| {
                let level = ((x * 65_535) / side) as u16;
                level.to_be_bytes().repeat(3)
            })
            .collect();
        for _ in 0..side {
            std::io::Write::write_all(&mut stream, &row).expect("png row");
        }
        stream.finish().expect("png pixels");
    }
    writer.finish().expect("png end");
    out
}

/// A GIF whose screen is `screen` and whose one frame is `frame`, both as (width,
/// height), with a two-colour palette and an empty picture: a few dozen bytes.
pub fn gif(screen: (u16, u16), frame: (u16, u16)) -> Vec<u8> {
    let mut out = b"GIF89a".to_vec();
    out.extend_from_slice(&screen.0.to_le_bytes());
    out.extend_from_slice(&screen.1.to_le_bytes());
    // A global palette of two colours, black and white.
    out.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]);
    out.push(0x2C);
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(&frame.0.to_le_bytes());
    out.extend_from_slice(&frame.1.to_le_bytes());
    out.push(0);
    // LZW of minimum code size 2 (three-bit codes): "clear" then "end", in one byte.
    out.extend_from_slice(&[2, 1, 0x2C, 0]);
    out.push(0x3B);
    out
}

/// A real zip archive holding one small text file.
pub fn zip() -> Vec<u8> {
    let name = b"bike.txt";
    let data = b"not a photo of a bike";
    let crc = crc32(data).to_le_bytes();
    let size = (data.len() as u32).to_le_bytes();
    let name_len = (name.len() as u16).to_le_bytes();
    let mut out = b"PK\x03\x04\x14\0\0\0\0\0\0\0\0\0".to_vec();
    out.extend_from_slice(&crc);
    out.extend_from_slice(&size);
    out.extend_from_slice(&size);
    out.extend_from_slice(&name_len);
    out.extend_from_slice(&[0, 0]);
    out.extend_from_slice(name);
    out.extend_from_slice(data);
    let directory_at = (out.len() as u32).to_le_bytes();
    let mut directory = b"PK\x01\x02\x14\0\x14\0\0\0\0\0\0\0\0\0".to_vec();
    directory.extend_from_slice(&crc);
    directory.extend_from_slice(&size);
    directory.extend_from_slice(&size);
    directory.extend_from_slice(&name_len);
    // No extra field, comment or attributes; the file's header is at offset 0.
    directory.extend_from_slice(&[0; 16]);
    directory.extend_from_slice(name);
    let directory_len = (directory.len() as u32).to_le_bytes();
    out.extend_from_slice(&directory);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0\x01\0\x01\0");
    out.extend_from_slice(&directory_len);
    out.extend_from_slice(&directory_at);
    out.extend_from_slice(&[0, 0]);
    out
}

/// The PNG signature and then a zip archive: the start says PNG, the rest is not.
pub fn png_signature_then_zip() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(zip());
    out
}

/// A tiny file that claims to be a 20000×20000 PNG (1.2 GB of pixels when decoded).
pub fn decompression_bomb() -> Vec<u8> {
    let mut ihdr = 20_000u32.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&20_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
    file.extend(png_chunk(b"IHDR", &ihdr));
    file.extend(png_chunk(
        b"IDAT",
        &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    ));
    file.extend(png_chunk(b"IEND", &[]));
    file
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(bytes);
    crc.sum()
}
