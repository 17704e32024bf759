//! One node in both games: the state each reaches by the same line, what each shows
//! there (legal actions, who acts, result and rule), and the differences, each with the
//! signature it is grouped by.

use super::{Line, Root};
use crate::engine::{ChosenAs, Move, MoveList, State, Status};
use crate::ir::Game;
use std::collections::BTreeSet;

/// A position of one game: its state and the keys of the positions before it.
#[derive(Debug, Clone)]
pub struct Side {
    /// The state.
    pub st: State,
    /// Keys of the earlier positions (for repetition).
    pub hist: Vec<u64>,
}

impl Side {
    /// The position after an action of `view` (this position's view).
    fn follow(&self, g: &Game, view: &View, action: &str) -> Option<Side> {
        let i = view.actions.iter().position(|a| a == action)?;
        let m = view.list.moves[i];
        let mut next = self.clone();
        next.hist.push(g.position_key(&self.st));
        g.apply(&mut next.st, &m, view.list.effects_of(&m));
        Some(next)
    }

    /// Plays one action (a notation); false when it is not legal here.
    pub fn play(&mut self, g: &Game, action: &str) -> bool {
        g.play_line(&mut self.st, &mut self.hist, [action]).is_ok()
    }
}

/// The same line played in both games.
#[derive(Debug, Clone)]
pub struct Pair {
    /// In the old game.
    pub old: Side,
    /// In the new game.
    pub new: Side,
}

impl Pair {
    /// The root of a line in both games (None when a case's position string is not one
    /// of both games').
    pub fn root(old: &Game, new: &Game, root: &Root) -> Option<Pair> {
        let side = |g: &Game| match root {
            Root::Start => Some(Side { st: g.initial(), hist: vec![] }),
            Root::Case { fen, .. } => g.parse_position(fen).ok().map(|st| Side { st, hist: vec![] }),
        };
        Some(Pair { old: side(old)?, new: side(new)? })
    }

    /// Plays a whole line from its root (None when an action is illegal in either game).
    pub fn reach(old: &Game, new: &Game, line: &Line) -> Option<Pair> {
        let mut p = Pair::root(old, new, &line.root)?;
        line.actions.iter().all(|a| p.play(old, new, a)).then_some(p)
    }

    /// Plays an action in both games; false when it is illegal in either.
    pub fn play(&mut self, old: &Game, new: &Game, action: &str) -> bool {
        self.old.play(old, action) && self.new.play(new, action)
    }

    /// The pair after an action legal in both games at `node` (this pair's node),
    /// applied from the node's move lists (no second move generation).
    pub fn follow(&self, old: &Game, new: &Game, node: &Node, action: &str) -> Option<Pair> {
        Some(Pair { old: self.old.follow(old, &node.old, action)?, new: self.new.follow(new, &node.new, action)? })
    }

    /// A key for "this position was compared already".
    pub fn key(&self, old: &Game, new: &Game) -> (u64, u64) {
        (old.position_key(&self.old.st), new.position_key(&self.new.st))
    }
}

/// What one game shows at a node.
#[derive(Debug, Clone)]
pub struct View {
    /// The legal actions (none when the game is over), with their notations.
    pub list: MoveList,
    /// Their notations, in the order of `list.moves`.
    pub actions: Vec<String>,
    /// Who acts (a player's name, or `chance`); empty when the game is over.
    pub acting: String,
    /// `ongoing`, `draw` or `PLAYER wins`.
    pub result: String,
    /// The source text of the end rule that decided, if one did.
    pub rule: Option<String>,
}

impl View {
    /// What `g` shows at `side` (automatic draw rules on, with the line's history).
    pub fn of(g: &Game, side: &Side) -> View {
        let mut list = MoveList::default();
        let mut scratch = side.st.clone();
        g.has_legal_action(&side.st, &mut list, &mut scratch);
        let (status, rule) = g.judge(&side.st, &list, &side.hist, true);
        let (acting, result) = match status {
            Status::Decision(p) => (g.players[p as usize].clone(), "ongoing".to_string()),
            Status::Chance => ("chance".to_string(), "ongoing".to_string()),
            Status::Over(Some(w)) => (String::new(), format!("{} wins", g.players[w as usize])),
            Status::Over(None) => (String::new(), "draw".to_string()),
        };
        if matches!(status, Status::Over(_)) {
            list.clear();
        }
        let actions = list.moves.iter().map(|m| g.notation(&side.st, m)).collect();
        View { list, actions, acting, result, rule: rule.map(|i| g.ends[i].text.clone()) }
    }

    /// Whether the game goes on here.
    pub fn ongoing(&self) -> bool {
        !self.acting.is_empty()
    }
}

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
                    None => {}
                }
                s
            }
            Shape::Drop => "X@CELL".into(),
            Shape::Choice(step) => format!("{step}:CELL"),
            Shape::Outcome(step) | Shape::Chance(step) => format!("{step}:OUTCOME"),
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
                    None => {}
                }
                s
            }
            Shape::Drop => format!("{piece} drops"),
            Shape::Choice(step) => format!("cell choices at step `{step}`"),
            Shape::Outcome(step) => format!("outcomes of step `{step}`"),
            Shape::Chance(step) => format!("chance outcomes of step `{step}`"),
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

