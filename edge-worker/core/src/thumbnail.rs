//! Entry thumbnails (ADR 0008): a small JPEG the participant's tab takes from the screen a few
//! seconds in, so the researcher recognises a participation at a glance. Only a JPEG of a few
//! kilobytes is stored; anything else is refused before it reaches R2.

/// A 320 px wide JPEG of a screen is ~10–40 KB; this leaves room without letting the route store
/// arbitrary files.
pub const MAX_BYTES: u64 = 256 * 1024;
pub const CONTENT_TYPE: &str = "image/jpeg";

pub const EMPTY: &str = "La miniatura está vacía";
pub const TOO_LARGE: &str = "La miniatura supera el tamaño permitido (256 KiB)";
pub const NOT_JPEG: &str = "La miniatura debe ser una imagen JPEG";

/// Why a thumbnail is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThumbnailError {
    Empty,
    TooLarge,
    /// The content type is not `image/jpeg` (415).
    NotJpegType,
    /// The bytes are not a JPEG (400).
    NotJpeg,
}

impl ThumbnailError {
    pub fn status(self) -> u16 {
        match self {
            ThumbnailError::Empty | ThumbnailError::NotJpeg => 400,
            ThumbnailError::TooLarge => 413,
            ThumbnailError::NotJpegType => 415,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            ThumbnailError::Empty => "empty_thumbnail",
            ThumbnailError::TooLarge => "thumbnail_too_large",
            ThumbnailError::NotJpegType | ThumbnailError::NotJpeg => "not_jpeg",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            ThumbnailError::Empty => EMPTY,
            ThumbnailError::TooLarge => TOO_LARGE,
            ThumbnailError::NotJpegType | ThumbnailError::NotJpeg => NOT_JPEG,
        }
    }
}

/// Checks the request before its body is read: the content type and the declared length.
pub fn check_request(content_type: Option<&str>, declared_len: u64) -> Result<(), ThumbnailError> {
    let base = content_type.unwrap_or("").split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    if base != CONTENT_TYPE {
        return Err(ThumbnailError::NotJpegType);
    }
    if declared_len == 0 {
        return Err(ThumbnailError::Empty);
    }
    if declared_len > MAX_BYTES {
        return Err(ThumbnailError::TooLarge);
    }
    Ok(())
}

/// Checks the bytes: a JPEG starts with SOI and a marker (`FF D8 FF`) and ends with EOI (`FF D9`).
pub fn check_bytes(bytes: &[u8]) -> Result<(), ThumbnailError> {
    if bytes.is_empty() {
        return Err(ThumbnailError::Empty);
    }
    if bytes.len() < 4 || !bytes.starts_with(&[0xFF, 0xD8, 0xFF]) || !bytes.ends_with(&[0xFF, 0xD9]) {
        return Err(ThumbnailError::NotJpeg);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_small_jpegs_pass() {
        assert_eq!(check_request(Some("image/jpeg"), 20_000), Ok(()));
        assert_eq!(check_request(Some("IMAGE/JPEG; q=1"), 1), Ok(()));
        assert_eq!(check_request(Some("image/png"), 20_000), Err(ThumbnailError::NotJpegType));
        assert_eq!(check_request(None, 20_000), Err(ThumbnailError::NotJpegType));
        assert_eq!(check_request(Some("image/jpeg"), 0), Err(ThumbnailError::Empty));
        assert_eq!(check_request(Some("image/jpeg"), MAX_BYTES + 1), Err(ThumbnailError::TooLarge));
        assert_eq!(ThumbnailError::TooLarge.status(), 413);
        assert_eq!(ThumbnailError::NotJpegType.status(), 415);
    }

    #[test]
    fn the_bytes_must_be_a_jpeg() {
        assert_eq!(check_bytes(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xD9]), Ok(()));
        assert_eq!(check_bytes(&[]), Err(ThumbnailError::Empty));
        assert_eq!(check_bytes(b"\x89PNG\r\n\x1a\n"), Err(ThumbnailError::NotJpeg));
        assert_eq!(check_bytes(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Err(ThumbnailError::NotJpeg));
    }
}
