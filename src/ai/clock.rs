//! Time management for clock-based play (UCI's `go wtime … winc … movestogo`, XBoard's
//! `level` and `time`): how much of the clock one decision may spend.

use crate::ai::Limits;

/// The mover's clock as a protocol reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    /// Time left on the mover's clock, in milliseconds.
    pub time_ms: u64,
    /// Time added after each move, in milliseconds.
    pub inc_ms: u64,
    /// Moves to play before the next time control (None: the rest of the game).
    pub moves_to_go: Option<u32>,
}

/// Milliseconds always left on the clock for the protocol's round trip and the process.
const RESERVE_MS: u64 = 50;
/// Moves the rest of the game is assumed to last when no time control is near.
const MOVES_LEFT: u64 = 30;

/// The budget of one decision on clock `c`: an even share of the time left over the moves
/// still to play (at most [`MOVES_LEFT`]), plus most of the increment; never more than a
/// third of what is left above a small reserve (the whole of it for the last move before a
/// time control), so a game is never lost on time by thinking; at least a millisecond.
pub fn limits_for(c: &Clock) -> Limits {
    let usable = c.time_ms.saturating_sub(RESERVE_MS.min(c.time_ms / 2));
    let moves = c.moves_to_go.map_or(MOVES_LEFT, |m| u64::from(m).clamp(1, MOVES_LEFT));
    let share = usable / moves + c.inc_ms * 3 / 4;
    let cap = if moves == 1 { usable * 4 / 5 } else { usable / 3 };
    Limits::time(share.min(cap).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(c: Clock) -> u64 {
        limits_for(&c).time_ms.unwrap()
    }

    #[test]
    fn a_share_of_the_clock_plus_most_of_the_increment() {
        assert_eq!(ms(Clock { time_ms: 60_050, inc_ms: 0, moves_to_go: None }), 2000);
        assert_eq!(ms(Clock { time_ms: 60_050, inc_ms: 1000, moves_to_go: None }), 2750);
        assert_eq!(ms(Clock { time_ms: 10_050, inc_ms: 0, moves_to_go: Some(10) }), 1000);
    }

    #[test]
    fn never_spends_the_whole_clock() {
        // A large increment with little time left: a third of it at most.
        assert_eq!(ms(Clock { time_ms: 350, inc_ms: 5000, moves_to_go: None }), 100);
        // The last move before the control: most of it, never all.
        assert_eq!(ms(Clock { time_ms: 1050, inc_ms: 0, moves_to_go: Some(1) }), 800);
        assert_eq!(ms(Clock { time_ms: 0, inc_ms: 0, moves_to_go: None }), 1);
        assert!(ms(Clock { time_ms: 20, inc_ms: 0, moves_to_go: Some(1) }) < 20);
    }
}
