//! The game's board and pieces described to XBoard 4.9, so that it can draw a game it does
//! not know and test the legality of its moves: `setup (PIECES) WxH+HOLDINGS_fairy FEN`,
//! then one `piece LETTER& BETZA` per piece type. The moves are derived from the rules by
//! asking the engine where a lone piece can go on the empty board (and, with an enemy
//! piece placed, where it captures; with a piece in the way, where it hops): what comes
//! out as leaps, slides and hops along the board's lines is written in Betza's notation,
//! with `m`/`c` for moves that only move or only capture, `p` for hops over a screen, `i`
//! for moves only from the start, and `f b l r s v` for directions. What it cannot write
//! (zones such as a palace, moves that depend on more than one blocking cell, boards that
//! are no rectangle of files and ranks) is said in `#` comment lines, which XBoard ignores.

use crate::board::Cell;
use crate::engine::{Move, State};
use crate::ir::Game;
use std::collections::BTreeSet;

/// XBoard's piece slots, in its order, by their default letters.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// A displacement on the grid: files right, ranks forward (towards the first player's far side).
type Step = (i32, i32);

/// The grid of a rectangular board: cell by (file, rank) from 0, and back.
struct Grid {
    w: i32,
    h: i32,
    at: Vec<Option<Cell>>,
    xy: Vec<(i32, i32)>,
}

impl Grid {
    /// The grid of `g`'s board, if every cell has a file letter and a rank and they fill a rectangle.
    fn of(g: &Game) -> Option<Grid> {
        let cells = &g.board.cells;
        let file = |c: &crate::board::CellInfo| match c.file.as_deref()?.as_bytes() {
            [b] => Some(b.to_ascii_lowercase() as i32),
            _ => None,
        };
        let files: Vec<i32> = cells.iter().map(file).collect::<Option<_>>()?;
        let (f0, r0) = (*files.iter().min()?, cells.iter().map(|c| c.rank).min()?);
        let w = files.iter().max()? - f0 + 1;
        let h = (cells.iter().map(|c| c.rank).max()? - r0 + 1) as i32;
        if (w * h) as usize != cells.len() {
            return None;
        }
        let xy: Vec<(i32, i32)> = files.iter().zip(cells).map(|(f, c)| (f - f0, (c.rank - r0) as i32)).collect();
        let mut at = vec![None; (w * h) as usize];
        for (i, &(x, y)) in xy.iter().enumerate() {
            at[(y * w + x) as usize] = Some(i as Cell);
        }
        Some(Grid { w, h, at, xy })
    }

    /// The cell `s` away from `c`, if on the board.
    fn go(&self, c: Cell, s: Step) -> Option<Cell> {
        let (x, y) = (self.xy[c as usize].0 + s.0, self.xy[c as usize].1 + s.1);
        ((0..self.w).contains(&x) && (0..self.h).contains(&y)).then(|| self.at[(y * self.w + x) as usize]).flatten()
    }

    /// The step from `a` to `b`.
    fn step(&self, a: Cell, b: Cell) -> Step {
        (self.xy[b as usize].0 - self.xy[a as usize].0, self.xy[b as usize].1 - self.xy[a as usize].1)
    }
}

/// The lines to send after `variant`: `setup`, then `piece` per type (or comments saying
/// why XBoard cannot be told).
pub fn describe(g: &Game) -> Vec<String> {
    let Some(grid) = Grid::of(g) else {
        return vec!["# the board is not a rectangle of files and ranks: XBoard cannot draw it".to_string()];
    };
    let start = g.initial();
    if start.pending().is_some() || g.np() != 2 {
        return vec!["# the game starts with decisions or has other than two players: no setup for XBoard".to_string()];
    }
    if g.types.len() > SLOTS.len() {
        return vec![format!("# more piece types than XBoard's {} slots: no setup for XBoard", SLOTS.len())];
    }
    let probe = Probe { g, grid: &grid, start: &start };
    let pieces: Vec<Result<String, String>> = (0..g.types.len()).map(|t| probe.piece_line(t as u8)).collect();
    if pieces.iter().any(|p| p.is_err()) {
        // A partial description would have XBoard refuse legal moves: none at all.
        let mut why: Vec<String> = pieces.into_iter().filter_map(Result::err).collect();
        why.push(
            "# so no setup for XBoard: switch its legality test off (-testLegality false) unless it knows the game"
                .to_string(),
        );
        return why;
    }
    let mut lines = vec![setup_line(g, &grid, &start)];
    lines.extend(pieces.into_iter().flatten());
    lines
}

