//! STUB
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
pub struct CleanImage {
    pub bytes: Vec<u8>,
    pub extension: &'static str,
    pub content_type: &'static str,
}
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    #[error("not")]
    NotAnImage,
    #[error("large")]
    TooLarge,
    #[error("px")]
    TooManyPixels,
    #[error("corrupt")]
    Corrupt,
}
pub fn sanitize(_bytes: &[u8]) -> Result<CleanImage, ImageError> {
    Err(ImageError::NotAnImage)
}
