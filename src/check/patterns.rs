//! Patterns, after macro expansion: directions, tests, marks (at most `MAX_MARKS`),
//! nesting of repetitions (at most `MAX_LOOP_NESTING`) and the actions remove, then, carry,
//! land and written.

use super::builtins::{self, Kind, Places};
use super::checker::Checker;
use super::expand;
use crate::diag::{CheckCode, Diag};
use crate::ir::limits::{MAX_LOOP_NESTING, MAX_MARKS};
use crate::syntax::ast::{Arg, Name, Pattern};

/// What a walk through one pattern has seen so far.
#[derive(Default)]
struct Walk {
    /// Marks set so far, in order (a register's name is no mark).
    marks: Vec<String>,
    /// Repetitions around the current atom.
    depth: usize,
}

impl Checker<'_> {
    /// Checks a pattern: expands its macros, then walks it once.
    pub(super) fn pattern(&mut self, pat: &Pattern) {
        let mut errs: Vec<Diag> = vec![];
        let pat = expand::expand(self.m, pat, &mut errs);
        errs.into_iter().for_each(|e| self.report(e));
        self.walk(&pat, &mut Walk::default());
    }

    fn walk(&mut self, p: &Pattern, w: &mut Walk) {
        match p {
            Pattern::Seq(v, _) | Pattern::Alt(v, _) => v.iter().for_each(|x| self.walk(x, w)),
            Pattern::Repeat(body, lo, hi, s, _) => {
                if w.depth >= MAX_LOOP_NESTING {
                    self.err(
                        CheckCode::NestingTooDeep,
                        *s,
                        "repetitions nested too deeply",
                        format!("nest at most {MAX_LOOP_NESTING} repetitions"),
                    );
                    return;
                }
                w.depth += 1;
                self.expr(lo);
                if let Some(h) = hi {
                    self.expr(h);
                }
                self.walk(body, w);
                w.depth -= 1;
            }
            Pattern::Dir(n) => {
                if n.text != "same" && n.text != "back" {
                    self.direction(n);
                }
            }
            Pattern::Turn(..) => {}
            Pattern::Test(c, _) => self.cond(c, Places::PATTERN),
            Pattern::Mark(n) => self.mark(n, w),
            Pattern::Call(n, args) => self.call(n, args, w),
        }
    }

    /// `@m`: sets a register, or keeps the cell as a mark.
    fn mark(&mut self, n: &Name, w: &mut Walk) {
        if self.d.registers.contains(&n.text) {
            return;
        }
        let slot = mark_slot(&mut w.marks, &n.text);
        if slot >= MAX_MARKS {
            self.err(
                CheckCode::TooManyMarks,
                n.span,
                "too many marks in one pattern",
                format!("use at most {MAX_MARKS} marks"),
            );
        }
    }

    /// A call that expansion left: an action, or an unknown macro.
    fn call(&mut self, n: &Name, args: &[Arg], w: &Walk) {
        let action = builtins::find(Kind::Action, &n.text).filter(|b| (b.args.0..=b.args.1).contains(&args.len()));
        let set = |a: Option<&Arg>| matches!(a, Some(Arg::Mark(m)) if w.marks.contains(&m.text));
        match action.map(|b| b.name) {
            Some("remove") => self.remove_arg(n, &args[0]),
            Some("promote") => self.promote_args(n, args),
            Some("then") => match &args[0] {
                Arg::Pattern(Pattern::Dir(f)) => {
                    self.followup(f);
                }
                _ => self.err(CheckCode::BadActionArgument, n.span, "then needs a follow-up name", "write then(NAME)"),
            },
            Some("carry") if args.len() == 2 => {
                if !(set(args.first()) && set(args.get(1))) {
                    self.err(
                        CheckCode::BadActionArgument,
                        n.span,
                        "carry needs marks set earlier in the pattern",
                        "write e.g. `@a ... @b ... carry(@a, @b)`",
                    );
                }
            }
            Some("via") => self.via_arg(n, &args[0]),
            Some("written") if !set(args.first()) => self.err(
                CheckCode::BadActionArgument,
                n.span,
                "written needs a mark set earlier in the pattern",
                "write e.g. `@rook` before it and then written(@rook)",
            ),
            Some("written") if self.m.custodians.iter().any(|c| c.choose.is_some()) || !self.m.pushes.is_empty() => {
                self.err(
                    CheckCode::WrittenWithChoice,
                    n.span,
                    "written(@m) in a game whose moves may choose a victim or a pushed piece",
                    "one notation holds one extra cell: leave written out of a game with `custodian ... choose` or `push`",
                )
            }
            Some("written") if !self.m.entries.is_empty() => self.err(
                CheckCode::EntryWithChoice,
                n.span,
                "written(@m) in a game whose moves may bring in a piece from the reserve (`drop ... at`)",
                "one notation holds one extra cell: leave written out of a game with entries",
            ),
            Some(_) => {
                if !set(args.first()) {
                    self.err(
                        CheckCode::BadActionArgument,
                        n.span,
                        format!("{} needs a mark set earlier in the pattern", n.text),
                        "write e.g. `@k` before it and then carry(@k)",
                    );
                }
            }
            None => self.unknown_call(n, args.len()),
        }
    }

    /// `via(here)`: the argument is `here`, and the game declares `captures distinct` (the
    /// cells passed through are written only there).
    fn via_arg(&mut self, n: &Name, arg: &Arg) {
        if !matches!(arg, Arg::Pattern(Pattern::Dir(d)) if d.text == "here") {
            return self.err(CheckCode::BadActionArgument, n.span, "via takes `here`", "write via(here)");
        }
        if self.m.captures.is_empty() {
            self.err(
                CheckCode::ViaWithoutDistinct,
                n.span,
                "via(here) in a game without `captures distinct`",
                "the cells a move passes through tell moves apart only under `captures distinct`: declare it, or leave via out",
            );
        }
    }

    /// The argument of `remove`: `here`, or a name standing for one direction for every
    /// player.
    fn remove_arg(&mut self, n: &Name, arg: &Arg) {
        match arg {
            Arg::Pattern(Pattern::Dir(d)) if d.text == "here" => {}
            Arg::Pattern(Pattern::Dir(d)) => {
                let one = (0..self.d.players.len()).all(|p| self.dirs(&d.text, p).is_some_and(|v| v.len() == 1));
                if !one {
                    self.report(super::decls::unknown_dir(self.m, self.board, d));
                }
            }
            _ => self.err(
                CheckCode::BadActionArgument,
                n.span,
                "remove needs one direction",
                "write remove(S) or remove(here)",
            ),
        }
    }

    fn unknown_call(&mut self, n: &Name, nargs: usize) {
        let mut known: Vec<String> = self.m.defines.keys().map(|(k, a)| format!("{k}/{a}")).collect();
        known.sort();
        self.err(
            CheckCode::UnknownMacro,
            n.span,
            format!("unknown macro or action `{}` with {} argument(s)", n.text, nargs),
            format!("actions: {}; macros: {}", builtins::usages(Kind::Action, ", "), known.join(", ")),
        );
    }
}

/// The slot of a mark in a pattern: the marks in the order they are first written.
pub(crate) fn mark_slot(marks: &mut Vec<String>, name: &str) -> usize {
    marks.iter().position(|m| m == name).unwrap_or_else(|| {
        marks.push(name.to_string());
        marks.len() - 1
    })
}