/// `setup (PIECETOCHAR) WxH+HOLDINGS_fairy FEN`.
fn setup_line(g: &Game, grid: &Grid, start: &State) -> String {
    let mut slots = vec!['.'; SLOTS.len()];
    let mut rest = vec![];
    for ty in &g.types {
        let up = ty.letter.to_ascii_uppercase();
        match SLOTS.find(up) {
            Some(i) if slots[i] == '.' => slots[i] = up,
            _ => rest.push(up),
        }
    }
    for up in rest {
        if let Some(free) = (5..SLOTS.len() - 1).find(|&i| slots[i] == '.') {
            slots[free] = up;
        }
    }
    let white: String = slots.iter().collect();
    let fen = g.position_string(start);
    let holdings = if fen.contains('[') { g.types.iter().filter(|t| !t.royal).count() } else { 0 };
    format!("setup ({white}{}) {}x{}+{holdings}_fairy {fen}", white.to_ascii_lowercase(), grid.w, grid.h)
}

/// Asks the engine where pieces go on an almost empty board.
struct Probe<'p> {
    g: &'p Game,
    grid: &'p Grid,
    start: &'p State,
}

/// Where a piece goes from a cell: quiet moves, captures, hops (over a screen) that move and that capture.
#[derive(Default)]
struct Reach {
    quiet: BTreeSet<Step>,
    capture: BTreeSet<Step>,
    hop_quiet: BTreeSet<Step>,
    hop_capture: BTreeSet<Step>,
}