/// An action missing on the other side: its signature, notation, and for piece moves
/// what pairs it with the same move written in another form (the piece, origin, landing
/// cell and promotion).
#[derive(Debug, Clone)]
pub struct Missing {
    /// Its group (as an added or removed action).
    pub signature: Signature,
    /// Its notation.
    pub action: String,
    /// The moving piece, origin, landing cell and promotion, for piece moves.
    pub base: Option<(String, String, String, Option<char>)>,
}

/// A node seen in both games.
#[derive(Debug, Clone)]
pub struct Node {
    /// The old game's view.
    pub old: View,
    /// The new game's view.
    pub new: View,
}

impl Node {
    /// Both views of a pair.
    pub fn of(old: &Game, new: &Game, p: &Pair) -> Node {
        Node { old: View::of(old, &p.old), new: View::of(new, &p.new) }
    }

    /// The actions legal in both games, in the old game's order.
    pub fn common(&self) -> Vec<String> {
        let theirs: BTreeSet<&String> = self.new.actions.iter().collect();
        self.old.actions.iter().filter(|a| theirs.contains(a)).cloned().collect()
    }

    /// The actions of one side missing in the other (sorted).
    pub fn changed(&self, old: &Game, new: &Game, p: &Pair, change: Change) -> Vec<Missing> {
        let (mine, theirs, g, st) = match change {
            Change::Removed => (&self.old, &self.new, old, &p.old.st),
            Change::Added => (&self.new, &self.old, new, &p.new.st),
        };
        let theirs: BTreeSet<&String> = theirs.actions.iter().collect();
        let mut out: Vec<Missing> = (mine.list.moves.iter().zip(&mine.actions))
            .filter(|(_, a)| !theirs.contains(a))
            .map(|(m, a)| {
                let (piece, shape) = form(g, st, m, old, &p.old.st);
                let base = m.piece().map(|pm| {
                    let (from, to) = (g.board.name(pm.from).to_string(), g.board.name(pm.to).to_string());
                    (piece.clone(), from, to, pm.promo.map(|t| g.types[t as usize].letter))
                });
                Missing { signature: Signature::Action { change, piece, shape }, action: a.clone(), base }
            })
            .collect();
        out.sort_by(|a, b| a.action.cmp(&b.action));
        out
    }

    /// Every difference here, with the actions concerned (for action differences).
    /// A changed result hides the action lists (a finished game has none), a changed
    /// actor hides them too (the actions of another actor differ anyway).
    pub fn differences(&self, old: &Game, new: &Game, p: &Pair) -> Vec<(Signature, Vec<String>)> {
        let (o, n) = (&self.old, &self.new);
        if o.result != n.result {
            return vec![(Signature::Result { old: o.result.clone(), new: n.result.clone() }, vec![])];
        }
        if o.acting != n.acting {
            return vec![(Signature::Acting { old: o.acting.clone(), new: n.acting.clone() }, vec![])];
        }
        if o.rule != n.rule {
            let text = |r: &Option<String>| r.clone().unwrap_or_else(|| "-".into());
            return vec![(Signature::Rule { old: text(&o.rule), new: text(&n.rule) }, vec![])];
        }
        let removed = self.changed(old, new, p, Change::Removed);
        let added = self.changed(old, new, p, Change::Added);
        let mut out: Vec<(Signature, Vec<String>)> = vec![];
        let mut file = |sig: Signature, a: &str| match out.iter_mut().find(|(s, _)| *s == sig) {
            Some((_, v)) => v.push(a.to_string()),
            None => out.push((sig, vec![a.to_string()])),
        };
        for (mine, theirs) in [(&removed, &added), (&added, &removed)] {
            for m in mine {
                let twin = theirs.iter().find(|t| t.base.is_some() && t.base == m.base);
                match twin.map(|t| reshaped(m, t)) {
                    Some(sig) => file(sig, &m.action),
                    None => file(m.signature.clone(), &m.action),
                }
            }
        }
        out
    }
}

/// The signature of a removed and an added action that are the same move written in
/// two forms (in either order).
fn reshaped(a: &Missing, b: &Missing) -> Signature {
    let (r, n) = match &a.signature {
        Signature::Action { change: Change::Removed, .. } => (a, b),
        _ => (b, a),
    };
    let shape = |m: &Missing| match &m.signature {
        Signature::Action { shape, .. } => shape.clone(),
        _ => Shape::Drop,
    };
    let piece = r.base.as_ref().map(|b| b.0.clone()).unwrap_or_default();
    Signature::Reshaped { piece, old: shape(r), new: shape(n) }
}

/// An action's moving piece type (named as in the old game when its origin is an old
/// cell holding a piece) and its shape. `g`/`st` are the game and state holding it.
fn form(g: &Game, st: &State, m: &Move, old: &Game, old_st: &State) -> (String, Shape) {
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
            });
            let shape = Shape::Move { stack: pm.stack != 0, promotes: pm.promo.is_some(), chooses };
            (piece, shape)
        }
        Move::Drop { ty, .. } => (g.types[ty as usize].name.clone(), Shape::Drop),
        Move::Choose(_) => (String::new(), Shape::Choice(step())),
        Move::Outcome(_) => (String::new(), Shape::Outcome(step())),
        Move::Chance(_) => (String::new(), Shape::Chance(step())),
    }
}

/// The type name of a piece kind (`piece` for an empty cell).
fn type_name(g: &Game, kind: u8) -> String {
    if kind == 0 { "piece".into() } else { g.types[g.kind_type[kind as usize] as usize].name.clone() }
}
