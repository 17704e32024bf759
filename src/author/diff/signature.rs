//! What a difference is about, the key its group is kept by: an action's piece type and
//! form (added, removed, or the same move in another form), who acts, the result, the
//! deciding rule.

use crate::engine::{ChosenAs, Move, State};
use crate::ir::Game;

/// Whether an action is in the new game and not in the old, or the other way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Change {
    /// Legal in the new game only.
    Added,
    /// Legal in the old game only.
    Removed,
}

/// What a piece move chooses besides its landing cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Chooses {
    /// A victim (`xCELL`).
    Victim,
    /// A piece to push (`>CELL`).
    Push,
    /// A piece entering from the reserve (`/X`, `/X@CELL`).
    Entry,
    /// A cell written in place of the landing cell (`FROM-CELL`, `written(@m)`).
    Written,
}

/// The form of an action.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    /// A piece moves from a cell to a cell.
    Move {
        /// It leaves a stack (`X:FROM-TO`).
        stack: bool,
        /// It promotes (`=X`).
        promotes: bool,
        /// The mover also chooses a cell.
        chooses: Option<Chooses>,
    },
    /// A piece comes from a reserve (`X@CELL`).
    Drop,
    /// A cell chosen at a step (`STEP:CELL`).
    Choice(String),
    /// A player's outcome at a step (`STEP:OUTCOME`).
    Outcome(String),
    /// A chance outcome at a step.
    Chance(String),
    /// The player passes (`pass`).
    Pass,
}

impl Shape {
    /// How its actions are written: `FROM-TO`, `FROM-TO=XxCELL`, `X@CELL`, `STEP:CELL`.
    pub fn pattern(&self) -> String {
        match self {
            Shape::Move { stack, promotes, chooses } => {
                let mut s = String::from(if *stack { "X:FROM-TO" } else { "FROM-TO" });
                if *promotes {
                    s.push_str("=X");
                }
                match chooses {
                    Some(Chooses::Victim) => s.push_str("xCELL"),
                    Some(Chooses::Push) => s.push_str(">CELL"),
                    Some(Chooses::Entry) => s.push_str("/X"),
                    Some(Chooses::Written) => s = s.replace("-TO", "-CELL"),
                    None => {}
                }
                s
            }
            Shape::Drop => "X@CELL".into(),
            Shape::Choice(step) => format!("{step}:CELL"),
            Shape::Outcome(step) | Shape::Chance(step) => format!("{step}:OUTCOME"),
            Shape::Pass => "pass".into(),
        }
    }

    /// What its actions are, for a piece type: `King moves`, `Knight drops`.
    fn what(&self, piece: &str) -> String {
        match self {
            Shape::Move { stack, promotes, chooses } => {
                let mut s = format!("{piece} moves");
                if *stack {
                    s.push_str(" out of a stack");
                }
                if *promotes {
                    s.push_str(" with promotion");
                }
                match chooses {
                    Some(Chooses::Victim) => s.push_str(" choosing a victim"),
                    Some(Chooses::Push) => s.push_str(" pushing a piece"),
                    Some(Chooses::Entry) => s.push_str(" with an entry from the reserve"),
                    Some(Chooses::Written) => s.push_str(" written with another cell"),
                    None => {}
                }
                s
            }
            Shape::Drop => format!("{piece} drops"),
            Shape::Choice(step) => format!("cell choices at step `{step}`"),
            Shape::Outcome(step) => format!("outcomes of step `{step}`"),
            Shape::Chance(step) => format!("chance outcomes of step `{step}`"),
            Shape::Pass => "passes".into(),
        }
    }
}

/// What a group of differences has in common.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Signature {
    /// Actions of one piece type and shape, added or removed.
    Action {
        /// Added or removed.
        change: Change,
        /// The moving (or dropped) piece type's name; empty for decisions at a step.
        piece: String,
        /// The action's form.
        shape: Shape,
    },
    /// The same piece moves (origin, landing cell, promotion) written in another form:
    /// removed in one shape, added in another (a victim to choose, say).
    Reshaped {
        /// The moving piece type's name.
        piece: String,
        /// The old game's form.
        old: Shape,
        /// The new game's form.
        new: Shape,
    },
    /// Someone else acts (a player, or chance).
    Acting {
        /// In the old game.
        old: String,
        /// In the new game.
        new: String,
    },
    /// The result differs (`ongoing`, `draw`, `PLAYER wins`).
    Result {
        /// In the old game.
        old: String,
        /// In the new game.
        new: String,
    },
    /// The same result, decided by another end rule.
    Rule {
        /// The old game's rule (`-` for none).
        old: String,
        /// The new game's rule.
        new: String,
    },
}

impl Signature {
    /// A changed rule text with the same result matters less than the rest.
    pub fn is_minor(&self) -> bool {
        matches!(self, Signature::Rule { .. })
    }

    /// Its name in a report: `King moves removed`, `Result changed: …`.
    pub fn title(&self) -> String {
        match self {
            Signature::Action { change, piece, shape } => {
                let how = if *change == Change::Added { "added" } else { "removed" };
                format!("{} {how}", shape.what(piece))
            }
            Signature::Reshaped { piece, old, new } => {
                format!("{piece} moves changed form: {} (old) became {} (new)", old.pattern(), new.pattern())
            }
            Signature::Acting { old, new } => format!("Who acts changed: {old} (old), {new} (new)"),
            Signature::Result { old, new } => format!("Result changed: {old} (old), {new} (new)"),
            Signature::Rule { old, new } => format!("Deciding rule changed: `{old}` (old), `{new}` (new)"),
        }
    }
}

/// An action's moving piece type (named as in the old game when its origin is an old
/// cell holding a piece) and its shape. `g`/`st` are the game and state holding it.
pub(super) fn form(g: &Game, st: &State, m: &Move, old: &Game, old_st: &State) -> (String, Shape) {
    let step = || g.pending_step(st).map_or_else(|| "?".to_string(), |s| s.name.clone());
    match *m {
        Move::Piece(pm) => {
            let kind = if pm.stack != 0 { pm.stack } else { st.board[pm.from as usize] };
            let name = old
                .board
                .cell(g.board.name(pm.from))
                .map(|c| old_st.board[c as usize])
                .filter(|&k| k != 0 && pm.stack == 0)
                .map(|k| old.types[old.kind_type[k as usize] as usize].name.clone());
            let piece = name.unwrap_or_else(|| type_name(g, kind));
            let chooses = pm.chosen.map(|c| match c.how {
                ChosenAs::Victim => Chooses::Victim,
                ChosenAs::Pushed => Chooses::Push,
                ChosenAs::Entry(_) => Chooses::Entry,
                ChosenAs::Written => Chooses::Written,
            });
            let shape = Shape::Move { stack: pm.stack != 0, promotes: pm.promo.is_some(), chooses };
            (piece, shape)
        }
        Move::Drop { ty, .. } => (g.types[ty as usize].name.clone(), Shape::Drop),
        Move::Choose(_) => (String::new(), Shape::Choice(step())),
        Move::Outcome(_) => (String::new(), Shape::Outcome(step())),
        Move::Chance(_) => (String::new(), Shape::Chance(step())),
        Move::Pass => (String::new(), Shape::Pass),
    }
}

/// The type name of a piece kind (`piece` for an empty cell).
fn type_name(g: &Game, kind: u8) -> String {
    if kind == 0 { "piece".into() } else { g.types[g.kind_type[kind as usize] as usize].name.clone() }
}