impl Probe<'_> {
    /// The position with the first player to move and only `pieces` (cell, kind) on the board.
    fn board(&self, pieces: &[(Cell, crate::ir::Kind)]) -> State {
        let mut st = self.start.clone();
        st.board.iter_mut().for_each(|k| *k = 0);
        st.stacks.clear();
        for &(c, k) in pieces {
            st.board[c as usize] = k;
        }
        st.to_move = 0;
        self.g.refresh(&mut st);
        st
    }

    /// The landing cells of the piece on `from` at `st`, each with whether the move captures.
    fn targets(&self, st: &State, from: Cell) -> Vec<(Cell, bool)> {
        // The moves themselves, whatever the end rules say of so bare a board.
        let mut list = crate::engine::MoveList::default();
        self.g.has_legal_action(st, &mut list, &mut st.clone());
        let mut out = vec![];
        for m in &list.moves {
            if let Move::Piece(p) = m
                && p.from == from
                && p.stack == 0
            {
                out.push((p.to, self.g.is_capture(st, m, list.effects_of(m), crate::engine::ANY_TYPE)));
            }
        }
        out
    }

    /// The kind that stands in the way or is captured: the second player's first non-royal type.
    fn other(&self) -> Option<crate::ir::Kind> {
        let t = self.g.types.iter().position(|t| !t.royal)?;
        Some(self.g.kind(t as u8, 1, false))
    }

    /// Where type `t` goes from `c`.
    fn reach(&self, t: u8, c: Cell) -> Reach {
        let me = self.g.kind(t, 0, false);
        let mut r = Reach::default();
        for (to, _) in self.targets(&self.board(&[(c, me)]), c) {
            r.quiet.insert(self.grid.step(c, to));
        }
        let Some(other) = self.other() else { return r };
        for to in (0..self.g.board.len() as Cell).filter(|&x| x != c) {
            let st = self.board(&[(c, me), (to, other)]);
            if self.targets(&st, c).iter().any(|&(x, takes)| x == to && takes) {
                r.capture.insert(self.grid.step(c, to));
            }
        }
        for u in [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)] {
            let Some(screen) = self.grid.go(c, u) else { continue };
            let st = self.board(&[(c, me), (screen, other)]);
            for (to, takes) in self.targets(&st, c) {
                let s = self.grid.step(c, to);
                if !takes && is_beyond(s, u) && !r.quiet.contains(&s) {
                    r.hop_quiet.insert(s);
                }
            }
            for k in 2..self.grid.w.max(self.grid.h) {
                let Some(to) = self.grid.go(c, (u.0 * k, u.1 * k)) else { break };
                let st = self.board(&[(c, me), (screen, other), (to, other)]);
                if self.targets(&st, c).iter().any(|&(x, takes)| x == to && takes) {
                    r.hop_capture.insert((u.0 * k, u.1 * k));
                }
            }
        }
        r
    }

    /// The cells where the first player's pieces of type `t` start.
    fn start_cells(&self, t: u8) -> Vec<Cell> {
        let of_t =
            |k: crate::ir::Kind| k != 0 && self.g.kind_type[k as usize] == t && self.g.kind_owner[k as usize] == 0;
        (0..self.g.board.len() as Cell).filter(|&c| of_t(self.start.board[c as usize])).collect()
    }

    /// `piece X& BETZA` for type `t`, or why its moves cannot be written (they are not the
    /// same leaps and slides from every cell of the board).
    fn piece_line(&self, t: u8) -> Result<String, String> {
        let letter = self.g.types[t as usize].letter.to_ascii_uppercase();
        let centre = self.grid.at[((self.grid.h / 2) * self.grid.w + self.grid.w / 2) as usize];
        let c = centre.ok_or_else(|| format!("# piece {letter}: the board has no centre cell"))?;
        let r = self.reach(t, c);
        let starts = self.start_cells(t);
        let me = self.g.kind(t, 0, false);
        let quiet = components(&r.quiet, self.grid, 1);
        // Moves a piece has only from where it starts (a pawn's double step).
        let first: BTreeSet<Step> = match starts.first() {
            Some(&s) => self.reach_quiet(me, s).difference(&predicted(self.grid, s, &quiet)).copied().collect(),
            None => BTreeSet::new(),
        };
        let first = components(&first, self.grid, 1);
        for cell in 0..self.g.board.len() as Cell {
            let mut expected = predicted(self.grid, cell, &quiet);
            if starts.contains(&cell) {
                expected.extend(predicted(self.grid, cell, &first));
            }
            if self.reach_quiet(me, cell) != expected {
                let name = self.g.board.name(cell);
                return Err(format!("# piece {letter}: its moves from {name} are not those from the centre"));
            }
        }
        let split = |a: &BTreeSet<Step>, b: &BTreeSet<Step>| -> (BTreeSet<Step>, BTreeSet<Step>, BTreeSet<Step>) {
            (
                a.intersection(b).copied().collect(),
                a.difference(b).copied().collect(),
                b.difference(a).copied().collect(),
            )
        };
        let (both, m_only, c_only) = split(&r.quiet, &r.capture);
        let (hop_both, hop_m, hop_c) = split(&r.hop_quiet, &r.hop_capture);
        let text = [
            betza_text(&components(&m_only, self.grid, 1), "m"),
            betza_text(&components(&c_only, self.grid, 1), "c"),
            betza_text(&components(&both, self.grid, 1), ""),
            betza_text(&components(&hop_m, self.grid, 2), "mp"),
            betza_text(&components(&hop_c, self.grid, 2), "cp"),
            betza_text(&components(&hop_both, self.grid, 2), "p"),
            betza_text(&first, "im"),
        ]
        .into_iter()
        .collect::<Option<Vec<String>>>()
        .map(|v| v.concat())
        .unwrap_or_default();
        if text.is_empty() {
            return Err(format!("# piece {letter}: no leaps, slides and hops in Betza's notation describe its moves"));
        }
        Ok(format!("piece {letter}& {text}"))
    }

    /// Where the piece of kind `me` alone on the board goes from `c`, as steps.
    fn reach_quiet(&self, me: crate::ir::Kind, c: Cell) -> BTreeSet<Step> {
        self.targets(&self.board(&[(c, me)]), c).into_iter().map(|(to, _)| self.grid.step(c, to)).collect()
    }
}

/// Whether step `s` lies on the ray `u` beyond its first cell.
fn is_beyond(s: Step, u: Step) -> bool {
    (2..64).any(|k| (u.0 * k, u.1 * k) == s)
}

