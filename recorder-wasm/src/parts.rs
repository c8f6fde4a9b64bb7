//! Re-chunking MediaRecorder's chunks (any size, one per second) into upload parts of exactly
//! `part_size` bytes.
//!
//! R2 multipart needs every part but the last to have the same size, so parts are cut by byte
//! count, never at chunk boundaries. Memory stays bounded: the re-chunker holds at most one
//! partial part; complete parts are handed to the upload queue, which drops them once the server
//! acknowledged them. For WebM it also keeps a copy of part 1, whose header gets the duration
//! written into it when the recording stops (see `webm`).

/// One upload part: `number` counts from 1, as the server's part numbers do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub number: u32,
    pub bytes: Vec<u8>,
}

/// Cuts a byte stream into parts of `part_size` bytes (the last one may be shorter).
#[derive(Debug)]
pub struct Rechunker {
    part_size: usize,
    buf: Vec<u8>,
    next_number: u32,
    keep_first: bool,
    first: Option<Vec<u8>>,
}

impl Rechunker {
    /// `keep_first`: keep a copy of part 1 for a later header fix-up (WebM). A zero part size is
    /// treated as 1 so a bad server answer cannot make `push` loop forever.
    pub fn new(part_size: usize, keep_first: bool) -> Self {
        Rechunker { part_size: part_size.max(1), buf: Vec::new(), next_number: 1, keep_first, first: None }
    }

    /// Appends a chunk; returns every part it completed, in order.
    pub fn push(&mut self, mut chunk: &[u8]) -> Vec<Part> {
        let mut parts = Vec::new();
        while !chunk.is_empty() {
            if self.buf.capacity() == 0 {
                // Allocate the whole part once instead of growing it by doubling (fewer copies).
                self.buf.reserve_exact(self.part_size);
            }
            let take = (self.part_size - self.buf.len()).min(chunk.len());
            self.buf.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
            if self.buf.len() == self.part_size {
                let bytes = std::mem::take(&mut self.buf);
                parts.push(self.emit(bytes));
            }
        }
        parts
    }

    /// The final, possibly short part; `None` when nothing is buffered.
    pub fn finish(&mut self) -> Option<Part> {
        if self.buf.is_empty() {
            return None;
        }
        let bytes = std::mem::take(&mut self.buf);
        Some(self.emit(bytes))
    }

    /// Bytes held in the partial part (always less than `part_size`).
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// Numbers of the parts emitted so far.
    pub fn parts_emitted(&self) -> u32 {
        self.next_number - 1
    }

    /// The kept copy of part 1, if `keep_first` was set and part 1 exists. Taking it frees it.
    pub fn take_first(&mut self) -> Option<Vec<u8>> {
        self.first.take()
    }

    fn emit(&mut self, bytes: Vec<u8>) -> Part {
        let number = self.next_number;
        self.next_number = self.next_number.saturating_add(1);
        if number == 1 && self.keep_first {
            self.first = Some(bytes.clone());
        }
        Part { number, bytes }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 31 % 251) as u8).collect()
    }

    fn run(part_size: usize, input: &[u8], chunk_sizes: &[usize]) -> Vec<Part> {
        let mut r = Rechunker::new(part_size, false);
        let mut parts = Vec::new();
        let mut rest = input;
        for &size in chunk_sizes.iter().cycle() {
            if rest.is_empty() {
                break;
            }
            let (chunk, tail) = rest.split_at(size.min(rest.len()));
            parts.extend(r.push(chunk));
            assert!(r.buffered() < part_size, "holds at most one partial part");
            rest = tail;
        }
        parts.extend(r.finish());
        parts
    }

    #[test]
    fn parts_are_exactly_part_size_except_the_last() {
        let input = stream(10 * 7 + 3);
        for chunks in [&[1][..], &[3], &[7], &[10], &[13, 1, 50], &[1000]] {
            let parts = run(7, &input, chunks);
            assert_eq!(parts.len(), 11);
            assert!(parts[..10].iter().all(|p| p.bytes.len() == 7));
            assert_eq!(parts[10].bytes.len(), 3);
            assert_eq!(parts.iter().map(|p| p.number).collect::<Vec<_>>(), (1..=11).collect::<Vec<_>>());
            assert_eq!(parts.concat_bytes(), input, "chunks {chunks:?}");
        }
    }

    #[test]
    fn exact_multiple_has_no_short_tail_and_empty_stream_has_no_parts() {
        let input = stream(21);
        let parts = run(7, &input, &[5]);
        assert_eq!(parts.len(), 3);
        assert!(parts.iter().all(|p| p.bytes.len() == 7));
        assert!(run(7, &[], &[5]).is_empty());
        let mut r = Rechunker::new(7, false);
        assert!(r.push(&[]).is_empty());
        assert_eq!(r.finish(), None);
    }

    #[test]
    fn one_big_chunk_yields_many_parts_at_once() {
        let mut r = Rechunker::new(4, false);
        r.push(&[9, 9]);
        let parts = r.push(&stream(11));
        assert_eq!(parts.len(), 3);
        assert_eq!(r.buffered(), 1);
        assert_eq!(r.parts_emitted(), 3);
    }

    #[test]
    fn keeps_a_copy_of_part_one_only_when_asked() {
        let input = stream(20);
        let mut r = Rechunker::new(8, true);
        let parts = r.push(&input);
        assert_eq!(r.take_first().as_deref(), Some(&parts[0].bytes[..]));
        assert_eq!(r.take_first(), None, "taking it frees it");
        let mut r = Rechunker::new(8, true);
        r.push(&input[..5]);
        let last = r.finish();
        assert_eq!(r.take_first(), last.map(|p| p.bytes), "a short recording's only part is part 1");
        let mut r = Rechunker::new(8, false);
        r.push(&input);
        assert_eq!(r.take_first(), None);
    }

    #[test]
    fn zero_part_size_does_not_hang() {
        let mut r = Rechunker::new(0, false);
        assert_eq!(r.push(&[1, 2]).len(), 2);
    }

    trait Concat {
        fn concat_bytes(&self) -> Vec<u8>;
    }
    impl Concat for Vec<Part> {
        fn concat_bytes(&self) -> Vec<u8> {
            self.iter().flat_map(|p| p.bytes.iter().copied()).collect()
        }
    }
}
