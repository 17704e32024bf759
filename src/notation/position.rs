//! Position strings: FEN for chess, and the same shape for every game (rows top to bottom,
//! player to move, letters for unmoved pieces — chess's castling rights — or "-",
//! registers, clocks, then `name=value` variables).

use crate::board::{Cell, NONE};

use crate::engine::state::State;
use crate::ir::limits::{MAX_SETUP_STEPS, byte_below, faction_byte};
use crate::ir::{FileLetters, Game, StepId};
use crate::notation::pocket::{LastPiece, RowMarks};

/// Errors reading a position string.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PositionError {
    /// Nothing to read.
    #[error("empty position string")]
    Empty,
    /// The rows field has the wrong number of rows.
    #[error("expected {expected} rows, found {found}")]
    RowCount {
        /// Rows of the board.
        expected: usize,
        /// Rows in the string.
        found: usize,
    },
    /// A stack `()` with no piece.
    #[error("row {row}: an empty stack `()`")]
    EmptyStack {
        /// Row number from the top, 1-based.
        row: usize,
    },
    /// A stack `(` that is not closed.
    #[error("row {row}: a stack `(` without `)`")]
    OpenStack {
        /// Row number from the top, 1-based.
        row: usize,
    },
    /// A letter that is no piece of the game.
    #[error("row {row}: unknown piece `{piece}`")]
    UnknownPiece {
        /// Row number from the top, 1-based.
        row: usize,
        /// The letter.
        piece: char,
    },
    /// A piece past the end of the row.
    #[error("row {row}: more than {cells} cells")]
    RowTooLong {
        /// Row number from the top, 1-based.
        row: usize,
        /// Cells of the row.
        cells: usize,
    },
    /// The row describes fewer (or, through a count, more) cells than it has.
    #[error("row {row}: {described} cells described, the row has {cells}")]
    RowLength {
        /// Row number from the top, 1-based.
        row: usize,
        /// Cells the string describes.
        described: usize,
        /// Cells of the row.
        cells: usize,
    },
    /// A run of empty cells longer than the rest of its row.
    #[error("row {row}: a run of `{run}` empty cells, more than the row's {cells} cells hold")]
    RunTooLong {
        /// Row, from 1 at the top.
        row: usize,
        /// The run as written.
        run: String,
        /// Cells of the row.
        cells: usize,
    },
    /// A run of empty cells written with a leading zero (or zero cells).
    #[error("row {row}: `{run}` is not a run of empty cells (write 1 to the row's length, no leading zero)")]
    BadRun {
        /// Row, from 1 at the top.
        row: usize,
        /// The run as written.
        run: String,
    },
    /// The player field names no player.
    #[error("unknown player to move `{0}`")]
    UnknownPlayer(String),
    /// A letter for unmoved pieces (a castling right) the game does not define.
    #[error("unknown castling letter `{0}`")]
    UnknownUnmovedLetter(char),
    /// A file letter for unmoved pieces (`[fen] castling-files`) where the player has no
    /// such piece, or no piece to keep it company.
    #[error("castling letter `{0}`: no piece there that could have kept the right (or none beside it)")]
    NoFilePiece(char),
    /// A cell name (moved pieces, registers, tallies) that is no cell of the board.
    #[error("unknown cell `{0}`")]
    UnknownCell(String),
    /// A clock or variable value that is not a number.
    #[error("bad number `{0}`")]
    BadNumber(String),
    /// A field after the clocks that is not `NAME=VALUE`.
    #[error("expected NAME=VALUE, found `{0}`")]
    NotNameValue(String),
    /// A malformed pending-step field.
    #[error("expected step=NAME:CELL:REMOVED:PLAYER:SETUP, found `{0}`")]
    BadStep(String),
    /// A tally item that is not `CELL:COUNT`.
    #[error("expected CELL:COUNT, found `{0}`")]
    NotCellCount(String),
    /// A tally count that is not a number.
    #[error("bad count `{0}`")]
    BadCount(String),
    /// A tally on a cell without a piece that has it.
    #[error("no piece with `{tally}` on `{cell}`")]
    NoTallyPiece {
        /// The tally's name.
        tally: String,
        /// The cell.
        cell: String,
    },
    /// A tally count above the tally's largest value.
    #[error("`{tally}` on `{cell}` is {count}; it counts to {max} at most")]
    TallyTooLarge {
        /// The tally's name.
        tally: String,
        /// The cell.
        cell: String,
        /// The count given.
        count: u8,
        /// The tally's largest value.
        max: u8,
    },
    /// A variable the game does not have.
    #[error("unknown variable `{0}`")]
    UnknownVariable(String),
    /// A reserve below zero.
    #[error("{player}'s reserve of {piece} is {count}; a reserve cannot be negative")]
    NegativeReserve {
        /// The player.
        player: String,
        /// The reserve's piece type.
        piece: String,
        /// The count given.
        count: i64,
    },
    /// More pieces than a position may hold (board, stacks and reserves together).
    #[error("{count} pieces on the board, in stacks and in reserves; a position holds at most {max}")]
    TooManyPieces {
        /// Pieces counted.
        count: usize,
        /// The most allowed ([`crate::notation::validate::MAX_PIECES`]).
        max: usize,
    },
    /// A stack holds pieces the setup did not stack on its cell (only the setup makes stacks,
    /// and they only shrink).
    #[error(
        "the stack on {cell} holds pieces the setup never stacked there (only the setup makes stacks, and they only shrink)"
    )]
    ImpossibleStack {
        /// The stack's cell.
        cell: String,
    },
    /// The player who just moved has a royal piece attacked (no move may leave it so).
    #[error("{player} is not to move but its royal piece is attacked: no move leaves the mover's royal piece attacked")]
    MoverLeftInCheck {
        /// The player not to move.
        player: String,
    },
    /// A player whose setup has a royal piece has none (royal pieces are never captured).
    #[error("{player} has no {piece}: the game's royal piece cannot be captured, so every position has one")]
    NoRoyal {
        /// The player.
        player: String,
        /// The royal piece type.
        piece: String,
    },
    /// More of a royal type than the setup gives, in a game that cannot make more.
    #[error("{player} has {count} of the royal {piece}; the setup gives {max} and no rule makes more")]
    TooManyRoyals {
        /// The player.
        player: String,
        /// The royal piece type.
        piece: String,
        /// How many the position has.
        count: usize,
        /// How many the setup has.
        max: usize,
    },
    /// A pocket letter (`[fen] pocket`) that is no piece type with a reserve.
    #[error("unknown piece `{0}` in the pocket (only types with a reserve)")]
    UnknownPocketPiece(char),
    /// A `[fen] base-mark` or `promoted-mark` where it marks no piece: the base mark
    /// before a letter that is no type's base, the promoted mark after none or after a
    /// piece of a type no remembered type promotes to.
    #[error("row {row}: the mark `{mark}` marks no piece that could carry it")]
    BadMark {
        /// Row, from 1 at the top.
        row: usize,
        /// The mark.
        mark: char,
    },
    /// A piece standing unpromoted in a zone where its promotion is compulsory.
    #[error("{player}'s {piece} on {cell} stands where it must promote; it cannot be there unpromoted")]
    MustHavePromoted {
        /// The owner.
        player: String,
        /// The piece type.
        piece: String,
        /// The cell.
        cell: String,
    },
}

