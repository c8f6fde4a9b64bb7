//! Entry thumbnails (ADR 0008): a small JPEG the participant's tab takes from the screen a few
//! seconds in, so the researcher recognises a participation at a glance. Only a JPEG of a few
//! kilobytes is stored; anything else is refused before it reaches R2.
//!
//! The bytes come from a participant's tab and are hostile input, and every researcher's browser
//! decodes them: the check walks the JPEG's marker segments (bounded by the 256 KiB body, every
//! offset checked) to its frame header, and refuses a picture whose declared size would make the
//! viewer allocate far more than a thumbnail (a 256 KiB JPEG can declare 65 535 × 65 535 pixels,
//! 16 GiB once decoded).

use crate::error_code::Fixed;
/// A 320 px wide JPEG of a screen is ~10–40 KB; this leaves room without letting the route store
/// arbitrary files.
pub const MAX_BYTES: u64 = 256 * 1024;
pub const CONTENT_TYPE: &str = "image/jpeg";

/// The tab draws the screen 320 px wide, so the height follows the shared surface's shape: a
/// 1:40 window gives 320 × 12 800. 4 Mi pixels (16 MiB decoded as RGBA) covers that and refuses
/// decompression bombs.
pub const MAX_PIXELS: u64 = 4 * 1024 * 1024;

/// Why a thumbnail is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThumbnailError {
    Empty,
    TooLarge,
    /// The content type is not `image/jpeg` (415).
    NotJpegType,
    /// The bytes are not a JPEG (400): no SOI, no EOI, a segment past the end, or no frame header.
    NotJpeg,
    /// The frame header declares no pixels or more than [`MAX_PIXELS`] (400).
    TooManyPixels,
}

impl ThumbnailError {
    /// The answer's code, which owns its status and wording.
    pub fn code(self) -> Fixed {
        match self {
            ThumbnailError::Empty => Fixed::EmptyThumbnail,
            ThumbnailError::TooLarge => Fixed::ThumbnailTooLarge,
            ThumbnailError::NotJpegType => Fixed::NotJpegType,
            ThumbnailError::NotJpeg => Fixed::NotJpeg,
            ThumbnailError::TooManyPixels => Fixed::ThumbnailTooManyPixels,
        }
    }
}

/// Checks the request before its body is read: the content type and the declared length, which
/// is returned as the number of bytes to read (at most [`MAX_BYTES`], so it fits any `usize`).
pub fn check_request(content_type: Option<&str>, declared_len: u64) -> Result<usize, ThumbnailError> {
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
    usize::try_from(declared_len).map_err(|_| ThumbnailError::TooLarge)
}

/// Checks the bytes: a JPEG starts with SOI (`FF D8`), ends with EOI (`FF D9`), and its marker
/// segments lead, within the bytes, to a frame header (SOF) of at most [`MAX_PIXELS`].
pub fn check_bytes(bytes: &[u8]) -> Result<(), ThumbnailError> {
    if bytes.is_empty() {
        return Err(ThumbnailError::Empty);
    }
    if bytes.len() < 4 || !bytes.starts_with(&[0xFF, 0xD8, 0xFF]) || !bytes.ends_with(&[0xFF, 0xD9]) {
        return Err(ThumbnailError::NotJpeg);
    }
    let (width, height) = frame_size(bytes).ok_or(ThumbnailError::NotJpeg)?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels == 0 || pixels > MAX_PIXELS {
        return Err(ThumbnailError::TooManyPixels);
    }
    Ok(())
}

