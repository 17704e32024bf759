//! What an action did, in words: events derived from the positions before and after it
//! (captures, promotions, drops, pushes, crushes, chance outcomes, check, counters), for
//! any game, so that a text or web front end can report them as they happen.

use crate::board::{Cell, NONE};
use crate::engine::{ChosenAs, Move, MoveList, State};
use crate::ir::{Game, Kind, StepBody};

/// Something an action did.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A piece move took this piece off this cell.
    Capture { cell: Cell, kind: Kind },
    /// A piece was removed by a rule's statement (a chance outcome, a choice).
    Removed { cell: Cell, kind: Kind },
    /// A pushed piece had nowhere to go and was removed.
    Crush { cell: Cell, kind: Kind },
    /// The moving piece, now on `cell`, became another type.
    Promote { cell: Cell, from: Kind, to: Kind },
    /// A piece changed its type where it stands (a setup choice).
    Change { cell: Cell, from: Kind, to: Kind },
    /// A piece entered the board from its owner's reserve.
    Drop { cell: Cell, kind: Kind },
    /// A piece appeared on a cell otherwise.
    Appear { cell: Cell, kind: Kind },
    /// The moving piece pushed the piece on `cell`; its escape is decided next.
    Push { cell: Cell, kind: Kind },
    /// The moving piece left the stack on `cell`.
    Split { cell: Cell, kind: Kind },
    /// Chance chose an outcome of a step, with its probability.
    Outcome { step: String, outcome: String, prob: f64 },
    /// The player to move has its royal piece on `cell` attacked.
    Check { player: u8, cell: Cell, kind: Kind },
    /// A counter (of a player, for per-player ones) changed; `names_player` when its value
    /// is a player (a step is decided by the player it holds).
    Counter { name: String, player: Option<u8>, before: i64, after: i64, names_player: bool },
    /// A player's reserve of a piece type changed (other than by a drop).
    Reserve { player: u8, ty: u8, before: i64, after: i64 },
    /// A per-piece tally of the piece on `cell` changed.
    Tally { cell: Cell, kind: Kind, name: String, before: u8, after: u8 },
    /// The player passed: nothing moved.
    Pass { player: u8 },
    /// A piece move took this piece off this cell, and it went to `player`'s hand as a
    /// piece of type `ty` (`pocket`).
    ToHand { cell: Cell, kind: Kind, player: u8, ty: u8 },
}

/// How an action moved: the moving piece (from, to, kind), the pushed cell, the cell a
/// piece was dropped on.
type Mover = (Option<(Cell, Cell, Kind)>, Option<Cell>, Option<Cell>);

impl Game {
    /// `black's Pawn`: a piece's owner and type name.
    pub fn piece_name(&self, k: Kind) -> String {
        let owner = self.kind_owner[k as usize] as usize;
        format!("{}'s {}", self.factions[owner], self.types[self.kind_type[k as usize] as usize].name)
    }

    /// The events of action `m` (one of `list`, the actions at `before`), which led to
    /// `after`.
    pub fn events(&self, before: &State, list: &MoveList, m: &Move, after: &State) -> Vec<Event> {
        let mut out = vec![];
        if let Some(ev) = self.outcome_event(before, list, m) {
            out.push(ev);
        }
        if *m == Move::Pass {
            out.push(Event::Pass { player: before.to_move });
        }
        let mover = match *m {
            Move::Piece(p) => {
                let k = if p.stack != 0 { p.stack } else { before.board[p.from as usize] };
                if p.stack != 0 {
                    out.push(Event::Split { cell: p.from, kind: k });
                }
                Some((p.from, p.to, k))
            }
            _ => None,
        };
        let pushed = match m {
            Move::Piece(p) => p.chosen.filter(|c| c.how == ChosenAs::Pushed).map(|c| c.cell),
            _ => None,
        };
        let dropped = match *m {
            Move::Drop { to, .. } => Some(to),
            _ => None,
        };
        self.board_events(before, (mover, pushed, dropped), after, &mut out);
        if let Move::Piece(p) = m
            && let Some(c) = p.chosen.filter(|c| c.how == ChosenAs::Pushed)
            && after.board[c.cell as usize] != 0
        {
            out.push(Event::Push { cell: c.cell, kind: after.board[c.cell as usize] });
        }
        self.counter_events(before, m, after, &mut out);
        self.entries_from_reserves(&mut out);
        self.captures_to_hands(before.to_move, &mut out);
        out.extend(self.check_events(after));
        out
    }

    /// A piece that appeared while its owner's reserve of its type went down entered from
    /// that reserve (a rule's `drop`): one event says both.
    fn entries_from_reserves(&self, out: &mut Vec<Event>) {
        let mut i = 0;
        while i < out.len() {
            if let Event::Appear { cell, kind } = out[i] {
                let (ty, owner) = (self.kind_type[kind as usize], self.kind_owner[kind as usize]);
                let spent = out.iter().position(|e| {
                    matches!(*e, Event::Reserve { player, ty: t, before, after } if player == owner && t == ty && after < before)
                });
                if let Some(j) = spent {
                    out[i] = Event::Drop { cell, kind };
                    match &mut out[j] {
                        Event::Reserve { before, after, .. } if *before - *after > 1 => *before -= 1,
                        _ => {
                            out.remove(j);
                            if j < i {
                                i -= 1;
                            }
                        }
                    }
                }
            }
            i += 1;
        }
    }

