//! How much memory one decode really takes. This binary counts every byte allocated
//! while the sanitizer works on a file and holds the peak to the decode budget: for
//! files built to blow a decoder up, and for the largest ordinary pictures it accepts.
//! Run with `--nocapture` to see each figure.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use bikehaat::images::{sanitize, CleanImage, ImageError, DECODE_BUDGET};
use image::ImageEncoder;

#[path = "marketplace/support/pictures.rs"]
#[expect(
    dead_code,
    reason = "shared with the marketplace tests, which use the rest"
)]
mod pictures;

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let now = IN_USE.fetch_add(bytes, Ordering::SeqCst) + bytes;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

// SAFETY: every call is passed on to the system allocator unchanged; only counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are the system allocator's.
        let block = unsafe { System.alloc(layout) };
        if !block.is_null() {
            grew(layout.size());
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        if !block.is_null() {
            grew(layout.size());
        }
        block
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `block` came from this allocator with `layout`, as the caller promises.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        if !moved.is_null() {
            if new_size > layout.size() {
                // The old block counts until the copy is done: the peak holds both.
                grew(new_size);
                IN_USE.fetch_sub(layout.size(), Ordering::SeqCst);
            } else {
                IN_USE.fetch_sub(layout.size() - new_size, Ordering::SeqCst);
            }
        }
        moved
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from this allocator with `layout`, as the caller promises.
        unsafe { System.dealloc(block, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One test at a time: the counter is the whole process's, so nothing another test
/// allocates (making its file, checking what was stored) may fall inside a measurement.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Held for a whole test: no other test runs meanwhile.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Makes the file, then sanitizes it alone: the result and the peak bytes allocated
/// during the decode on top of what was in use before.
fn measure(what: &str, make: impl FnOnce() -> Vec<u8>) -> (Result<CleanImage, ImageError>, u64) {
    let file = make();
    let before = IN_USE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let result = sanitize(&file);
    let peak = (PEAK.load(Ordering::SeqCst) - before) as u64;
    eprintln!(
        "{what}: {} KB file, peak {:.1} MiB during the decode, {}",
        file.len() / 1000,
        peak as f64 / (1024.0 * 1024.0),
        match &result {
            Ok(clean) => format!(
                "stored as {} KB of {}",
                clean.bytes.len() / 1000,
                clean.extension
            ),
            Err(refusal) => format!("refused: {refusal:?}"),
        }
    );
    assert!(
        peak <= DECODE_BUDGET,
        "{what} took {peak} bytes, past the budget of {DECODE_BUDGET}"
    );
    (result, peak)
}

#[test]
fn a_twelve_megapixel_phone_photo_is_stored_within_the_budget() {
    let _alone = alone();
    let (result, _) = measure("12 MP JPEG", || pictures::jpeg_photo(4032, 3024, 24, 90));
    let clean = result.expect("a phone photo is accepted");
    let stored = image::load_from_memory(&clean.bytes).expect("stored image");
    assert_eq!((stored.width(), stored.height()), (1600, 1200));
}

#[test]
fn a_16_bit_png_of_6300_pixels_square_is_refused_before_decoding() {
    let _alone = alone();
    let (result, peak) = measure("6300 x 6300 16-bit PNG", || pictures::png_16_bit(6300));
    assert!(
        matches!(result, Err(ImageError::TooManyPixels)),
        "{result:?}"
    );
    assert!(peak < 1024 * 1024, "only the header was read: {peak} bytes");
}

#[test]
fn the_largest_16_bit_png_accepted_stays_within_the_budget() {
    let _alone = alone();
    let (result, peak) = measure("2600 x 2600 16-bit PNG", || pictures::png_16_bit(2600));
    assert!(result.is_ok(), "{result:?}");
    // The picture (40.6 MB) and its downscaled copy (15.4 MB) really were in memory.
    assert!(peak > 50_000_000, "{peak}");
}

#[test]
fn the_largest_rgba_png_accepted_stays_within_the_budget() {
    let _alone = alone();
    let (result, _) = measure("3600 x 3600 RGBA PNG", || {
        let picture = image::RgbaImage::from_fn(3600, 3600, |x, y| {
            image::Rgba([
                (x % 251) as u8,
                (y % 241) as u8,
                90,
                if x < 100 { 0 } else { 255 },
            ])
        });
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(
                picture.as_raw(),
                3600,
                3600,
                image::ExtendedColorType::Rgba8,
            )
            .expect("encode png");
        out
    });
    assert_eq!(result.expect("accepted").extension, "png");
}

#[test]
fn the_largest_lossless_webp_accepted_stays_within_the_budget() {
    let _alone = alone();
    let (result, _) = measure("2800 x 2800 lossless WebP", || {
        let picture = image::RgbaImage::from_fn(2800, 2800, |x, y| {
            image::Rgba([(x % 251) as u8, (y % 241) as u8, 90, 255])
        });
        let mut out = Vec::new();
        image::codecs::webp::WebPEncoder::new_lossless(&mut out)
            .write_image(
                picture.as_raw(),
                2800,
                2800,
                image::ExtendedColorType::Rgba8,
            )
            .expect("encode webp");
        out
    });
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn a_gif_whose_frame_is_huge_is_refused_before_decoding() {
    let _alone = alone();
    let (result, _) = measure("GIF, 64 x 64 screen, 20000 x 20000 frame", || {
        pictures::gif((64, 64), (20_000, 20_000))
    });
    assert!(
        matches!(result, Err(ImageError::TooManyPixels)),
        "{result:?}"
    );
    let (result, _) = measure("GIF, 20000 x 20000 screen, 1 x 1 frame", || {
        pictures::gif((20_000, 20_000), (1, 1))
    });
    assert!(
        matches!(result, Err(ImageError::TooManyPixels)),
        "{result:?}"
    );
}

#[test]
fn the_largest_gif_accepted_stays_within_the_budget() {
    let _alone = alone();
    // A frame narrower than the screen goes through the decoder's own frame buffer
    // before it is copied onto the screen: both are in memory at once.
    // Its palette indices take a buffer of their own too.
    let (result, peak) = measure("GIF, 2680 x 2680 screen, 2679 x 2680 frame", || {
        pictures::gif((2680, 2680), (2679, 2680))
    });
    assert!(peak > 2 * 2679 * 2680 * 4, "{peak}");
    assert!(
        !matches!(result, Err(ImageError::TooManyPixels)),
        "{result:?}"
    );
}

#[test]
fn a_truncated_jpeg_is_refused_as_damaged() {
    let _alone = alone();
    // Cut short in transit: its decoder would fill the missing half with grey.
    let (result, _) = measure("12 MP JPEG cut in half", || {
        let whole = pictures::jpeg_photo(4032, 3024, 24, 90);
        whole[..whole.len() / 2].to_vec()
    });
    assert!(matches!(result, Err(ImageError::Corrupt)), "{result:?}");
}

#[test]
fn a_zip_named_png_is_not_an_image() {
    let _alone = alone();
    let (result, _) = measure("zip archive", pictures::zip);
    assert!(matches!(result, Err(ImageError::NotAnImage)), "{result:?}");
}

#[test]
fn a_png_signature_followed_by_a_zip_is_damaged() {
    let _alone = alone();
    let (result, _) = measure(
        "PNG signature, then a zip",
        pictures::png_signature_then_zip,
    );
    assert!(matches!(result, Err(ImageError::Corrupt)), "{result:?}");
}

#[test]
fn a_png_claiming_20000_pixels_square_is_refused_before_decoding() {
    let _alone = alone();
    let (result, _) = measure(
        "PNG header claiming 20000 x 20000",
        pictures::decompression_bomb,
    );
    assert!(
        matches!(result, Err(ImageError::TooManyPixels)),
        "{result:?}"
    );
}