impl PositionError {
    /// Whether the string was read but describes a position the game could never reach
    /// (as opposed to a string that is not a position of the game at all).
    pub fn is_unreachable(&self) -> bool {
        use PositionError::*;
        matches!(
            self,
            NegativeReserve { .. }
                | TooManyPieces { .. }
                | ImpossibleStack { .. }
                | MoverLeftInCheck { .. }
                | NoRoyal { .. }
                | TooManyRoyals { .. }
                | MustHavePromoted { .. }
        )
    }
}

impl Game {
    /// Writes the position string of a state.
    pub fn position_string(&self, st: &State) -> String {
        let mut out = self.rows_string(st);
        if self.fen.pocket {
            out.push_str(&self.pocket_string(st));
        }
        out.push(' ');
        out.push(self.players[st.to_move as usize].chars().next().unwrap_or('?'));
        let flags = self.flags_string(st);
        out.push(' ');
        out.push_str(if flags.is_empty() { "-" } else { &flags });
        out.push(' ');
        if self.registers.is_empty() {
            out.push('-');
        } else {
            let regs: Vec<&str> = st.regs.iter().map(|&r| if r == NONE { "-" } else { self.board.name(r) }).collect();
            out.push_str(&regs.join(","));
        }
        if let Some(slot) = self.fen.counter {
            let vals: Vec<String> = (0..self.np()).map(|p| st.vars[slot.at(p)].to_string()).collect();
            out.push_str(&format!(" {}", vals.join("+")));
        }
        for slot in [self.fen.halfmove, self.fen.fullmove].into_iter().flatten() {
            out.push_str(&format!(" {}", st.vars[slot.index()]));
        }
        self.push_variables(st, &mut out);
        // A pending decision inside a turn (or the setup): step name, its cell, the pieces
        // the move removed, the player whose turn it is, and the setup steps done.
        if let Some(ds) = self.pending_step(st) {
            let cell = if st.pend == NONE { "-" } else { self.board.name(st.pend) };
            out.push_str(&format!(" step={}:{}:{}:{}:{}", ds.name, cell, st.pend_n, st.pend_player, st.setup_done));
        }
        self.push_tallies(st, &mut out);
        out
    }

