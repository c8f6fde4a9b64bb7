//! How a long byte range of a stored file is read: in pieces that start small and grow.
//!
//! A media player asks for `bytes=0-` (the whole rest of the file) and then reads only what it
//! needs before it cancels or seeks. Reading such a range from R2 in one `get` makes the first
//! byte wait for the object store to open the whole range (locally, in proportion to its length:
//! ~0.3 s for 50 MB), and keeps reading after the player has gone. Reading it in pieces, one
//! `get` each, requested only when the previous piece has been sent, answers the first byte after
//! a small read and stops with the client. Pieces double so that a whole-file download still
//! takes few operations (a 2 GiB file: about 520 `get`s, a thousandth of a cent).

/// The first piece: what a player needs to start (the header and a few seconds of media).
pub const FIRST_PIECE: u64 = 256 * 1024;
/// The largest piece: bounds what a piece costs in time and in memory in flight.
pub const MAX_PIECE: u64 = 4 * 1024 * 1024;

/// The `(offset, length)` pieces that cover `length` bytes from `offset`, in order.
pub fn read_pieces(offset: u64, length: u64) -> impl Iterator<Item = (u64, u64)> {
    let end = offset.saturating_add(length);
    let mut at = offset;
    let mut piece = FIRST_PIECE;
    std::iter::from_fn(move || {
        if at >= end {
            return None;
        }
        let this = piece.min(end - at);
        let item = (at, this);
        at += this;
        piece = (piece * 2).min(MAX_PIECE);
        Some(item)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_range_exactly_in_order() {
        for (offset, length) in
            [(0, 1), (0, FIRST_PIECE), (7, FIRST_PIECE + 1), (1000, 50_000_000), (3, 2 * 1024 * 1024 * 1024)]
        {
            let pieces: Vec<_> = read_pieces(offset, length).collect();
            let mut at = offset;
            for &(start, len) in &pieces {
                assert_eq!(start, at, "pieces are contiguous");
                assert!(len > 0 && len <= MAX_PIECE);
                at += len;
            }
            assert_eq!(at, offset + length, "pieces end where the range ends");
        }
    }

    #[test]
    fn the_first_piece_is_small_and_pieces_grow_to_the_maximum() {
        let lengths: Vec<u64> = read_pieces(0, 40 * 1024 * 1024).map(|(_, len)| len).collect();
        assert_eq!(lengths[0], FIRST_PIECE);
        assert_eq!(lengths[1], 2 * FIRST_PIECE);
        let (_, all_but_last) = lengths.split_last().unwrap();
        assert!(all_but_last.windows(2).all(|w| w[1] >= w[0]), "pieces never shrink but for the last");
        assert_eq!(*lengths.iter().max().unwrap(), MAX_PIECE);
    }

    #[test]
    fn a_whole_hour_long_file_takes_few_reads() {
        // 2 GiB, the per-participation limit: bounded by the maximum piece.
        assert!(read_pieces(0, 2 * 1024 * 1024 * 1024).count() < 520);
        assert_eq!(read_pieces(0, 0).count(), 0);
    }
}
