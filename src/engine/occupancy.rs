//! A node's occupied cells as a bitset, and the attack tables' lines and leaps read
//! against it: the judgement of a royal piece's steps looks at the pieces on a line or at
//! a leap's origins without walking cell by cell.

use crate::board::Cell;
use crate::ir::limits::CELL_WORDS;
use crate::ir::{Kind, LineBits};

/// The cells of `board` holding a piece (a kind other than 0), a bit each; the board has
/// at most `CELL_WORDS * 64` cells.
pub(crate) fn occupancy(board: &[Kind]) -> [u64; CELL_WORDS] {
    let mut occ = [0u64; CELL_WORDS];
    for (word, cells) in occ.iter_mut().zip(board.chunks(64)) {
        if let Ok(cells) = <&[Kind; 64]>::try_from(cells) {
            *word = (0..8).fold(0, |w, j| w | nonzero_bytes(u64::from_le_bytes(byte8(cells, j))) << (j * 8));
        } else {
            *word = cells.iter().enumerate().fold(0, |w, (i, &k)| w | ((k != 0) as u64) << i);
        }
    }
    occ
}

/// Bytes `8 * j` to `8 * j + 7` of a word's cells.
#[inline(always)]
fn byte8(cells: &[Kind; 64], j: usize) -> [u8; 8] {
    let mut b = [0u8; 8];
    b.copy_from_slice(&cells[j * 8..j * 8 + 8]);
    b
}

/// A bit for each byte of `x` that is not zero, byte `i` to bit `i`.
#[inline]
fn nonzero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The nearest cell of a line held as bits with a piece on it, in `occ`.
#[inline]
pub(crate) fn first_on(l: &LineBits, occ: &[u64; CELL_WORDS]) -> Option<Cell> {
    let x = l.bits & occ[l.word as usize];
    let i = if l.up { x.trailing_zeros() } else { 63 - x.leading_zeros() };
    (x != 0).then(|| (l.word as u32 * 64 + i) as Cell)
}

/// The cells of `bits` (one word of a bitset, word `word`) that hold a piece, in `occ`.
#[inline]
pub(crate) fn occupied_in(word: u8, bits: u64, occ: &[u64; CELL_WORDS]) -> impl Iterator<Item = Cell> {
    let mut x = bits & occ[word as usize];
    std::iter::from_fn(move || {
        let i = (x != 0).then(|| x.trailing_zeros())?;
        x &= x - 1;
        Some((word as u32 * 64 + i) as Cell)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancy_sets_a_bit_for_every_piece_and_no_other() {
        for n in [1usize, 7, 8, 9, 63, 64, 65, 90, 256] {
            let board: Vec<Kind> = (0..n).map(|c| [0, 1, 0, 0, 255, 128, 0, 127][(c * 7 + n) % 8]).collect();
            let occ = occupancy(&board);
            for c in 0..CELL_WORDS * 64 {
                let bit = occ[c / 64] >> (c % 64) & 1 == 1;
                assert_eq!(bit, board.get(c).is_some_and(|&k| k != 0), "{n} cells, cell {c}");
            }
        }
    }

    #[test]
    fn a_line_finds_its_nearest_piece_either_way() {
        let occ = [0b1010_0100, 1 << 3, 0, 0];
        let up = LineBits { word: 0, up: true, bits: 0b1111_1000 };
        let down = LineBits { word: 0, up: false, bits: 0b0111_1111 };
        assert_eq!(first_on(&up, &occ), Some(5));
        assert_eq!(first_on(&down, &occ), Some(5));
        assert_eq!(first_on(&LineBits { word: 0, up: true, bits: 0b1_0000_0000 }, &occ), None);
        assert_eq!(first_on(&LineBits { word: 1, up: false, bits: 0b1111 }, &occ), Some(67));
        assert_eq!(occupied_in(0, 0b1111_0000, &occ).collect::<Vec<_>>(), vec![5, 7]);
    }
}
