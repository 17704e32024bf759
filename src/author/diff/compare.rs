//! One node in both games: the state each reaches by the same line, what each shows
//! there (legal actions, who acts, result and rule), and the differences, each with the
//! signature it is grouped by ([`super::signature`]).

use super::signature::{Change, Shape, Signature, form};
use super::{Line, Root};
use crate::engine::{MoveList, State, Status};
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
        let actions = list.moves.iter().map(|m| g.notation_in(&side.st, &list, m)).collect();
        View { list, actions, acting, result, rule: rule.map(|i| g.ends[i].text.clone()) }
    }

    /// Whether the game goes on here.
    pub fn ongoing(&self) -> bool {
        !self.acting.is_empty()
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
