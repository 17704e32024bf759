//! The autosave of `play`: where its record is kept, and offering to resume the unfinished
//! game it holds when `play` starts again.

use super::args::PlayArgs;
use super::play::Line;
use crate::ir::Game;
use crate::record::{GameRecord, Replay, load, may_write, other_version, read_record};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The autosave path of a `play` command line: `--autosave PATH` (never the game file: that
/// is reported and gives exit status 2); else, at a terminal (or with `--resume`),
/// GAME.autosave in the current directory; never with `--no-autosave`.
pub(super) fn path(a: &PlayArgs) -> Result<Option<PathBuf>, i32> {
    if let Some(p) = &a.autosave {
        let p = PathBuf::from(p);
        return match may_write(&p, Path::new(&a.start.game), true) {
            Ok(()) => Ok(Some(p)),
            Err(e) => {
                eprintln!("--autosave {e}");
                Err(2)
            }
        };
    }
    Ok(default_path(a))
}

/// The autosave path when `--autosave` is not given.
fn default_path(a: &PlayArgs) -> Option<PathBuf> {
    if a.no_autosave {
        return None;
    }
    if !a.resume && !std::io::stdin().is_terminal() {
        return None;
    }
    let stem = Path::new(&a.start.game).file_stem().map(|s| s.to_string_lossy().into_owned());
    Some(PathBuf::from(format!("{}.autosave", stem.unwrap_or_else(|| "game".into()))))
}

/// Offers the game autosaved at `path`: `Ok(Some)` to resume it, `Ok(None)` to start anew
/// (no record, `--no-resume`, a record that does not load, or the person said no), and
/// `Err(2)` when `--resume` finds nothing to resume.
pub(super) fn offer(
    g: &Game,
    a: &PlayArgs,
    path: &Path,
    lines: &mut impl Iterator<Item = Line>,
) -> Result<Option<(GameRecord, Replay)>, i32> {
    let shown = path.display();
    if !path.exists() {
        if a.resume {
            eprintln!("--resume: no game was autosaved at {shown}");
            return Err(2);
        }
        return Ok(None);
    }
    if a.no_resume {
        return Ok(None);
    }
    if let Ok(rec) = read_record(path, 1)
        && let Ok(bytes) = crate::files::read_bytes(Path::new(&a.start.game))
        && let Some(w) = other_version(&rec, &bytes)
    {
        eprintln!("warning: {w}");
    }
    let loaded = match load(g, &a.start.game, path, 1) {
        Ok(l) => l,
        Err(e) if a.resume => {
            eprintln!("--resume: cannot load {shown}: {e}");
            return Err(2);
        }
        Err(e) => {
            println!("the autosave {shown} cannot be resumed ({e}); it will be replaced");
            return Ok(None);
        }
    };
    if a.resume {
        return Ok(Some(loaded));
    }
    println!("an unfinished game was autosaved after {} actions ({shown}): resume it? [Y/n]", loaded.1.actions.len());
    let yes = match lines.next() {
        Some(Line::Text(t)) => !t.trim().to_ascii_lowercase().starts_with('n'),
        Some(Line::NotText) => true,
        None => false,
    };
    Ok(yes.then_some(loaded))
}