    /// A piece captured by the mover while the mover's hand of the type it enters as went
    /// up went to that hand (`pocket`): one event says both.
    fn captures_to_hands(&self, mover: u8, out: &mut Vec<Event>) {
        let mut i = 0;
        while i < out.len() {
            if let Event::Capture { cell, kind } = out[i] {
                let ty = self.hand_type(kind);
                let gained = out.iter().position(|e| {
                    matches!(*e, Event::Reserve { player, ty: t, before, after } if player == mover && t == ty && after > before)
                });
                if let Some(j) = gained {
                    out[i] = Event::ToHand { cell, kind, player: mover, ty };
                    match &mut out[j] {
                        Event::Reserve { before, after, .. } if *after - *before > 1 => *before += 1,
                        _ => {
                            out.remove(j);
                            if j < i {
                                i -= 1;
                            }
                        }
                    }
                }
            }
            i += 1;
        }
    }

    fn outcome_event(&self, before: &State, list: &MoveList, m: &Move) -> Option<Event> {
        let Move::Chance(i) = *m else { return None };
        let ds = self.pending_step(before)?;
        let StepBody::Outcomes(outs) = &ds.body else { return None };
        let probs = self.chance_probs(before, list);
        let prob = list.moves.iter().position(|x| x == m).map_or(1.0, |j| probs[j]);
        Some(Event::Outcome { step: ds.name.clone(), outcome: outs[i as usize].0.clone(), prob })
    }

    /// What changed on the board between two positions (several actions apart, such as
    /// hidden choices when they are revealed): pieces removed, changed or placed.
    pub fn changes(&self, before: &State, after: &State) -> Vec<Event> {
        let mut out = vec![];
        self.board_events(before, (None, None, None), after, &mut out);
        out
    }

    /// Pieces that left, arrived or changed on each cell, the moving piece aside; `how`
    /// holds the moving piece (from, to, kind), the pushed cell and the drop's cell.
    fn board_events(&self, before: &State, how: Mover, after: &State, out: &mut Vec<Event>) {
        let ident = |k: Kind| (self.kind_type[k as usize], self.kind_owner[k as usize]);
        let (mover, pushed, dropped) = how;
        for c in 0..before.board.len() as Cell {
            let mut was: Vec<Kind> = self.pieces_at(before, c).collect();
            let mut now: Vec<Kind> = self.pieces_at(after, c).collect();
            let mut promoted = None;
            if let Some((from, to, k)) = mover {
                if c == from
                    && let Some(i) = was.iter().position(|&x| x == k)
                {
                    was.remove(i);
                }
                if c == to
                    && let Some(i) =
                        now.iter().position(|&x| self.kind_owner[x as usize] == self.kind_owner[k as usize])
                {
                    let landed = now.remove(i);
                    if ident(landed) != ident(k) {
                        promoted = Some(Event::Promote { cell: c, from: k, to: landed });
                    } else {
                        self.tally_events(c, k, landed, out);
                    }
                }
            }
            for &k in &was {
                if let Some(i) = now.iter().position(|&x| ident(x) == ident(k)) {
                    self.tally_events(c, k, now.remove(i), out);
                } else if let Some(i) =
                    now.iter().position(|&x| self.kind_owner[x as usize] == self.kind_owner[k as usize])
                {
                    out.push(Event::Change { cell: c, from: k, to: now.remove(i) });
                } else if pushed == Some(c) {
                    out.push(Event::Crush { cell: c, kind: k });
                } else if mover.is_some() {
                    out.push(Event::Capture { cell: c, kind: k });
                } else {
                    out.push(Event::Removed { cell: c, kind: k });
                }
            }
            out.extend(promoted);
            for &k in &now {
                out.push(if dropped == Some(c) {
                    Event::Drop { cell: c, kind: k }
                } else {
                    Event::Appear { cell: c, kind: k }
                });
            }
        }
    }

    fn tally_events(&self, cell: Cell, was: Kind, now: Kind, out: &mut Vec<Event>) {
        for (i, t) in self.tallies.iter().enumerate() {
            let (b, a) = (self.tally(was, i).0, self.tally(now, i).0);
            if b != a {
                out.push(Event::Tally { cell, kind: now, name: t.name.clone(), before: b, after: a });
            }
        }
    }

    fn counter_events(&self, before: &State, m: &Move, after: &State, out: &mut Vec<Event>) {
        let reserve = |v: &&crate::ir::Var| self.reserves.iter().any(|r| r.1 == v.slot);
        for v in self.vars.iter().filter(|v| !v.clock && !reserve(v)) {
            let n = if v.per_player { self.np() } else { 1 };
            for p in 0..n {
                let (b, a) = (before.vars[v.slot.at(p)], after.vars[v.slot.at(p)]);
                if b != a {
                    let player = v.per_player.then_some(p as u8);
                    let names_player = v.holds_player(self);
                    out.push(Event::Counter { name: v.name.clone(), player, before: b, after: a, names_player });
                }
            }
        }
        for &(ty, slot) in &self.reserves {
            for p in 0..self.np() {
                let (b, a) = (before.vars[slot.at(p)], after.vars[slot.at(p)]);
                let dropped = matches!(*m, Move::Drop { ty: t, .. } if t == ty) && p == before.to_move as usize;
                if b != a && !dropped {
                    out.push(Event::Reserve { player: p as u8, ty, before: b, after: a });
                }
            }
        }
    }