/// The Betza atom of a primitive step, by its two lengths: W F D N A H C Z G, else None.
fn atom(a: i32, b: i32) -> Option<char> {
    let (a, b) = (a.abs().max(b.abs()), a.abs().min(b.abs()));
    Some(match (a, b) {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// A leap or slide along one direction: the unit step, and how far (1: a leap; 0: to the
/// edge of the board; n: at most n cells); hops start their run at the second cell.
type Component = (Step, i32);

/// The steps `set` (seen from the centre) as components: along each direction, a run of a
/// step from its first multiple (`from`: 1, or 2 for hops) is a slide, a lone multiple a leap.
fn components(set: &BTreeSet<Step>, grid: &Grid, from: i32) -> Vec<Component> {
    let mut out = vec![];
    let mut done = BTreeSet::new();
    for &s in set {
        if done.contains(&s) {
            continue;
        }
        let g = gcd(s.0.abs(), s.1.abs()).max(1);
        let u = (s.0 / g, s.1 / g);
        let run = (from..).take_while(|k| set.contains(&(u.0 * k, u.1 * k))).count() as i32;
        let (unit, range) = if run >= 2 || (from == 2 && run >= 1) { (u, run + from - 1) } else { (s, 1) };
        let first = if unit == u { from } else { 1 };
        for k in first..=range {
            done.insert((unit.0 * k, unit.1 * k));
        }
        let edge = (1..).take_while(|&k| in_reach(grid, unit, k)).count() as i32;
        out.push((unit, if range > 1 && range >= edge { 0 } else { range }));
    }
    out
}

/// The cells components reach from `c` on the empty board, as steps.
fn predicted(grid: &Grid, c: Cell, comps: &[Component]) -> BTreeSet<Step> {
    let mut out = BTreeSet::new();
    for &(u, range) in comps {
        let last = if range == 0 { grid.w.max(grid.h) } else { range };
        for k in 1..=last {
            if grid.go(c, (u.0 * k, u.1 * k)).is_none() {
                break;
            }
            out.insert((u.0 * k, u.1 * k));
        }
    }
    out
}

/// Components in Betza's notation with the mode `prefix` (`m`, `c`, `p` …), directions
/// that share an atom and range grouped; None when one has no name in it.
fn betza_text(comps: &[Component], prefix: &str) -> Option<String> {
    let mut groups: std::collections::BTreeMap<(char, i32), Vec<Step>> = Default::default();
    for &(u, range) in comps {
        groups.entry((atom(u.0, u.1)?, range)).or_default().push(u);
    }
    let mut out = String::new();
    for ((a, range), dirs) in groups {
        let rider = match (a, range) {
            ('W', 0) => "R".to_string(),
            ('F', 0) => "B".to_string(),
            (a, 0) => format!("{a}{a}"),
            (a, 1) => a.to_string(),
            (a, n) => format!("{a}{n}"),
        };
        for m in direction_modifiers(&dirs)? {
            out.push_str(&format!("{prefix}{m}{rider}"));
        }
    }
    Some(out)
}

/// Whether a step `k` times `u` from the centre stays on a board of the grid's size.
fn in_reach(grid: &Grid, u: Step, k: i32) -> bool {
    let (x, y) = (grid.w / 2 + u.0 * k, grid.h / 2 + u.1 * k);
    (0..grid.w).contains(&x) && (0..grid.h).contains(&y)
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The direction modifiers covering `dirs` of an atom, one component each: none for all of
/// its directions, else the fewest of `s v f b l r` (orthogonal atoms one direction each),
/// `ff bb ll rr fs bs` for the pairs of an oblique atom, `fl fr bl br` for a diagonal's
/// corners; None when a direction is left that has no name (one of an oblique atom's eight).
fn direction_modifiers(dirs: &[Step]) -> Option<Vec<String>> {
    let all = all_directions(dirs[0]);
    let have: BTreeSet<Step> = dirs.iter().copied().collect();
    if have.len() == all.len() {
        return Some(vec![String::new()]);
    }
    let oblique = dirs[0].0.abs() != dirs[0].1.abs() && dirs[0].0 != 0 && dirs[0].1 != 0;
    let named: [Named; 12] = [
        ("s", |s| s.1 == 0, false),
        ("v", |s| s.0 == 0, false),
        ("f", |s| s.1 > 0, false),
        ("b", |s| s.1 < 0, false),
        ("l", |s| s.0 < 0, false),
        ("r", |s| s.0 > 0, false),
        ("ff", |s| s.1 > 0 && s.1.abs() > s.0.abs(), true),
        ("bb", |s| s.1 < 0 && s.1.abs() > s.0.abs(), true),
        ("fs", |s| s.1 > 0 && s.0.abs() > s.1.abs(), true),
        ("bs", |s| s.1 < 0 && s.0.abs() > s.1.abs(), true),
        ("ll", |s| s.0 < 0 && s.0.abs() > s.1.abs(), true),
        ("rr", |s| s.0 > 0 && s.0.abs() > s.1.abs(), true),
    ];
    let mut out = vec![];
    let mut left = have.clone();
    for (name, test, pairs) in named {
        let group: BTreeSet<Step> = all.iter().copied().filter(|&s| test(s)).collect();
        let orthogonal = dirs[0].0 == 0 || dirs[0].1 == 0;
        let fits = if oblique { pairs || group.len() == 4 } else { !pairs && (group.len() > 1 || orthogonal) };
        if fits && !group.is_empty() && group.is_subset(&left) {
            out.push(name.to_string());
            left = left.difference(&group).copied().collect();
        }
    }
    for s in left {
        if oblique {
            return None;
        }
        out.push(corner(s));
    }
    Some(out)
}

/// A diagonal's corner: `fl`, `fr`, `bl`, `br`.
fn corner(s: Step) -> String {
    let v = if s.1 > 0 { "f" } else { "b" };
    let h = if s.0 > 0 { "r" } else { "l" };
    format!("{v}{h}")
}

/// A direction modifier: its letters, which steps it names, whether it names an oblique pair.
type Named = (&'static str, fn(Step) -> bool, bool);

/// The eight (or four) directions of the atom of step `s`.
fn all_directions(s: Step) -> BTreeSet<Step> {
    let (a, b) = (s.0.abs(), s.1.abs());
    let mut out = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            out.insert((x * sx, y * sy));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty 8 by 8 grid.
    fn grid() -> Grid {
        let xy: Vec<(i32, i32)> = (0..64).map(|i| (i % 8, i / 8)).collect();
        Grid { w: 8, h: 8, at: (0..64).map(Some).collect(), xy }
    }

    /// The Betza text of the steps a piece reaches from the centre (e5).
    fn text(steps: &[Step], from: i32, prefix: &str) -> Option<String> {
        betza_text(&components(&steps.iter().copied().collect(), &grid(), from), prefix)
    }

    /// The steps along `u` from the centre to the edge.
    fn ray(u: Step) -> Vec<Step> {
        (1..8)
            .map(|k| (u.0 * k, u.1 * k))
            .take_while(|s| (0..8).contains(&(4 + s.0)) && (0..8).contains(&(4 + s.1)))
            .collect()
    }

    #[test]
    fn leaps_and_slides_by_atom_and_direction() {
        let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        assert_eq!(text(&knight, 1, "").as_deref(), Some("N"));
        assert_eq!(text(&[(1, 2), (-1, 2)], 1, "").as_deref(), Some("ffN"));
        assert_eq!(text(&[(0, 1)], 1, "m").as_deref(), Some("mfW"));
        assert_eq!(text(&[(1, 1), (-1, 1)], 1, "c").as_deref(), Some("cfF"));
        let rook: Vec<Step> = [(0, 1), (1, 0), (0, -1), (-1, 0)].into_iter().flat_map(ray).collect();
        assert_eq!(text(&rook, 1, "").as_deref(), Some("R"));
        let lance = ray((0, 1));
        assert_eq!(text(&lance, 1, "").as_deref(), Some("fR"));
        // Two cells at most: a range.
        assert_eq!(
            text(&[(0, 1), (0, 2), (0, -1), (0, -2), (1, 0), (2, 0), (-1, 0), (-2, 0)], 1, "").as_deref(),
            Some("W2")
        );
    }

    #[test]
    fn hops_run_from_the_second_cell() {
        let beyond: Vec<Step> =
            [(0, 1), (1, 0), (0, -1), (-1, 0)].into_iter().flat_map(|u| ray(u).into_iter().skip(1)).collect();
        assert_eq!(text(&beyond, 2, "cp").as_deref(), Some("cpR"));
    }

    #[test]
    fn a_lone_oblique_direction_has_no_name() {
        assert_eq!(text(&[(1, 2)], 1, ""), None);
        assert_eq!(text(&[(1, 1)], 1, "").as_deref(), Some("frF"));
    }
}
