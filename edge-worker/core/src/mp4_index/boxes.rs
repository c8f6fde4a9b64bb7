//! Reading MP4 box headers and big-endian fields, bounded by the slice: `None` past its end.

pub(super) fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

pub(super) fn be64(bytes: &[u8], at: usize) -> Option<u64> {
    bytes.get(at..at + 8).map(|b| u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
}

/// The child boxes of a box body: (type, payload). Stops at the first malformed header.
pub(super) fn children(body: &[u8]) -> impl Iterator<Item = (&[u8; 4], &[u8])> {
    let mut at = 0usize;
    std::iter::from_fn(move || {
        let size = be32(body, at)?;
        let kind: &[u8; 4] = body.get(at + 4..at + 8)?.try_into().ok()?;
        let (header, total) = match size {
            1 => (16usize, usize::try_from(be64(body, at + 8)?).ok()?),
            0 => (8, body.len() - at),
            n => (8, usize::try_from(n).ok()?),
        };
        let payload = body.get(at + header..at.checked_add(total)?)?;
        at += total;
        Some((kind, payload))
    })
}

pub(super) fn child<'a>(body: &'a [u8], want: &[u8; 4]) -> Option<&'a [u8]> {
    children(body).find(|(kind, _)| *kind == want).map(|(_, payload)| payload)
}
