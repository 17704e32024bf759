//! Conditions: built-in words and functions (some only in end rules), declared names
//! (piece types, zones, cells, registers, options, counters) and comparisons.

use super::builtins::{self, Builtin, Kind, Places};
use super::checker::Checker;
use crate::diag::CheckCode;
use crate::syntax::ast::{Cond, Expr, Name};

/// `repetition(N)` counts at most this many repetitions (the compiled game keeps a byte).
pub const MAX_REPETITIONS: i64 = 255;

impl Checker<'_> {
    /// Checks a condition used at `place` (one of [`Places`]' single places).
    pub(super) fn cond(&mut self, c: &Cond, place: Places) {
        match c {
            Cond::Or(v) | Cond::And(v) => v.iter().for_each(|x| self.cond(x, place)),
            Cond::Not(x) => self.cond(x, place),
            Cond::Cmp(Expr::Name(n), _, b) if self.d.tally_names.contains(&n.text) => {
                if !self.expr(b) {
                    self.err(
                        CheckCode::TallyComparison,
                        n.span,
                        "a tally is compared with a number",
                        "write e.g. [NAME >= 3]",
                    );
                }
            }
            Cond::Cmp(a, _, b) => {
                self.expr(a);
                self.expr(b);
            }
            Cond::Func(n, args) => self.cond_func(n, args, place),
            Cond::FuncIn(n, words, zone) => self.cond_func_in(n, words, zone, place),
            Cond::Along(_, dirs, x) => {
                self.direction(dirs);
                self.cond(x, place);
            }
            Cond::Name(n) => self.cond_name(n, place),
        }
    }

    /// Reports a built-in used where the checker does not accept it.
    fn placed(&mut self, b: &Builtin, n: &Name, place: Places) {
        if b.places.has(place) {
            return;
        }
        if b.places.has(Places::END) {
            let also = if b.places.has(Places::ILLEGAL) { " or an `illegal` rule" } else { "" };
            self.err(
                CheckCode::EndOnly,
                n.span,
                format!("`{}` can only be used in an end rule{also}", n.text),
                "move it into the `end { }` block",
            );
        } else {
            let (only, hint) = if b.places.has(Places::ILLEGAL) {
                ("an `illegal` rule, where a move is judged", "write it in `illegal \"NAME\" if …`")
            } else {
                ("the condition of a drop rule, where a piece type is dropped", "write it in `drop TYPES [...]`")
            };
            self.err(CheckCode::OutOfPlace, n.span, format!("`{}` can only be used in {only}", n.text), hint);
        }
    }

    fn cond_func(&mut self, n: &Name, args: &[Expr], place: Places) {
        let Some(b) = builtins::find(Kind::CondFunction, &n.text) else {
            self.err(
                CheckCode::UnknownCondition,
                n.span,
                format!("unknown condition `{}(...)`", n.text),
                format!("known: {}", builtins::usages(Kind::CondFunction, ", ")),
            );
            return;
        };
        self.placed(b, n, place);
        match b.name {
            "sees" => self.sees(n, args),
            "threatens" => self.threatens_args(n, args),
            "repetition" => {
                if let Some(e) = args.first() {
                    if let Expr::Int(k, at) = e
                        && !(1..=MAX_REPETITIONS).contains(k)
                    {
                        let msg = format!("`repetition({k})`: a position repeats 1 to {MAX_REPETITIONS} times");
                        self.err(CheckCode::ValueOutOfRange, *at, msg, "write e.g. repetition(3)");
                    }
                    self.expr(e);
                }
            }
            "check" => self.check_player(n, args, place),
            _ => {
                for a in args {
                    if let Expr::Name(x) = a {
                        self.piece(x);
                    }
                }
            }
        }
    }

    /// The argument of `check(...)`: one player name or word (`mover` not in end rules).
    fn check_player(&mut self, n: &Name, args: &[Expr], place: Places) {
        let word = match args {
            [Expr::Name(x)] => x,
            _ => {
                let msg = "`check(...)` takes one player: a player's name, opponent, me or mover";
                self.err(CheckCode::BadCheckPlayer, n.span, msg, "write check(opponent)");
                return;
            }
        };
        let t = word.text.as_str();
        if self.d.players.iter().any(|p| p == t) {
            return;
        }
        match builtins::find(Kind::CheckWord, t) {
            Some(b) if !b.places.has(place) => self.err(
                CheckCode::MoverInEndRule,
                word.span,
                "`check(mover)` in an end rule: here the player in context is the player to move",
                "write check(me) for the player to move, check(opponent) for the others",
            ),
            Some(_) => {}
            None => self.err(
                CheckCode::BadCheckPlayer,
                word.span,
                format!("`check({t})`: `{t}` is no player"),
                format!("write opponent, me, mover or one of {}", self.d.players.join(", ")),
            ),
        }
    }

    /// A function of piece types and a zone: `can-move(K in goal)`.
    fn cond_func_in(&mut self, n: &Name, words: &[Name], zone: &Name, place: Places) {
        match builtins::find(Kind::CondFunction, &n.text) {
            Some(b) if b.name == "can-move" => {
                self.placed(b, n, place);
                words.iter().for_each(|w| {
                    self.piece(w);
                });
                self.zone(zone);
            }
            Some(_) => self.err(
                CheckCode::ZoneNotTaken,
                zone.span,
                format!("`in {}`: only count(...) and can-move(...) take a zone", zone.text),
                format!("`{}(...)` takes no zone", n.text),
            ),
            None => self.cond_func(n, &[], place),
        }
    }

    /// A condition word, resolved as lowering does: built-ins, then piece types, zones,
    /// cells, registers, options and counters.
    fn cond_name(&mut self, n: &Name, place: Places) {
        let t = n.text.as_str();
        if let Some(b) = builtins::find(Kind::Condition, t) {
            self.placed(b, n, place);
            if t == "promoted" {
                self.promoted_word(n);
            }
            return;
        }
        let d = self.d;
        let declared = d.type_index(t).is_some()
            || d.zone_for(n, 0).is_some()
            || self.board.cell(t).is_some()
            || d.registers.iter().any(|x| x == t)
            || d.options.iter().any(|(o, _)| o == t)
            || d.var(t).is_some();
        if !declared {
            let mut known: Vec<String> = builtins::hinted(Kind::Condition).map(|b| b.name.to_string()).collect();
            known.extend(d.types.iter().map(|t| t.letter.to_string()));
            known.extend(d.zones.iter().map(|z| z.0.clone()));
            known.extend(d.registers.iter().cloned());
            self.err(
                CheckCode::UnknownCondition,
                n.span,
                format!("unknown condition `{t}`"),
                format!("known here: {}", known.join(" ")),
            );
        }
    }
}
