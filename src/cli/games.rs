//! `interp list`, and the GAME argument of every command resolved by name
//! ([`crate::front::games`]).

use super::args::Cmd;
use crate::front::games::{catalogue, first_sentence, resolve};

/// Every game argument of a command resolved in place ([`resolve`]); an unknown name is
/// reported and gives exit status 2.
pub fn resolve_all(cmd: &mut Cmd) -> Result<(), i32> {
    for game in cmd.games_mut() {
        match resolve(game) {
            Ok(path) => *game = path,
            Err(e) => {
                eprintln!("{e}");
                return Err(2);
            }
        }
    }
    Ok(())
}

/// `interp list`: every game of the [`catalogue`], one line each: the name to type, the
/// display name and the first sentence of its description.
pub fn list() -> i32 {
    let games = catalogue();
    if games.is_empty() {
        eprintln!("no game files under ./games or {}/games", env!("CARGO_MANIFEST_DIR"));
        return 1;
    }
    let width = games.iter().map(|f| f.name.chars().count()).max().unwrap_or(0);
    println!("Games (the name to type, the game, what it is):");
    for f in &games {
        let about = match crate::open(&f.path.to_string_lossy(), &[]) {
            Ok(g) if g.description.trim().is_empty() => format!("{}: (no description)", g.name),
            Ok(g) => format!("{}: {}", g.name, first_sentence(&g.description)),
            Err(_) => format!("(does not load: `interp check {}` says why)", f.path.display()),
        };
        print!("{}", crate::render::rulebook::wrap(&about, &format!("  {:width$}  ", f.name), &" ".repeat(width + 4)));
    }
    println!("Play one with `interp play NAME`; `interp rules NAME` explains its rules.");
    0
}
