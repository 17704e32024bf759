//! `interp rules GAME`: the game's rulebook ([`crate::render::rulebook`]).

use super::start::open;

/// Prints the rulebook of `game` opened with `options`; exit status 1 when it does not
/// load.
pub(super) fn rules(game: &str, options: &[String]) -> i32 {
    match open(game, options) {
        Ok(g) => {
            print!("{}", crate::render::rulebook(&g));
            0
        }
        Err(code) => code,
    }
}
