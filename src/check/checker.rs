//! The checker's state: the game being checked and the problems found so far, with the
//! lookups every pass shares.

use super::{Checked, Decls, decls};
use crate::board::Board;
use crate::check::merged::Merged;
use crate::diag::{CheckCode, Diag, Span};
use crate::load::Spec;
use crate::syntax::ast::Name;

/// The checker reports at most this many problems (the rest follow the same mistakes).
pub const MAX_PROBLEMS: usize = 200;

/// Checks the uses of names; each pass is a method in the file of its concern.
pub(super) struct Checker<'a> {
    /// The loaded game file.
    pub spec: &'a Spec,
    /// Its rules, merged.
    pub m: &'a Merged<'a>,
    /// The board.
    pub board: &'a Board,
    /// The declarations.
    pub d: &'a Decls,
    errs: Vec<Diag>,
    /// Whether the condition being checked is an `illegal` rule's (judged after a move).
    pub in_illegal: bool,
}

impl<'a> Checker<'a> {
    /// A checker that starts with the declarations' problems.
    pub fn new(c: &'a Checked<'a>) -> Self {
        let mut me =
            Checker { spec: c.spec, m: &c.merged, board: &c.board, d: &c.decls, errs: vec![], in_illegal: false };
        for e in &c.decls.errs {
            me.report(e.clone());
        }
        me
    }

    /// Reports a problem once per place: a mistake in a macro body is met at the body's
    /// span by every pattern using it, a mistake in a TOML table's key by each of the
    /// table's entries, and is one problem.
    pub fn report(&mut self, d: Diag) {
        // A budget: a hostile file can hold a problem per word; the first ones are enough.
        if self.errs.len() >= MAX_PROBLEMS {
            return;
        }
        if !self.errs.iter().any(|x| x.span == d.span && x.message == d.message) {
            self.errs.push(d);
        }
    }

    /// Reports a problem of a kind.
    pub fn err(&mut self, code: CheckCode, span: Span, message: impl Into<String>, hint: impl Into<String>) {
        self.report(Diag::new(code, span, message, hint));
    }

    /// Whether no problem was found so far.
    pub fn is_clean(&self) -> bool {
        self.errs.is_empty()
    }

    /// The problems found, in the order found.
    pub fn into_errs(self) -> Vec<Diag> {
        self.errs
    }

    /// Whether a name is a piece type; reports it when it is not.
    pub fn piece(&mut self, n: &Name) -> bool {
        let ok = self.d.type_index(&n.text).is_some();
        if !ok {
            self.unknown_piece(n);
        }
        ok
    }

    /// Reports a name that is no piece type.
    pub fn unknown_piece(&mut self, n: &Name) {
        let h = self.d.piece_hint();
        self.err(CheckCode::UnknownPiece, n.span, format!("unknown piece `{}`", n.text), h);
    }

    /// Whether a name is a player; reports it when it is not.
    pub fn player(&mut self, n: &Name) -> bool {
        let ok = self.d.players.contains(&n.text);
        if !ok {
            let h = format!("players are {}", self.d.players.join(", "));
            self.err(CheckCode::UnknownPlayer, n.span, format!("unknown player `{}`", n.text), h);
        }
        ok
    }

    /// Whether a name is a zone; reports it when it is not.
    pub fn zone(&mut self, n: &Name) -> bool {
        let ok = self.d.zone_for(n, 0).is_some();
        if !ok {
            let h = self.d.zone_hint();
            self.err(CheckCode::UnknownZone, n.span, format!("unknown zone `{}`", n.text), h);
        }
        ok
    }

    /// Whether a name is a follow-up step; reports it when it is not.
    pub fn followup(&mut self, n: &Name) -> bool {
        let ok = self.d.followup_names.contains(&n.text);
        if !ok {
            self.err(
                CheckCode::UnknownFollowup,
                n.span,
                format!("unknown follow-up `{}`", n.text),
                "declare it with `followup NAME by AGENT: ...`",
            );
        }
        ok
    }

    /// The directions a direction or set name stands for, as player `p` sees them.
    pub fn dirs(&self, name: &str, p: usize) -> Option<Vec<u8>> {
        decls::dirs(self.m, self.board, self.d.orient[p], name)
    }

    /// Whether a name is a direction or set; reports it when it is not. A name stands for
    /// directions for every player or for none, so the first player's view decides.
    pub fn direction(&mut self, n: &Name) -> bool {
        let ok = self.dirs(&n.text, 0).is_some();
        if !ok {
            self.report(decls::unknown_dir(self.m, self.board, n));
        }
        ok
    }

    /// "players and factions are ..." for hints.
    pub fn factions_hint(&self) -> String {
        format!("players and factions are {}", self.d.factions.join(", "))
    }
}
