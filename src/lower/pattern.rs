//! Movement patterns as programs of the pattern machine: one instruction sequence per
//! pattern and player, built construct by construct.

use super::Lowerer;
use crate::check::expand;
use crate::ir::limits::{MAX_LOOP_NESTING, MAX_MARKS, byte_below, saturating_byte};
use crate::ir::{Cond, Game, Op, Program, ProgramId, Quick, StepId};
use crate::syntax::ast::{Arg, Expr, Name, Pattern};

/// A program under construction: its instructions, the marks named so far, the depth of
/// the repetitions around the cursor, and whether it has effects.
struct ProgramBuilder {
    ops: Vec<Op>,
    marks: Vec<String>,
    depth: u8,
    player: u8,
    has_effects: bool,
}

impl Lowerer<'_> {
    /// Lowers a pattern for player `p` and adds it to the game's programs; returns its id.
    pub(super) fn add_program(&mut self, g: &mut Game, pat: &Pattern, p: u8) -> ProgramId {
        let prog = self.program(pat, p);
        g.programs.push(prog);
        ProgramId::new(g.programs.len() - 1)
    }

    /// Lowers a pattern for player `p`: macros expanded, then the generic code of each
    /// construct, ending in `Emit`.
    fn program(&mut self, pat: &Pattern, p: u8) -> Program {
        // Checking has reported any problem of the expansion.
        let mut reported = vec![];
        let pat = expand::expand(self.m, pat, &mut reported);
        let mut b = ProgramBuilder { ops: vec![], marks: vec![], depth: 0, player: p, has_effects: false };
        self.pattern(&pat, &mut b);
        b.ops.push(Op::Emit);
        let captures = self.captures(&b.ops);
        let quick = Quick::of(&b.ops);
        Program {
            ops: b.ops,
            has_effects: b.has_effects,
            captures,
            probes: None,
            memo: false,
            gate: None,
            waits: None,
            by_bound: None,
            quick,
        }
    }

    fn pattern(&mut self, p: &Pattern, b: &mut ProgramBuilder) {
        match p {
            Pattern::Seq(v, _) => v.iter().for_each(|x| self.pattern(x, b)),
            Pattern::Alt(v, _) if v.iter().all(plain_dir) => self.any_dir(v, b),
            Pattern::Alt(v, _) => self.alternatives(v, b),
            Pattern::Repeat(body, lo, hi, _, greedy) => self.repeat(body, lo, hi.as_ref(), *greedy, b),
            Pattern::Dir(n) => self.dir(n, b),
            Pattern::Turn(angles, _) => {
                let t = self.t.turn(&self.board.dirs, angles);
                b.ops.push(Op::Turn(t));
            }
            Pattern::Test(c, _) => {
                let id = self.cond_id(c, b.player);
                b.ops.push(Op::Test(id));
            }
            Pattern::Mark(n) => self.mark(n, b),
            Pattern::Call(n, args) => {
                b.has_effects = true;
                self.action(n, args, b);
            }
        }
    }

    /// Absolute directions for a direction or set name, seen by player `p`.
    pub(super) fn dirs(&self, name: &str, p: u8) -> Vec<u8> {
        let ds = crate::check::decls::dirs(self.m, self.board, self.d.orient[p as usize], name);
        self.expect(ds.is_some(), "checking resolves every direction");
        ds.unwrap_or_default()
    }

    /// Alternatives of plain directions: one branching step.
    fn any_dir(&mut self, v: &[Pattern], b: &mut ProgramBuilder) {
        let mut ds: Vec<u8> = vec![];
        for x in v {
            if let Pattern::Dir(d) = x {
                for d in self.dirs(&d.text, b.player) {
                    if !ds.contains(&d) {
                        ds.push(d);
                    }
                }
            }
        }
        b.ops.push(Op::Step(ds));
    }

    /// Alternatives: each but the last explored by a split, then a jump to the end.
    fn alternatives(&mut self, v: &[Pattern], b: &mut ProgramBuilder) {
        let mut jumps = vec![];
        for (i, x) in v.iter().enumerate() {
            if i + 1 < v.len() {
                let split = b.ops.len();
                b.ops.push(Op::Split(0));
                self.pattern(x, b);
                jumps.push(b.ops.len());
                b.ops.push(Op::Jmp(0));
                b.ops[split] = Op::Split(b.ops.len() as u32);
            } else {
                self.pattern(x, b);
            }
        }
        let end = b.ops.len() as u32;
        for j in jumps {
            b.ops[j] = Op::Jmp(end);
        }
    }

    /// A counted loop: init, head test (exit past the body), body, count, jump back.
    fn repeat(&mut self, body: &Pattern, lo: &Expr, hi: Option<&Expr>, greedy: bool, b: &mut ProgramBuilder) {
        if b.depth as usize >= MAX_LOOP_NESTING {
            self.expect(false, "checking limits the nesting of repetitions");
            return;
        }
        let slot = b.depth;
        b.depth += 1;
        let lo = self.t.expr(self.expr(lo));
        let hi = hi.map(|h| self.t.expr(self.expr(h)));
        b.ops.push(Op::LoopInit(slot));
        let top = b.ops.len();
        b.ops.push(Op::LoopTest(slot, lo, hi, 0));
        self.pattern(body, b);
        b.ops.push(Op::LoopInc(slot));
        b.ops.push(Op::Jmp(top as u32));
        let exit = b.ops.len() as u32;
        b.ops[top] = if greedy { Op::LoopMax(slot, lo, hi, exit) } else { Op::LoopTest(slot, lo, hi, exit) };
        b.depth -= 1;
    }

    /// A step: `same` and `back` turn relative to the last step; other names are absolute.
    fn dir(&mut self, n: &Name, b: &mut ProgramBuilder) {
        let op = match n.text.as_str() {
            "same" => Op::Turn(self.t.turn(&self.board.dirs, &[0])),
            "back" => Op::Turn(self.t.turn(&self.board.dirs, &[180])),
            name => Op::Step(self.dirs(name, b.player)),
        };
        b.ops.push(op);
    }

    /// `@name`: a register (an effect) or a mark slot of this pattern.
    fn mark(&mut self, n: &Name, b: &mut ProgramBuilder) {
        if let Some(r) = self.d.registers.iter().position(|x| *x == n.text) {
            b.has_effects = true;
            b.ops.push(Op::SetReg(saturating_byte(r)));
            return;
        }
        let slot = crate::check::patterns::mark_slot(&mut b.marks, &n.text);
        if slot >= MAX_MARKS {
            self.expect(false, "checking limits the marks of a pattern");
            return;
        }
        b.ops.push(Op::Mark(byte_below(slot, MAX_MARKS)));
    }

    /// The built-in actions: remove(D | here), then(NAME), carry(@a[, @b]), land(@m),
    /// written(@m).
    fn action(&mut self, n: &Name, args: &[Arg], b: &mut ProgramBuilder) {
        let mark = |a: Option<&Arg>| match a {
            Some(Arg::Mark(m)) => b.marks.iter().position(|x| *x == m.text).map(|i| byte_below(i, MAX_MARKS)),
            _ => None,
        };
        let op = match (n.text.as_str(), args) {
            ("remove", [Arg::Pattern(Pattern::Dir(d))]) if d.text == "here" => Some(Op::Remove(None)),
            ("remove", [Arg::Pattern(Pattern::Dir(d))]) => match self.dirs(&d.text, b.player)[..] {
                [one] => Some(Op::Remove(Some(one))),
                _ => None,
            },
            ("then", [Arg::Pattern(Pattern::Dir(f))]) => {
                self.d.followup_names.iter().position(|x| *x == f.text).map(|i| Op::Then(StepId::new(i)))
            }
            ("carry", [a, c]) => mark(Some(a)).zip(mark(Some(c))).map(|(a, c)| Op::Carry(Some(a), c)),
            ("carry", [a]) => mark(Some(a)).map(|s| Op::Carry(None, s)),
            ("land", [a]) => mark(Some(a)).map(Op::Land),
            ("via", [_]) => Some(Op::Via),
            ("written", [a]) => mark(Some(a)).map(Op::Written),
            ("promote", types) => {
                let t: Option<Vec<u8>> = types
                    .iter()
                    .map(|a| match a {
                        Arg::Pattern(Pattern::Dir(x)) => self.d.type_index(&x.text).map(|t| t as u8),
                        _ => None,
                    })
                    .collect();
                t.map(Op::Promote)
            }
            _ => None,
        };
        self.expect(op.is_some(), "checking resolves every action");
        b.ops.extend(op);
    }

    /// Whether a program can capture: its landing test (the last test before `Emit`, past
    /// any effects) can hold an enemy and the piece is not relocated, or it removes, or
    /// custodian rules may capture around any landing.
    fn captures(&self, ops: &[Op]) -> bool {
        let last = ops.iter().rev().find(|o| {
            !matches!(
                o,
                Op::Emit
                    | Op::Mark(_)
                    | Op::SetReg(_)
                    | Op::Remove(_)
                    | Op::Carry(..)
                    | Op::Land(_)
                    | Op::Written(_)
                    | Op::Via
                    | Op::Promote(_)
            )
        });
        let lands_on_enemy = match last {
            Some(Op::Ray(_, _, f)) | Some(Op::Test(f)) => can_hold_enemy(&self.t.conds[f.index()]),
            _ => true,
        };
        let removes = ops.iter().any(|o| matches!(o, Op::Remove(_)));
        // A piece relocated by land() only lands on an empty cell.
        let relocates = ops.iter().any(|o| matches!(o, Op::Land(_)));
        let custodial = !self.m.custodians.is_empty();
        (lands_on_enemy && !relocates) || removes || custodial
    }
}

/// A plain direction: alternatives of these are one branching step.
fn plain_dir(p: &Pattern) -> bool {
    matches!(p, Pattern::Dir(d) if d.text != "same" && d.text != "back")
}

/// Whether a final test can hold an enemy piece (so the program can capture by landing).
fn can_hold_enemy(c: &Cond) -> bool {
    match c {
        Cond::Empty | Cond::Friend => false,
        Cond::And(v) => v.iter().all(can_hold_enemy),
        Cond::Or(v) => v.iter().any(can_hold_enemy),
        _ => true,
    }
}
