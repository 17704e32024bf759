//! `sees(X, DIRS, Y)`: whether a piece of one type has a piece of another as the nearest
//! piece along a line (the generals facing each other on an open file).

use crate::board::{Cell, NONE};
use crate::engine::state::State;
use crate::ir::Game;

impl Game {
    /// Whether some piece of a type in `from` has, along one of the absolute directions
    /// `dirs`, a piece of a type in `to` as the first piece it meets. A line ends at the
    /// board's edge and at a fork, and after as many steps as the board has cells (links
    /// may make a line run in a circle).
    pub fn sees(&self, st: &State, from: u64, dirs: &[u8], to: u64) -> bool {
        let of = |k: u8, mask: u64| k != 0 && mask & (1 << self.kind_type[k as usize]) != 0;
        // Royal types: each player's one royal piece is tracked, so there is no board to scan.
        let royal = self.types.iter().enumerate().filter(|(_, t)| t.royal).fold(0u64, |m, (i, _)| m | 1 << i);
        let tracked = from & !royal == 0 && st.royal.iter().all(|&r| r != NONE);
        let cells: &mut dyn Iterator<Item = usize> =
            if tracked { &mut st.royal.iter().map(|&r| r as usize) } else { &mut (0..st.board.len()) };
        for c in cells {
            let k = st.board[c];
            if !of(k, from) {
                continue;
            }
            for &d in dirs {
                let mut x = c as Cell;
                let mut left = st.board.len();
                while let [t] = self.board.targets(x, d)
                    && left > 0
                {
                    left -= 1;
                    let k = st.board[*t as usize];
                    if k != 0 {
                        if of(k, to) {
                            return true;
                        }
                        break;
                    }
                    x = *t;
                }
            }
        }
        false
    }
}
