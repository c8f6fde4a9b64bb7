//! Cutting MediaRecorder's chunks (one a second) into upload chunks of at most `chunkMaxBytes`,
//! numbered from 0 within the segment (ADR 0005).
//!
//! A MediaRecorder chunk is almost always far below the limit and becomes exactly one upload
//! chunk; a rare big one (a burst of key frames) is cut into byte ranges. Only sizes and ranges are
//! computed here: the bytes stay in the browser's Blob, which `slice` cuts without copying.

/// One upload chunk: bytes `[start, end)` of a MediaRecorder chunk, sent as chunk `index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub index: u32,
    pub start: u64,
    pub end: u64,
}

impl Piece {
    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

/// Numbers the upload chunks of one segment and splits the big ones.
#[derive(Debug)]
pub struct Splitter {
    max: u64,
    next_index: u32,
}

impl Splitter {
    /// A zero maximum is treated as 1, so a bad server answer cannot make `split` loop forever.
    pub fn new(max_bytes: u64) -> Self {
        Splitter { max: max_bytes.max(1), next_index: 0 }
    }

    /// The upload chunks of a MediaRecorder chunk of `size` bytes, in order; none when it is empty.
    /// The pieces are as even as possible (a 4.1 MiB chunk becomes two of ~2 MiB, not 4 MiB and
    /// 0.1 MiB), which keeps every request of similar length.
    pub fn split(&mut self, size: u64) -> Vec<Piece> {
        if size == 0 {
            return Vec::new();
        }
        let count = size.div_ceil(self.max);
        let mut pieces = Vec::with_capacity(count as usize);
        let mut start = 0;
        for i in 0..count {
            // The first `size % count` pieces get one byte more.
            let len = size / count + u64::from(i < size % count);
            pieces.push(Piece { index: self.next_index, start, end: start + len });
            self.next_index = self.next_index.saturating_add(1);
            start += len;
        }
        pieces
    }

    /// Upload chunks numbered so far.
    pub fn count(&self) -> u32 {
        self.next_index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_chunk_is_one_piece_and_indexes_count_from_zero() {
        let mut s = Splitter::new(4 * 1024 * 1024);
        assert_eq!(s.split(140_000), vec![Piece { index: 0, start: 0, end: 140_000 }]);
        assert_eq!(s.split(1), vec![Piece { index: 1, start: 0, end: 1 }]);
        assert_eq!(
            s.split(4 * 1024 * 1024),
            vec![Piece { index: 2, start: 0, end: 4 * 1024 * 1024 }],
            "exactly the maximum is one piece"
        );
        assert_eq!(s.count(), 3);
    }

    #[test]
    fn empty_chunks_take_no_index() {
        let mut s = Splitter::new(10);
        assert!(s.split(0).is_empty());
        assert_eq!(s.split(3)[0].index, 0);
    }

    #[test]
    fn a_big_chunk_is_cut_into_even_contiguous_pieces_under_the_maximum() {
        for (max, size) in [(10u64, 11u64), (10, 20), (10, 21), (7, 1000), (4_194_304, 4_194_305), (3, 3), (1, 5)] {
            let mut s = Splitter::new(max);
            s.split(1);
            let pieces = s.split(size);
            assert_eq!(pieces.len() as u64, size.div_ceil(max), "{max} {size}");
            assert!(pieces.iter().all(|p| !p.is_empty() && p.len() <= max));
            let (shortest, longest) = (pieces.iter().map(Piece::len).min(), pieces.iter().map(Piece::len).max());
            assert!(longest.zip(shortest).is_some_and(|(l, s)| l - s <= 1), "even: {pieces:?}");
            assert_eq!(pieces[0].start, 0);
            assert_eq!(pieces.last().map(|p| p.end), Some(size));
            assert!(pieces.windows(2).all(|w| w[0].end == w[1].start && w[1].index == w[0].index + 1));
            assert_eq!(pieces[0].index, 1, "numbering continues across MediaRecorder chunks");
        }
    }

    #[test]
    fn zero_maximum_does_not_hang() {
        assert_eq!(Splitter::new(0).split(2).len(), 2);
    }
}