    /// The rows, top to bottom, separated by `/`: pieces by letter, runs of empty cells
    /// by count, stacks in parentheses.
    fn rows_string(&self, st: &State) -> String {
        let mut rows = vec![];
        for row in &self.board.rows {
            let mut s = String::new();
            let mut run = 0;
            for &c in row {
                let k = st.board[c as usize];
                if k == 0 {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                    run = 0;
                }
                if st.stacks.iter().any(|&(x, _)| x == c) {
                    s.push('(');
                    self.pieces_at(st, c).for_each(|k| self.push_piece(&mut s, k));
                    s.push(')');
                } else {
                    self.push_piece(&mut s, k);
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
            rows.push(s);
        }
        rows.join("/")
    }

    /// The letters for unmoved pieces that hold, or the cells of pieces that have moved (empty
    /// for none).
    fn flags_string(&self, st: &State) -> String {
        if let Some(fl) = &self.fen.files {
            return self.file_flags(st, fl);
        }
        if self.fen.unmoved_letters.is_empty() {
            let moved: Vec<&str> = (0..self.board.len())
                .filter(|&c| {
                    let k = st.board[c];
                    k != 0 && self.kind_moved[k as usize] && self.tracks_moved[self.kind_type[k as usize] as usize]
                })
                .map(|c| self.board.name(c as u16))
                .collect();
            return moved.join(",");
        }
        let mut flags = String::new();
        let mut covered = vec![];
        for (l, cells) in &self.fen.unmoved_letters {
            // Each cell holds its starting piece, unmoved; a letter whose cells the letters
            // written before it cover all is left out (FS's `H` beside `K = "e1 h1"`).
            if cells.iter().all(|&c| {
                let k = st.board[c as usize];
                k != 0 && !self.kind_moved[k as usize] && self.unmoved(k) == self.setup[c as usize]
            }) && !cells.iter().all(|c| covered.contains(c))
                && self.letter_shown(st, *l, cells)
            {
                flags.push(*l);
                covered.extend_from_slice(cells);
            }
        }
        flags
    }

    /// Whether cell `c` holds a piece of player `p` of a type in `mask`, unmoved if `unmoved`.
    fn holds(&self, st: &State, c: Cell, p: usize, mask: u64, unmoved: bool) -> bool {
        let k = st.board[c as usize];
        k != 0
            && self.kind_owner[k as usize] as usize == p
            && mask & (1 << self.kind_type[k as usize]) != 0
            && !(unmoved && self.kind_moved[k as usize])
    }

    /// A cell's file letter as player `p` writes it (upper case for the first player).
    fn file_letter(&self, c: Cell, p: usize) -> Option<char> {
        let f = self.board.cells[c as usize].file.as_ref()?.chars().next()?;
        Some(if p == 0 { f.to_ascii_uppercase() } else { f.to_ascii_lowercase() })
    }

    /// `[fen] castling-files`: per player, while an unmoved `with` piece stands in its zone,
    /// the file letters of its unmoved `pieces` there, from the last file to the first.
    fn file_flags(&self, st: &State, fl: &FileLetters) -> String {
        let mut flags = String::new();
        for (p, cells) in fl.cells.iter().enumerate() {
            if !cells.iter().any(|&c| self.holds(st, c, p, fl.with, true)) {
                continue;
            }
            let mut letters: Vec<char> = cells
                .iter()
                .filter(|&&c| self.holds(st, c, p, fl.pieces, true))
                .filter_map(|&c| self.file_letter(c, p))
                .collect();
            letters.sort_unstable_by(|a, b| b.cmp(a));
            letters.dedup();
            flags.extend(letters);
        }
        flags
    }

    /// Reads `[fen] castling-files` letters: every piece of the types named there has moved,
    /// except, for each letter, the piece it names (by its file, or the outermost from
    /// either end for `outer`'s letters) and the `with` pieces beside it.
    fn read_file_flags(&self, st: &mut State, fl: &FileLetters, flags: &str) -> Result<(), PositionError> {
        let both = fl.pieces | fl.with;
        for k in st.board.iter_mut() {
            if *k != 0 && both & (1 << self.kind_type[*k as usize]) != 0 {
                *k = self.moved(*k);
            }
        }
        for ch in flags.chars().filter(|&c| c != '-') {
            let p = usize::from(!ch.is_ascii_uppercase());
            let cells = fl.cells.get(p).ok_or(PositionError::NoFilePiece(ch))?;
            let up = ch.to_ascii_uppercase();
            let mut candidates: Vec<(char, Cell)> = cells
                .iter()
                .filter(|&&c| self.holds(st, c, p, fl.pieces, false))
                .filter_map(|&c| self.file_letter(c, 0).map(|f| (f, c)))
                .collect();
            candidates.sort_unstable();
            let found = match fl.outer {
                Some((last, _)) if up == last => candidates.last(),
                Some((_, first)) if up == first => candidates.first(),
                _ => candidates.iter().find(|(f, _)| *f == up),
            };
            let with: Vec<Cell> = cells.iter().copied().filter(|&c| self.holds(st, c, p, fl.with, false)).collect();
            let Some(&(_, c)) = found.filter(|_| !with.is_empty()) else {
                return Err(PositionError::NoFilePiece(ch));
            };
            for c in with.into_iter().chain([c]) {
                st.board[c as usize] = self.unmoved(st.board[c as usize]);
            }
        }
        Ok(())
    }

    /// ` name=value` for each variable other than the clocks (per player: comma-separated).
    fn push_variables(&self, st: &State, out: &mut String) {
        for v in &self.vars {
            if Some(v.slot) == self.fen.halfmove
                || Some(v.slot) == self.fen.fullmove
                || Some(v.slot) == self.fen.counter
                || self.in_pocket(v.slot)
            {
                continue;
            }
            let n = if v.per_player { self.np() } else { 1 };
            let vals: Vec<String> = (0..n).map(|i| st.vars[v.slot.at(i)].to_string()).collect();
            out.push_str(&format!(" {}={}", v.name, vals.join(",")));
        }
    }

    /// Per-piece tallies: ` name=CELL:VALUE,...`, with `*` when the piece matched at the end
    /// of the last turn; only pieces whose tally state is not zero (`-` for none).
    fn push_tallies(&self, st: &State, out: &mut String) {
        for (i, t) in self.tallies.iter().enumerate() {
            let mut items = vec![];
            for (c, &k) in st.board.iter().enumerate() {
                if k != 0 && t.types & (1 << self.kind_type[k as usize]) != 0 {
                    let (v, flag) = self.tally(k, i);
                    if v != 0 || flag {
                        items.push(format!("{}:{}{}", self.board.name(c as u16), v, if flag { "*" } else { "" }));
                    }
                }
            }
            out.push_str(&format!(" {}={}", t.name, if items.is_empty() { "-".to_string() } else { items.join(",") }));
        }
    }

    /// Reads a position string written by [`Game::position_string`] (standard FEN for chess).
    pub fn parse_position(&self, text: &str) -> Result<State, PositionError> {
        let mut fields = text.split_whitespace();
        let rows_text = fields.next().ok_or(PositionError::Empty)?;
        let mut st = self.initial();
        // A position string describes a position between turns, after any setup.
        st.set_pending(None);
        st.pend = NONE;
        st.setup_done = byte_below(self.setup_steps.len(), MAX_SETUP_STEPS + 1);
        st.board.iter_mut().for_each(|k| *k = 0);
        st.stacks.clear();
        let (rows_text, pocket) = self.split_pocket(rows_text);
        self.read_rows(&mut st, rows_text)?;
        if self.fen.pocket {
            self.read_pocket(&mut st, pocket.unwrap_or(""))?;
        }
        let side = fields.next().unwrap_or("-");
        st.to_move = self
            .players
            .iter()
            .position(|p| p.starts_with(side) || p == side)
            .map(faction_byte)
            .ok_or(PositionError::UnknownPlayer(side.to_string()))?;
        self.read_flags(&mut st, fields.next().unwrap_or("-"))?;
        self.read_registers(&mut st, fields.next().unwrap_or("-"))?;
        // The counter field is recognised by its `+` (a string without it goes on with
        // the clocks, the counter keeping its start values).
        if let Some(slot) = self.fen.counter
            && let Some(f) = fields.clone().next().filter(|f| f.contains('+'))
        {
            fields.next();
            self.read_counter_field(&mut st, slot, f)?;
        }
        for slot in [self.fen.halfmove, self.fen.fullmove].into_iter().flatten() {
            if let Some(f) = fields.next() {
                st.vars[slot.index()] = f.parse().map_err(|_| PositionError::BadNumber(f.to_string()))?;
            }
        }
        let mut pending_step = None;
        for f in fields {
            let (k, v) = f.split_once('=').ok_or(PositionError::NotNameValue(f.to_string()))?;
            if k == "step" {
                pending_step = Some(self.read_step(&mut st, v)?);
            } else if let Some(ti) = self.tallies.iter().position(|t| t.name == k) {
                self.read_tally(&mut st, ti, v)?;
            } else {
                self.read_variable(&mut st, k, v)?;
            }
        }
        Game::canonical_stacks(&mut st.board, &mut st.stacks);
        self.refresh(&mut st);
        self.validate_position(&st)?;
        if let Some(step) = pending_step {
            // The player field names who acts at the step; the agent rule decides it again.
            st.to_move = self.agent_player(&st, self.step(step));
        }
        Ok(st)
    }

    /// The `[fen] counter` field: one value per player, joined by `+`.
    fn read_counter_field(&self, st: &mut State, slot: crate::ir::Slot, f: &str) -> Result<(), PositionError> {
        let vals: Vec<&str> = f.split('+').collect();
        if vals.len() != self.np() {
            return Err(PositionError::BadNumber(f.to_string()));
        }
        for (p, v) in vals.iter().enumerate() {
            st.vars[slot.at(p)] = v.parse().map_err(|_| PositionError::BadNumber(f.to_string()))?;
        }
        Ok(())
    }

    /// The rows field onto an empty board.
    fn read_rows(&self, st: &mut State, rows_text: &str) -> Result<(), PositionError> {
        let rows: Vec<&str> = rows_text.split('/').collect();
        if rows.len() != self.board.rows.len() {
            return Err(PositionError::RowCount { expected: self.board.rows.len(), found: rows.len() });
        }
        for (i, (rt, cells)) in rows.iter().zip(&self.board.rows).enumerate() {
            self.read_row(st, i + 1, rt, cells)?;
        }
        Ok(())
    }

    /// One row (`row` counts from 1 at the top) onto its `cells`.
    fn read_row(&self, st: &mut State, row: usize, text: &str, cells: &[Cell]) -> Result<(), PositionError> {
        let mut pos = 0;
        let mut digits = String::new();
        // A run of empty cells: a number the row has room for (no sum can overflow).
        let flush = |digits: &mut String, pos: &mut usize| -> Result<(), PositionError> {
            if digits.starts_with('0') {
                return Err(PositionError::BadRun { row, run: std::mem::take(digits) });
            }
            if !digits.is_empty() {
                match digits.parse::<usize>() {
                    Ok(n) if n <= cells.len().saturating_sub(*pos) => *pos += n,
                    _ => {
                        return Err(PositionError::RunTooLong { row, run: std::mem::take(digits), cells: cells.len() });
                    }
                }
                digits.clear();
            }
            Ok(())
        };
        // 0: outside a stack; 1: just after `(`; 2 and more: after the stack's first piece.
        let mut in_stack = 0usize;
        let mut marks = RowMarks::default();
        for ch in text.chars() {
            if ch.is_ascii_digit() && in_stack == 0 {
                digits.push(ch);
                marks.last = None;
                continue;
            }
            flush(&mut digits, &mut pos)?;
            if self.read_mark(st, &mut marks, ch, row)? {
                continue;
            }
            if ch == '(' && in_stack == 0 {
                in_stack = 1;
                continue;
            }
            if ch == ')' && in_stack > 0 {
                if in_stack == 1 {
                    return Err(PositionError::EmptyStack { row });
                }
                in_stack = 0;
                pos += 1;
                continue;
            }
            let k = self.kind_of_char(ch).ok_or(PositionError::UnknownPiece { row, piece: ch })?;
            let k = self.marked_kind(&mut marks, k, row)?;
            if in_stack > 1 {
                // A further piece of the stack on the current cell.
                st.stacks.push((cells[pos], k));
                marks.last = Some(LastPiece::Stacked(st.stacks.len() - 1));
                in_stack += 1;
                continue;
            }
            if pos >= cells.len() {
                return Err(PositionError::RowTooLong { row, cells: cells.len() });
            }
            st.board[cells[pos] as usize] = k;
            marks.last = Some(LastPiece::Board(cells[pos]));
            if in_stack == 1 {
                in_stack = 2;
            } else {
                pos += 1;
            }
        }
        if in_stack > 0 {
            return Err(PositionError::OpenStack { row });
        }
        if marks.based {
            return Err(PositionError::BadMark { row, mark: self.fen.base_mark.as_ref().map_or('+', |m| m.0) });
        }
        flush(&mut digits, &mut pos)?;
        if pos != cells.len() {
            return Err(PositionError::RowLength { row, described: pos, cells: cells.len() });
        }
        Ok(())
    }

    /// The unmoved-pieces field: its letters (chess's castling rights), or, in games without
    /// such letters, the moved pieces' cells.
    fn read_flags(&self, st: &mut State, flags: &str) -> Result<(), PositionError> {
        if let Some(fl) = &self.fen.files {
            return self.read_file_flags(st, fl, flags);
        }
        if self.fen.unmoved_letters.is_empty() {
            if flags != "-" {
                for name in flags.split(',') {
                    let c = self.board.cell(name).ok_or(PositionError::UnknownCell(name.to_string()))?;
                    st.board[c as usize] = self.moved(st.board[c as usize]);
                }
            }
            return Ok(());
        }
        // Pieces of the types that start on the letters' cells have moved unless a letter says
        // not; so have those of types the setup does not place (promoted, dropped, entered).
        let placed = |t: u8| {
            let mut setup = self.setup.iter().chain(self.setup_stacks.iter().map(|(_, k)| k));
            setup.any(|&k| k != 0 && self.kind_type[k as usize] == t)
        };
        let mut types: Vec<u8> = (0..self.types.len()).map(|t| t as u8).filter(|&t| !placed(t)).collect();
        for (_, cells) in &self.fen.unmoved_letters {
            for &c in cells {
                let k = self.setup[c as usize];
                if k != 0 {
                    types.push(self.kind_type[k as usize]);
                }
            }
        }
        for k in st.board.iter_mut() {
            if *k != 0 && types.contains(&self.kind_type[*k as usize]) {
                *k = self.moved(*k);
            }
        }
        for ch in flags.chars().filter(|&c| c != '-') {
            let (_, cells) = self
                .fen
                .unmoved_letters
                .iter()
                .find(|(l, _)| *l == ch)
                .ok_or(PositionError::UnknownUnmovedLetter(ch))?;
            for &c in cells {
                st.board[c as usize] = self.unmoved(st.board[c as usize]);
            }
        }
        Ok(())
    }

    /// The registers field: a cell or `-` per register, comma-separated.
    fn read_registers(&self, st: &mut State, regs: &str) -> Result<(), PositionError> {
        if self.registers.is_empty() {
            return Ok(());
        }
        for (i, r) in regs.split(',').enumerate() {
            if i < st.regs.len() {
                st.regs[i] = if r == "-" {
                    NONE
                } else {
                    self.board.cell(r).ok_or(PositionError::UnknownCell(r.to_string()))?
                };
            }
        }
        Ok(())
    }

    /// `step=NAME:CELL:REMOVED:PLAYER:SETUP`: the pending decision step. Returns its index.
    fn read_step(&self, st: &mut State, v: &str) -> Result<StepId, PositionError> {
        let bad = || PositionError::BadStep(v.to_string());
        let parts: Vec<&str> = v.split(':').collect();
        if parts.len() != 5 {
            return Err(bad());
        }
        st.pend = if parts[1] == "-" { NONE } else { self.board.cell(parts[1]).ok_or_else(bad)? };
        st.pend_n = parts[2].parse().map_err(|_| bad())?;
        st.pend_player = parts[3].parse().map_err(|_| bad())?;
        st.setup_done = parts[4].parse().map_err(|_| bad())?;
        if st.pend_player as usize >= self.np() || st.setup_done as usize > self.setup_steps.len() {
            return Err(bad());
        }
        // Several setup steps may share a name: the one due is the next of the setup.
        let step = match self.setup_steps.get(st.setup_done as usize) {
            Some(&s) if self.step(s).name == parts[0] => s,
            _ => StepId::new(self.steps.iter().position(|s| s.name == parts[0]).ok_or_else(bad)?),
        };
        st.set_pending(Some(step));
        Ok(step)
    }

    /// `NAME=CELL:COUNT[*],...` (or `-`): the values of tally `ti`.
    fn read_tally(&self, st: &mut State, ti: usize, v: &str) -> Result<(), PositionError> {
        for item in v.split(',').filter(|x| *x != "-") {
            let (cell, val) = item.split_once(':').ok_or(PositionError::NotCellCount(item.to_string()))?;
            let c = self.board.cell(cell).ok_or(PositionError::UnknownCell(cell.to_string()))?;
            let flag = val.ends_with('*');
            let n: u8 = val.trim_end_matches('*').parse().map_err(|_| PositionError::BadCount(val.to_string()))?;
            if n > self.tallies[ti].max {
                let (tally, max) = (self.tallies[ti].name.to_string(), self.tallies[ti].max);
                return Err(PositionError::TallyTooLarge { tally, cell: cell.to_string(), count: n, max });
            }
            let kk = st.board[c as usize];
            if kk == 0 || self.tallies[ti].types & (1 << self.kind_type[kk as usize]) == 0 {
                let tally = self.tallies[ti].name.to_string();
                return Err(PositionError::NoTallyPiece { tally, cell: cell.to_string() });
            }
            st.board[c as usize] = self.with_tally(kk, ti, n, flag);
        }
        Ok(())
    }

    /// `NAME=VALUE[,VALUE...]`: a variable (one value per player for per-player ones).
    fn read_variable(&self, st: &mut State, k: &str, v: &str) -> Result<(), PositionError> {
        let var = self.vars.iter().find(|x| x.name == k).ok_or(PositionError::UnknownVariable(k.to_string()))?;
        for (i, x) in v.split(',').enumerate() {
            if i < if var.per_player { self.np() } else { 1 } {
                st.vars[var.slot.at(i)] = x.parse().map_err(|_| PositionError::BadNumber(x.to_string()))?;
            }
        }
        Ok(())
    }
}
