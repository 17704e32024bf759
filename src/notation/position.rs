//! Position strings: FEN for chess, and the same shape for every game (rows top to bottom,
//! player to move, castling or "-", registers, clocks, then `name=value` variables).

use crate::board::{Cell, NONE};

use crate::engine::state::State;
use crate::ir::Game;

/// Errors reading a position string.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PositionError {
    /// Wrong number of rows or cells in a row.
    #[error("row {row}: {msg}")]
    Row {
        /// Row number from the top, 1-based.
        row: usize,
        /// What is wrong.
        msg: String,
    },
    /// A field is malformed.
    #[error("{0}")]
    Field(String),
}

impl Game {
    /// Writes the position string of a state.
    pub fn position_string(&self, st: &State) -> String {
        let mut rows = vec![];
        for row in &self.board.rows {
            let mut s = String::new();
            let mut run = 0;
            for &c in row {
                let k = st.board[c as usize];
                if k == 0 {
                    run += 1;
                } else {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    if st.stacks.iter().any(|&(x, _)| x == c) {
                        s.push('(');
                        s.extend(self.pieces_at(st, c).map(|k| self.kind_char(k)));
                        s.push(')');
                    } else {
                        s.push(self.kind_char(k));
                    }
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
            rows.push(s);
        }
        let mut out = rows.join("/");
        out.push(' ');
        out.push(self.players[st.to_move as usize].chars().next().unwrap_or('?'));
        // Castling letters, or the cells of pieces that have moved.
        let mut flags = String::new();
        if !self.fen.castling.is_empty() {
            for (l, cells) in &self.fen.castling {
                // Each cell holds its starting piece, unmoved.
                if cells.iter().all(|&c| {
                    let k = st.board[c as usize];
                    k != 0 && !self.kind_moved[k as usize] && self.unmoved(k) == self.setup[c as usize]
                }) {
                    flags.push(*l);
                }
            }
        } else {
            let moved: Vec<&str> = (0..self.board.len())
                .filter(|&c| {
                    let k = st.board[c];
                    k != 0 && self.kind_moved[k as usize] && self.tracks_moved[self.kind_type[k as usize] as usize]
                })
                .map(|c| self.board.name(c as u16))
                .collect();
            flags = moved.join(",");
        }
        out.push(' ');
        out.push_str(if flags.is_empty() { "-" } else { &flags });
        out.push(' ');
        if self.registers.is_empty() {
            out.push('-');
        } else {
            let regs: Vec<&str> = st.regs.iter().map(|&r| if r == NONE { "-" } else { self.board.name(r) }).collect();
            out.push_str(&regs.join(","));
        }
        for slot in [self.fen.halfmove, self.fen.fullmove].into_iter().flatten() {
            out.push_str(&format!(" {}", st.vars[slot as usize]));
        }
        for v in &self.vars {
            if Some(v.slot) == self.fen.halfmove || Some(v.slot) == self.fen.fullmove {
                continue;
            }
            let n = if v.per_player { self.np() } else { 1 };
            let vals: Vec<String> = (0..n).map(|i| st.vars[v.slot as usize + i].to_string()).collect();
            out.push_str(&format!(" {}={}", v.name, vals.join(",")));
        }
        // A pending decision inside a turn (or the setup): step name, its cell, the pieces
        // the move removed, the player whose turn it is, and the setup steps done.
        if st.phase != 0 {
            let ds = &self.steps[st.phase as usize - 1];
            let cell = if st.pend == NONE { "-" } else { self.board.name(st.pend) };
            out.push_str(&format!(" step={}:{}:{}:{}:{}", ds.name, cell, st.pend_n, st.pend_player, st.setup_done));
        }
        // Per-piece tallies: CELL:VALUE, with `*` when the piece matched at the end of the
        // last turn; only pieces whose tally state is not zero.
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
        out
    }

    /// Reads a position string written by [`Game::position_string`] (standard FEN for chess).
    pub fn parse_position(&self, text: &str) -> Result<State, PositionError> {
        let mut fields = text.split_whitespace();
        let rows_text = fields.next().ok_or(PositionError::Field("empty position string".into()))?;
        let mut st = self.initial();
        // A position string describes a position between turns, after any setup.
        st.phase = 0;
        st.pend = NONE;
        st.setup_done = self.setup_steps.len() as u8;
        st.board.iter_mut().for_each(|k| *k = 0);
        st.stacks.clear();
        let rows: Vec<&str> = rows_text.split('/').collect();
        if rows.len() != self.board.rows.len() {
            return Err(PositionError::Field(format!("expected {} rows, found {}", self.board.rows.len(), rows.len())));
        }
        for (i, (rt, cells)) in rows.iter().zip(&self.board.rows).enumerate() {
            let mut pos = 0;
            let mut digits = String::new();
            let flush = |digits: &mut String, pos: &mut usize| {
                if !digits.is_empty() {
                    *pos += digits.parse::<usize>().unwrap_or(0);
                    digits.clear();
                }
            };
            let mut in_stack = 0usize;
            for ch in rt.chars() {
                if ch.is_ascii_digit() && in_stack == 0 {
                    digits.push(ch);
                    continue;
                }
                flush(&mut digits, &mut pos);
                if ch == '(' && in_stack == 0 {
                    in_stack = 1;
                    continue;
                }
                if ch == ')' && in_stack > 0 {
                    if in_stack == 1 {
                        return Err(PositionError::Row { row: i + 1, msg: "an empty stack `()`".into() });
                    }
                    in_stack = 0;
                    pos += 1;
                    continue;
                }
                if in_stack > 1 {
                    // A further piece of the stack on the current cell.
                    let k = self
                        .kind_of_char(ch)
                        .ok_or(PositionError::Row { row: i + 1, msg: format!("unknown piece `{ch}`") })?;
                    st.stacks.push((cells[pos] as Cell, k));
                    in_stack += 1;
                    continue;
                }
                let k = self
                    .kind_of_char(ch)
                    .ok_or(PositionError::Row { row: i + 1, msg: format!("unknown piece `{ch}`") })?;
                if pos >= cells.len() {
                    return Err(PositionError::Row { row: i + 1, msg: format!("more than {} cells", cells.len()) });
                }
                st.board[cells[pos] as usize] = k;
                if in_stack == 1 {
                    in_stack = 2;
                } else {
                    pos += 1;
                }
            }
            if in_stack > 0 {
                return Err(PositionError::Row { row: i + 1, msg: "a stack `(` without `)`".into() });
            }
            flush(&mut digits, &mut pos);
            if pos != cells.len() {
                return Err(PositionError::Row {
                    row: i + 1,
                    msg: format!("{} cells described, the row has {}", pos, cells.len()),
                });
            }
        }
        let side = fields.next().unwrap_or("-");
        st.to_move = self
            .players
            .iter()
            .position(|p| p.starts_with(side) || p == side)
            .ok_or(PositionError::Field(format!("unknown player to move `{side}`")))? as u8;
        let flags = fields.next().unwrap_or("-");
        if !self.fen.castling.is_empty() {
            // Pieces of the types that start on castling cells have moved unless a letter says not.
            let mut types = vec![];
            for (_, cells) in &self.fen.castling {
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
                    .castling
                    .iter()
                    .find(|(l, _)| *l == ch)
                    .ok_or(PositionError::Field(format!("unknown castling letter `{ch}`")))?;
                for &c in cells {
                    st.board[c as usize] = self.unmoved(st.board[c as usize]);
                }
            }
        } else if flags != "-" {
            for name in flags.split(',') {
                let c = self.board.cell(name).ok_or(PositionError::Field(format!("unknown cell `{name}`")))?;
                st.board[c as usize] = self.moved(st.board[c as usize]);
            }
        }
        let regs = fields.next().unwrap_or("-");
        if !self.registers.is_empty() {
            for (i, r) in regs.split(',').enumerate() {
                if i < st.regs.len() {
                    st.regs[i] = if r == "-" {
                        NONE
                    } else {
                        self.board.cell(r).ok_or(PositionError::Field(format!("unknown cell `{r}`")))?
                    };
                }
            }
        }
        for slot in [self.fen.halfmove, self.fen.fullmove].into_iter().flatten() {
            if let Some(f) = fields.next() {
                st.vars[slot as usize] = f.parse().map_err(|_| PositionError::Field(format!("bad number `{f}`")))?;
            }
        }
        let mut pending_step = None;
        for f in fields {
            let (k, v) = f.split_once('=').ok_or(PositionError::Field(format!("expected NAME=VALUE, found `{f}`")))?;
            if k == "step" {
                let bad = || PositionError::Field(format!("expected step=NAME:CELL:REMOVED:PLAYER:SETUP, found `{v}`"));
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
                    Some(&s) if self.steps[s as usize].name == parts[0] => s as usize,
                    _ => self.steps.iter().position(|s| s.name == parts[0]).ok_or_else(bad)?,
                };
                st.phase = step as u16 + 1;
                pending_step = Some(step);
                continue;
            }
            if let Some(ti) = self.tallies.iter().position(|t| t.name == k) {
                for item in v.split(',').filter(|x| *x != "-") {
                    let (cell, val) = item
                        .split_once(':')
                        .ok_or(PositionError::Field(format!("expected CELL:COUNT, found `{item}`")))?;
                    let c = self.board.cell(cell).ok_or(PositionError::Field(format!("unknown cell `{cell}`")))?;
                    let flag = val.ends_with('*');
                    let n: u8 = val
                        .trim_end_matches('*')
                        .parse()
                        .map_err(|_| PositionError::Field(format!("bad count `{val}`")))?;
                    let kk = st.board[c as usize];
                    if kk == 0 || self.tallies[ti].types & (1 << self.kind_type[kk as usize]) == 0 {
                        return Err(PositionError::Field(format!("no piece with `{k}` on `{cell}`")));
                    }
                    st.board[c as usize] = self.with_tally(kk, ti, n, flag);
                }
                continue;
            }
            let var = self
                .vars
                .iter()
                .find(|x| x.name == k)
                .ok_or(PositionError::Field(format!("unknown variable `{k}`")))?;
            for (i, x) in v.split(',').enumerate() {
                if i < if var.per_player { self.np() } else { 1 } {
                    st.vars[var.slot as usize + i] =
                        x.parse().map_err(|_| PositionError::Field(format!("bad number `{x}`")))?;
                }
            }
        }
        Game::canonical_stacks(&mut st.board, &mut st.stacks);
        self.refresh(&mut st);
        if let Some(step) = pending_step {
            // The player field names who acts at the step; the agent rule decides it again.
            st.to_move = self.agent_player(&st, &self.steps[step]);
        }
        Ok(st)
    }
}