/// The (width, height) of the first frame header, walking the segments after SOI; None when a
/// segment runs past the end or the scan data (SOS) starts first. Each step moves forward by at
/// least 2 bytes, so the walk ends within the (≤ 256 KiB) body.
fn frame_size(bytes: &[u8]) -> Option<(u16, u16)> {
    let word = |at: usize| bytes.get(at..at.checked_add(2)?).map(|b| u16::from_be_bytes([b[0], b[1]]));
    let mut at = 2usize;
    loop {
        if *bytes.get(at)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(at + 1)?;
        match marker {
            // Fill bytes before a marker.
            0xFF => at += 1,
            // Markers without a length: TEM and RST0..7.
            0x01 | 0xD0..=0xD7 => at += 2,
            // Scan data before any frame header, or a second SOI / an early EOI.
            0xDA | 0xD8 | 0xD9 | 0x00 => return None,
            _ => {
                let length = usize::from(word(at + 2)?);
                if length < 2 {
                    return None;
                }
                // SOF0..15, except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
                if matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
                    if length < 8 {
                        return None;
                    }
                    return Some((word(at + 7)?, word(at + 5)?));
                }
                at = at.checked_add(2 + length)?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_small_jpegs_pass() {
        assert_eq!(check_request(Some("image/jpeg"), 20_000), Ok(20_000));
        assert_eq!(check_request(Some("IMAGE/JPEG; q=1"), 1), Ok(1));
        assert_eq!(check_request(Some("image/jpeg"), u64::MAX), Err(ThumbnailError::TooLarge));
        assert_eq!(check_request(Some("image/png"), 20_000), Err(ThumbnailError::NotJpegType));
        assert_eq!(check_request(None, 20_000), Err(ThumbnailError::NotJpegType));
        assert_eq!(check_request(Some("image/jpeg"), 0), Err(ThumbnailError::Empty));
        assert_eq!(check_request(Some("image/jpeg"), MAX_BYTES + 1), Err(ThumbnailError::TooLarge));
        assert_eq!(ThumbnailError::TooLarge.code().code().status(), 413);
        assert_eq!(ThumbnailError::NotJpegType.code().code().status(), 415);
    }

    /// SOI, an APP0 of `app` bytes, a baseline frame header of `width` × `height`, EOI.
    fn jpeg(app: usize, width: u16, height: u16) -> Vec<u8> {
        let mut out = vec![0xFF, 0xD8, 0xFF, 0xE0];
        out.extend_from_slice(&u16::try_from(app + 2).unwrap().to_be_bytes());
        out.extend(std::iter::repeat_n(7u8, app));
        out.extend_from_slice(&[0xFF, 0xC0, 0, 11, 8]);
        out.extend_from_slice(&height.to_be_bytes());
        out.extend_from_slice(&width.to_be_bytes());
        out.extend_from_slice(&[1, 1, 0x11, 0, 0xFF, 0xD9]);
        out
    }

    #[test]
    fn the_bytes_must_be_a_jpeg() {
        assert_eq!(check_bytes(&jpeg(14, 320, 180)), Ok(()));
        assert_eq!(check_bytes(&jpeg(0, 320, 12_800)), Ok(()), "a very tall window");
        assert_eq!(
            check_bytes(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xD9]),
            Err(ThumbnailError::NotJpeg),
            "no frame header"
        );
        assert_eq!(check_bytes(&[]), Err(ThumbnailError::Empty));
        assert_eq!(check_bytes(b"\x89PNG\r\n\x1a\n"), Err(ThumbnailError::NotJpeg));
        assert_eq!(check_bytes(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Err(ThumbnailError::NotJpeg));
    }

    #[test]
    fn a_declared_size_past_a_thumbnail_is_refused() {
        // 0.2 KB that a browser would decode into 16 GiB.
        assert_eq!(check_bytes(&jpeg(14, u16::MAX, u16::MAX)), Err(ThumbnailError::TooManyPixels));
        assert_eq!(check_bytes(&jpeg(14, 4096, 4096)), Err(ThumbnailError::TooManyPixels));
        assert_eq!(check_bytes(&jpeg(14, 320, 0)), Err(ThumbnailError::TooManyPixels), "height from a DNL: not ours");
        assert_eq!(ThumbnailError::TooManyPixels.code().code().status(), 400);
        // Segment lengths that run past the end, or loop on themselves, end the walk.
        let mut past = jpeg(14, 320, 180);
        past[4..6].copy_from_slice(&u16::MAX.to_be_bytes());
        assert_eq!(check_bytes(&past), Err(ThumbnailError::NotJpeg));
        let mut zero = jpeg(14, 320, 180);
        zero[4..6].copy_from_slice(&[0, 0]);
        assert_eq!(check_bytes(&zero), Err(ThumbnailError::NotJpeg));
        // Every cut of a real-shaped JPEG is an error or a pass, never a panic.
        let whole = jpeg(40, 320, 180);
        for end in 0..whole.len() {
            let mut cut = whole[..end].to_vec();
            cut.extend_from_slice(&[0xFF, 0xD9]);
            let _ = check_bytes(&cut);
        }
    }
}
