//! Attacks that would ask about attacks: a test of `check` or `attacked` in a pattern
//! from which a piece's attacks are derived. Judging whether a cell is attacked runs the
//! other players' attacking patterns; such a test asks about attacks again, on the same
//! position, and the question never ends (a stack overflow before this check). A game
//! with one player, or `check` in a game without royal pieces, asks nothing further.

use super::checker::Checker;
use super::expand;
use crate::diag::CheckCode;
use crate::syntax::ast::{Cond, Name, Pattern};

/// What a pattern's last instruction is, as lowering lays it out: only marks and
/// effects, a test, or anything else (a step, a loop, an alternative's jump).
enum Last<'a> {
    Skip,
    Test(&'a Cond),
    Other,
}

impl Checker<'_> {
    /// Every attacking pattern (a type's `attack` lines, or its moves without them) that
    /// can capture: none may test `check` or `attacked` (E449).
    pub(super) fn attack_tests(&mut self) {
        if self.d.players.len() < 2 {
            return;
        }
        let royal = self.d.types.iter().any(|t| t.royal);
        let custodial = !self.m.custodians.is_empty();
        for pd in self.m.pieces.iter().copied() {
            let (lines, what) = if pd.attacks.is_empty() { (&pd.moves, "move") } else { (&pd.attacks, "attack") };
            for (i, pat) in lines.iter().enumerate() {
                let pat = expand::expand(self.m, pat, &mut vec![]);
                if !captures(&pat, custodial) {
                    continue;
                }
                if let Some(n) = attack_test(&pat, royal) {
                    self.attack_loop(&pd.name, what, i + 1, n, pd.attacks.is_empty());
                }
            }
        }
    }

    fn attack_loop(&mut self, piece: &Name, what: &str, line: usize, word: &Name, derived: bool) {
        let letter = &piece.text;
        let piece = match self.d.type_index(letter).map(|t| self.d.types[t].name.as_str()) {
            Some(name) if !name.is_empty() && name != letter => format!("the {name} ({letter})"),
            _ => letter.clone(),
        };
        let msg = format!(
            "`{}` tested in {piece}'s {what} {line}, a pattern that decides what the piece attacks: \
             judging an attack would ask about attacks again, without end",
            word.text
        );
        let hint = if derived {
            "give the piece `attack` lines that say what it attacks without the test (its moves keep it)"
        } else {
            "say what the piece attacks without testing attacks"
        };
        self.err(CheckCode::AttackLoop, word.span, msg, hint);
    }
}

/// Whether a pattern (macros expanded) can capture, as lowering judges its program: its
/// landing test can hold an enemy and it does not relocate with `land`, or it removes,
/// or the game has custodian rules.
fn captures(p: &Pattern, custodial: bool) -> bool {
    let lands_on_enemy = match last(p) {
        Last::Test(c) => can_hold_enemy(c),
        Last::Skip | Last::Other => true,
    };
    custodial || calls(p, "remove") || (lands_on_enemy && !calls(p, "land"))
}

/// The last instruction of a pattern's program, marks and effects aside.
fn last(p: &Pattern) -> Last<'_> {
    match p {
        Pattern::Seq(v, _) => v.iter().rev().map(last).find(|l| !matches!(l, Last::Skip)).unwrap_or(Last::Skip),
        // Plain directions are one branching step; other alternatives end with the last
        // one's code (an earlier one's jump precedes it).
        Pattern::Alt(v, _) if v.iter().all(plain_dir) => Last::Other,
        Pattern::Alt(v, _) => match v.last().map(last) {
            Some(Last::Skip) | None => Last::Other,
            Some(l) => l,
        },
        Pattern::Test(c, _) => Last::Test(c),
        Pattern::Mark(_) => Last::Skip,
        Pattern::Call(n, _) if matches!(n.text.as_str(), "remove" | "carry" | "land" | "promote") => Last::Skip,
        Pattern::Call(..) | Pattern::Repeat(..) | Pattern::Dir(_) | Pattern::Turn(..) => Last::Other,
    }
}

/// A plain direction (alternatives of these are one branching step).
fn plain_dir(p: &Pattern) -> bool {
    matches!(p, Pattern::Dir(d) if d.text != "same" && d.text != "back")
}

/// Whether a landing test can hold an enemy piece.
fn can_hold_enemy(c: &Cond) -> bool {
    match c {
        Cond::Name(n) => n.text != "empty" && n.text != "friend",
        Cond::And(v) => v.iter().all(can_hold_enemy),
        Cond::Or(v) => v.iter().any(can_hold_enemy),
        Cond::Not(_) | Cond::Cmp(..) | Cond::Func(..) | Cond::FuncIn(..) | Cond::Along(..) => true,
    }
}

/// Whether the pattern calls the action `name`.
fn calls(p: &Pattern, name: &str) -> bool {
    match p {
        Pattern::Seq(v, _) | Pattern::Alt(v, _) => v.iter().any(|x| calls(x, name)),
        Pattern::Repeat(b, ..) => calls(b, name),
        Pattern::Call(n, _) => n.text == name,
        Pattern::Test(..) | Pattern::Mark(_) | Pattern::Dir(_) | Pattern::Turn(..) => false,
    }
}

/// The first word of a test in the pattern that asks about attacks: `attacked`, and
/// `check` (a name or a function) when some piece type is royal.
fn attack_test(p: &Pattern, royal: bool) -> Option<&Name> {
    match p {
        Pattern::Seq(v, _) | Pattern::Alt(v, _) => v.iter().find_map(|x| attack_test(x, royal)),
        Pattern::Repeat(b, ..) => attack_test(b, royal),
        Pattern::Test(c, _) => cond_attack(c, royal),
        Pattern::Call(..) | Pattern::Mark(_) | Pattern::Dir(_) | Pattern::Turn(..) => None,
    }
}

fn cond_attack(c: &Cond, royal: bool) -> Option<&Name> {
    match c {
        Cond::Or(v) | Cond::And(v) => v.iter().find_map(|x| cond_attack(x, royal)),
        Cond::Not(x) => cond_attack(x, royal),
        Cond::Name(n) if n.text == "attacked" || (royal && n.text == "check") => Some(n),
        Cond::Func(n, _) if royal && n.text == "check" => Some(n),
        Cond::Func(n, _) if n.text == "threatens" => Some(n),
        Cond::Along(_, _, x) => cond_attack(x, royal),
        Cond::Name(_) | Cond::Func(..) | Cond::FuncIn(..) | Cond::Cmp(..) => None,
    }
}