    /// Check: at the start of a turn, the royal pieces of the player to move that are
    /// attacked.
    pub fn check_events(&self, st: &State) -> Vec<Event> {
        if !self.has_royal || st.pending().is_some() {
            return vec![];
        }
        let p = st.to_move;
        if !self.in_check(st, p) {
            return vec![];
        }
        let royal = |c: usize| {
            let k = st.board[c];
            k != 0 && self.kind_owner[k as usize] == p && self.types[self.kind_type[k as usize] as usize].royal
        };
        (0..st.board.len())
            .filter(|&c| royal(c) && self.attacked(st, c as Cell, p))
            .map(|c| Event::Check { player: p, cell: c as Cell, kind: st.board[c] })
            .collect()
    }
}

/// A probability as a small fraction when it is one (`1/3`), else a percentage.
pub fn fraction(p: f64) -> String {
    for d in 1..=1000u32 {
        let n = (p * d as f64).round();
        if (n / d as f64 - p).abs() < 1e-9 {
            return format!("{}/{d}", n as u32);
        }
    }
    format!("{:.1}%", p * 100.0)
}

impl Event {
    /// The event in words: `captures black's Pawn on d5`.
    pub fn describe(&self, g: &Game) -> String {
        let at = |c: &Cell| if *c == NONE { "?".to_string() } else { g.board.name(*c).to_string() };
        let ty = |k: &Kind| g.types[g.kind_type[*k as usize] as usize].name.clone();
        match self {
            Event::Capture { cell, kind } => format!("captures {} on {}", g.piece_name(*kind), at(cell)),
            Event::Removed { cell, kind } => format!("{} on {} is removed", g.piece_name(*kind), at(cell)),
            Event::Crush { cell, kind } => {
                format!("{} on {} has nowhere to go: it is crushed (removed)", g.piece_name(*kind), at(cell))
            }
            Event::Promote { from, to, .. } => format!("the {} becomes a {}", ty(from), ty(to)),
            Event::Change { cell, from, to } => {
                format!("{} on {} becomes a {}", g.piece_name(*from), at(cell), ty(to))
            }
            Event::Drop { cell, kind } => {
                let owner = &g.factions[g.kind_owner[*kind as usize] as usize];
                let from = if g.has_hands() { "hand" } else { "reserve" };
                format!("a {} enters on {} from {owner}'s {from}", ty(kind), at(cell))
            }
            Event::ToHand { cell, kind, player, ty: t } => {
                let player = &g.players[*player as usize];
                let how = if *t == g.kind_type[*kind as usize] {
                    String::new()
                } else {
                    format!(" as a {}", g.types[*t as usize].name)
                };
                format!("captures {} on {}, which goes to {player}'s hand{how}", g.piece_name(*kind), at(cell))
            }
            Event::Appear { cell, kind } => format!("{} appears on {}", g.piece_name(*kind), at(cell)),
            Event::Push { cell, kind } => {
                format!("pushes {} on {}: it must escape from there next, or be crushed", g.piece_name(*kind), at(cell))
            }
            Event::Split { cell, kind } => format!("the {} leaves the stack on {}", ty(kind), at(cell)),
            Event::Outcome { step, outcome, prob } => format!("{step}: {outcome} ({})", fraction(*prob)),
            Event::Check { player, cell, kind } => {
                format!("check: {}'s {} on {} is attacked", g.players[*player as usize], ty(kind), at(cell))
            }
            Event::Counter { name, player, before, after, names_player } => {
                let value = |v: i64| match usize::try_from(v).ok().and_then(|i| g.players.get(i)) {
                    Some(p) if *names_player => p.clone(),
                    _ => v.to_string(),
                };
                match player {
                    Some(p) => format!("{}'s {name}: {} -> {}", g.players[*p as usize], value(*before), value(*after)),
                    None => format!("{name}: {} -> {}", value(*before), value(*after)),
                }
            }
            Event::Reserve { player, ty: t, before, after } => format!(
                "{}'s reserve of {}: {before} -> {after}",
                g.players[*player as usize], g.types[*t as usize].name
            ),
            Event::Tally { cell, kind, name, before, after } => {
                format!("{} on {}: {name} {before} -> {after}", g.piece_name(*kind), at(cell))
            }
            Event::Pass { player } => format!("{} passes", g.players[*player as usize]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fraction;

    #[test]
    fn probabilities_read_as_fractions() {
        assert_eq!(fraction(1.0 / 3.0), "1/3");
        assert_eq!(fraction(7.0 / 8.0), "7/8");
        assert_eq!(fraction(0.5), "1/2");
    }
}
