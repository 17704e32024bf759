//! The legacy compiler: resolves every use of a name again and generates the compiled
//! game's tables, reporting what it cannot resolve (deduplicated at the end). Called only
//! after [`super::check`] found no problem; being replaced by lowering.

use super::{Checked, decls, expand};
use crate::board::Board;
use crate::check::merged::Merged;
use crate::diag::Diag;
use crate::ir::*;
use crate::syntax::ast::{self, Arg, Cond, Expr, Name, Pattern, Selector};
use std::collections::HashMap;

/// Where a condition is used: some atoms only make sense in some places.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Pattern,
    Trigger,
    End,
}

/// Compiles a checked spec.
pub(super) fn compile_checked(checked: Checked<'_>, path: &str) -> Result<Game, Vec<Diag>> {
    let Checked { spec, merged: m, board, decls: mut d } = checked;
    let (players, factions) = (d.players.clone(), d.factions.clone());
    let (np, nf, nt, nstates) = (players.len(), factions.len(), d.types.len(), d.nstates);
    let registers = d.registers.clone();
    let long_regs = d.long_regs.clone();
    let tally_layout = d.tally_layout.clone();
    let nk = 1 + nt * nf * nstates;
    let mut kind_type = vec![0u8; nk];
    let mut kind_owner = vec![0u8; nk];
    let mut kind_moved = vec![false; nk];
    let mut kind_state = vec![0u16; nk];
    for t in 0..nt {
        for p in 0..nf {
            for s in 0..nstates {
                let k = 1 + (t * nf + p) * nstates + s;
                kind_type[k] = t as u8;
                kind_owner[k] = p as u8;
                kind_moved[k] = s % 2 == 1;
                kind_state[k] = s as u16;
            }
        }
    }
    let errs = std::mem::take(&mut d.errs);
    let mut c = Compiler {
        m: &m,
        board: &board,
        d,
        conds: vec![],
        cond_ids: HashMap::new(),
        exprs: vec![],
        turn_tables: vec![],
        leap_tables: vec![],
        errs,
    };
    // Programs and promotions.
    let mut programs = vec![];
    let mut moves_of = vec![vec![]; nt * np];
    let mut attacks_of: Vec<Vec<u16>> = vec![vec![]; nt * np];
    let mut promotions = vec![vec![]; nt * np];
    for pd in &m.pieces {
        let Some(t) = c.d.type_index(&pd.name.text) else {
            c.errs.push(Diag::legacy(pd.name.span, format!("unknown piece `{}`", pd.name.text), c.d.piece_hint()));
            continue;
        };
        for p in 0..np as u8 {
            for pat in &pd.moves {
                if let Some(prog) = c.program(pat, p, &registers) {
                    moves_of[t * np + p as usize].push(programs.len() as u16);
                    programs.push(prog);
                }
            }
            for pat in &pd.attacks {
                if let Some(prog) = c.program(pat, p, &registers) {
                    attacks_of[t * np + p as usize].push(programs.len() as u16);
                    programs.push(prog);
                }
            }
            for pr in &pd.promotes {
                let Some(z) = c.d.zone_for(&pr.zone, p) else {
                    c.errs.push(Diag::legacy(
                        pr.zone.span,
                        format!("unknown zone `{}`", pr.zone.text),
                        c.d.zone_hint(),
                    ));
                    continue;
                };
                let mut to = vec![];
                for n in &pr.to {
                    match c.d.type_index(&n.text) {
                        Some(i) => to.push(i as u8),
                        None => {
                            c.errs.push(Diag::legacy(n.span, format!("unknown piece `{}`", n.text), c.d.piece_hint()))
                        }
                    }
                }
                promotions[t * np + p as usize].push(Promotion { zone: z, optional: pr.optional, to });
            }
        }
    }

    // Attack probes.
    let mut probes: Vec<Vec<(Probe, Vec<bool>)>> = vec![vec![]; np];
    let mut forward: Vec<Vec<(u16, Vec<bool>)>> = vec![vec![]; np];
    for t in 0..nt {
        for p in 0..np {
            // A player attacks with its own pieces and with the neutral ones it may move.
            let kinds: Vec<bool> = (0..nk)
                .map(|k| {
                    k != 0
                        && kind_type[k] as usize == t
                        && (kind_owner[k] as usize == p || kind_owner[k] as usize >= np)
                })
                .collect();
            let attack_progs =
                if attacks_of[t * np + p].is_empty() { &moves_of[t * np + p] } else { &attacks_of[t * np + p] };
            for &pi in attack_progs {
                let prog: &Program = &programs[pi as usize];
                if !prog.captures {
                    continue;
                }
                match prog.probes.clone() {
                    Some(list) => {
                        for pr in list {
                            match probes[p].iter_mut().find(|(q, _)| *q == pr) {
                                Some((_, ks)) => ks.iter_mut().zip(&kinds).for_each(|(a, b)| *a |= *b),
                                None => probes[p].push((pr, kinds.clone())),
                            }
                        }
                    }
                    None => forward[p].push((pi, kinds.clone())),
                }
            }
        }
    }

    let mut tallies = vec![];
    for (i, t) in m.tallies.iter().enumerate() {
        let mut types = 0u64;
        for n in &t.types {
            match c.d.type_index(&n.text) {
                Some(x) => types |= 1 << x,
                None => {
                    let h = c.d.piece_hint();
                    c.errs.push(Diag::legacy(n.span, format!("unknown piece `{}`", n.text), h));
                }
            }
        }
        let mut progs = vec![];
        for p in 0..np as u8 {
            if let Some(prog) = c.program(&t.when, p, &registers) {
                progs.push(programs.len() as u16);
                programs.push(prog);
            }
        }
        let (stride, max) = tally_layout[i];
        tallies.push(TallyRule { name: t.name.text.clone(), max: max as u8, types, stride, progs });
    }

    // Decision steps: follow-ups first (then(NAME) refers to them by index), then the setup.
    let mut steps = vec![];
    let mut setup_steps = vec![];
    let all: Vec<(&ast::Step, bool)> = m
        .followups
        .iter()
        .map(|s| (*s, false))
        .chain(m.setup.iter().flat_map(|v| v.iter().map(|s| (s, true))))
        .collect();
    for (s, is_setup) in all {
        let agent = match s.agent.text.as_str() {
            "chance" => Agent::Chance,
            "mover" => Agent::Mover,
            "opponent" => Agent::Opponent,
            t => {
                if let Some(p) = players.iter().position(|x| x == t) {
                    Agent::Player(p as u8)
                } else if let Some((slot, false)) = c.d.var(t) {
                    Agent::Var(slot)
                } else {
                    c.errs.push(Diag::legacy(
                        s.agent.span,
                        format!("unknown agent `{t}`"),
                        "write chance, mover, opponent, a player or a counter holding a player index",
                    ));
                    Agent::Mover
                }
            }
        };
        let body = match &s.body {
            ast::StepBody::Choose(cond, stmts) => {
                let ids = (0..np as u8)
                    .map(|p| {
                        let cc = c.cond(cond, p, Place::Pattern, &registers);
                        c.intern(cc)
                    })
                    .collect();
                StepBody::Choose(ids, stmts.iter().filter_map(|x| c.decision_stmt(x, 0)).collect())
            }
            ast::StepBody::Outcomes(outs) => StepBody::Outcomes(
                outs.iter()
                    .map(|(n, w, stmts)| {
                        let w = w.as_ref().map(|e| {
                            let e = c.expr(e, 0);
                            c.expr_id(e)
                        });
                        (n.text.clone(), w, stmts.iter().filter_map(|x| c.decision_stmt(x, 0)).collect())
                    })
                    .collect(),
            ),
            ast::StepBody::Relocate(pat, stmts) => {
                let mut progs = vec![];
                for p in 0..np as u8 {
                    let mut v = vec![];
                    if let Some(prog) = c.program(pat, p, &registers) {
                        v.push(programs.len() as u16);
                        programs.push(prog);
                    }
                    progs.push(v);
                }
                StepBody::Relocate(progs, stmts.iter().filter_map(|x| c.decision_stmt(x, 0)).collect())
            }
        };
        if is_setup {
            setup_steps.push(steps.len() as u16);
        }
        steps.push(DecisionStep { name: s.name.text.clone(), agent, hidden: s.hidden, body });
    }
    if setup_steps.len() > 250 {
        c.errs.push(Diag::legacy(spec.origin, "too many setup steps", "use at most 250"));
    }

    // Demotion types for `pocket`.
    for p in &spec.pieces {
        if let Some(d) = &p.demote {
            let (Some(t), Some(to)) = (c.d.type_index(&p.letter.text), c.d.type_index(&d.text)) else {
                let h = c.d.piece_hint();
                c.errs.push(Diag::legacy(d.span, format!("unknown piece `{}`", d.text), h));
                continue;
            };
            c.d.types[t].demote = Some(to as u8);
        }
    }
    let mut drops = vec![];
    for (names, cond) in &m.drops {
        let mut mask = 0u64;
        for n in names {
            match c.d.type_index(&n.text) {
                Some(i) if c.d.reserves.iter().any(|(t, _)| *t as usize == i) => mask |= 1 << i,
                Some(_) => c.errs.push(Diag::legacy(
                    n.span,
                    format!("`{}` has no reserve to drop from", n.text),
                    "declare one in [reserve.PLAYER] (it may start at 0)",
                )),
                None => {
                    let h = c.d.piece_hint();
                    c.errs.push(Diag::legacy(n.span, format!("unknown piece `{}`", n.text), h));
                }
            }
        }
        let ids = (0..np as u8)
            .map(|p| {
                let cc = c.cond(cond, p, Place::Pattern, &registers);
                c.intern(cc)
            })
            .collect();
        drops.push((mask, ids));
    }
    let mut requires = vec![];
    for (names, cond) in &m.requires {
        let mut mask = 0u64;
        for n in names {
            match c.d.type_index(&n.text) {
                Some(i) => mask |= 1 << i,
                None => {
                    let h = c.d.piece_hint();
                    c.errs.push(Diag::legacy(n.span, format!("unknown piece `{}`", n.text), h));
                }
            }
        }
        let cc = c.cond(cond, 0, Place::Trigger, &registers);
        requires.push((mask, c.intern(cc)));
    }

    // Triggers and ends.
    let mut triggers = vec![];
    for t in &m.triggers {
        let mut types = 0u64;
        for n in &t.types {
            match c.d.type_index(&n.text) {
                Some(i) => types |= 1 << i,
                None => c.errs.push(Diag::legacy(n.span, format!("unknown piece `{}`", n.text), c.d.piece_hint())),
            }
        }
        let by = t.by.as_ref().and_then(|n| {
            let p = players.iter().position(|q| *q == n.text);
            if p.is_none() {
                c.errs.push(Diag::legacy(
                    n.span,
                    format!("unknown player `{}`", n.text),
                    format!("players are {}", players.join(", ")),
                ));
            }
            p.map(|p| p as u8)
        });
        let cond = t.cond.as_ref().map(|x| {
            let cc = c.cond(x, 0, Place::Trigger, &registers);
            c.intern(cc)
        });
        let mut stmts = vec![];
        for s in &t.stmts {
            match s {
                ast::Stmt::Assign(n, op, e) => match c.d.var(&n.text) {
                    Some((slot, per)) => {
                        let e = c.expr(e, 0);
                        stmts.push(Stmt::Assign(slot, per, (*op).into(), e));
                    }
                    None => c.errs.push(Diag::legacy(
                        n.span,
                        format!("unknown counter `{}`", n.text),
                        "declare it with `counter NAME = 0`",
                    )),
                },
                ast::Stmt::Change(_)
                | ast::Stmt::RemoveAt(_)
                | ast::Stmt::Start(_)
                | ast::Stmt::Reset(_)
                | ast::Stmt::Pocket => {
                    if let Some(s) = c.decision_stmt(s, 0) {
                        stmts.push(s);
                    }
                }
                ast::Stmt::Drop(tn, at) => {
                    let Some(ti) = c.d.type_index(&tn.text) else {
                        c.errs.push(Diag::legacy(tn.span, format!("unknown piece `{}`", tn.text), c.d.piece_hint()));
                        continue;
                    };
                    let Some(&(_, slot)) = c.d.reserves.iter().find(|(t, _)| *t as usize == ti) else {
                        c.errs.push(Diag::legacy(
                            tn.span,
                            format!("no reserve of `{}`", tn.text),
                            "declare one in [reserve.PLAYER]",
                        ));
                        continue;
                    };
                    let from = match at.text.as_str() {
                        "from" => true,
                        "to" => false,
                        _ => {
                            c.errs.push(Diag::legacy(
                                at.span,
                                "drop where?",
                                "write `at from` (the cell left) or `at to` (the cell reached)",
                            ));
                            continue;
                        }
                    };
                    stmts.push(Stmt::Drop(ti as u8, slot, from));
                }
            }
        }
        triggers.push(Trigger { event: t.event.into(), types, by, cond, stmts });
    }
    let mut ends = vec![];
    for e in &m.ends {
        let cc = c.cond(&e.cond, 0, Place::End, &registers);
        let automatic = e.auto || mentions(&cc, &|x| matches!(x, C::Repetition(_))) || mentions_clock(&cc, &c.d.vars);
        let needs_moves = mentions(&cc, &|x| matches!(x, C::NoMoves | C::CanCapture(_)));
        let id = c.intern(cc);
        ends.push(EndRule { outcome: e.outcome.into(), cond: id, automatic, needs_moves });
    }

    // Setup.
    let mut setup = vec![0u8; board.len()];
    let mut setup_stacks = vec![];
    for (pl, letter, cell) in &spec.setup {
        let p = factions.iter().position(|q| *q == pl.text);
        let t = c.d.type_index(&letter.text);
        let cl = board.cell(&cell.text);
        if p.is_none() {
            c.errs.push(Diag::legacy(
                pl.span,
                format!("unknown player `{}` in the setup", pl.text),
                format!("players and factions are {}", factions.join(", ")),
            ));
        }
        if t.is_none() {
            c.errs.push(Diag::legacy(
                letter.span,
                format!("unknown piece `{}` in the setup", letter.text),
                c.d.piece_hint(),
            ));
        }
        if cl.is_none() {
            c.errs.push(Diag::legacy(
                cell.span,
                format!("unknown cell `{}` in the setup", cell.text),
                "name a cell of the board",
            ));
        }
        if let (Some(p), Some(t), Some(cl)) = (p, t, cl) {
            let k = 1 + ((t * nf + p) * nstates) as u8;
            if setup[cl as usize] == 0 {
                setup[cl as usize] = k;
            } else if spec.stacks {
                setup_stacks.push((cl, k));
            } else {
                c.errs.push(Diag::legacy(
                    cell.span,
                    format!("cell `{}` is already occupied", cell.text),
                    "each cell holds one piece (set `stacks = true` in [game] for starting stacks)",
                ));
            }
        }
    }
    let mut init_vars = vec![0i64; c.d.nslots];
    for v in &c.d.vars {
        let n = if v.per_player { np } else { 1 };
        for i in 0..n {
            init_vars[v.slot as usize + i] = v.init;
        }
    }
    for (pl, letter, n) in &spec.reserves {
        let p = players.iter().position(|q| *q == pl.text);
        let t = c.d.type_index(&letter.text);
        match (p, t) {
            (Some(p), Some(t)) => {
                let slot = c.d.reserves.iter().find(|(x, _)| *x as usize == t).unwrap().1;
                init_vars[slot as usize + p] = *n;
            }
            _ => c.errs.push(Diag::legacy(
                pl.span,
                "unknown player or piece in [reserve]",
                "write [reserve.PLAYER] with PIECE = COUNT",
            )),
        }
    }
    let mut fen = FenMap::default();
    for (l, cells) in &spec.castling {
        let mut v = vec![];
        for n in cells {
            match board.cell(&n.text) {
                Some(x) => v.push(x),
                None => {
                    c.errs.push(Diag::legacy(n.span, format!("unknown cell `{}`", n.text), "name a cell of the board"))
                }
            }
        }
        fen.castling.push((l.text.chars().next().unwrap_or('-'), v));
    }
    for (field, slot) in [(&spec.halfmove, &mut fen.halfmove), (&spec.fullmove, &mut fen.fullmove)] {
        if let Some(n) = field {
            match c.d.var(&n.text) {
                Some((s, false)) => *slot = Some(s),
                _ => c.errs.push(Diag::legacy(
                    n.span,
                    format!("unknown counter `{}`", n.text),
                    "name a counter declared in the rules",
                )),
            }
        }
    }
    // Stacks: the smallest kind on the board, the rest sorted (as the state keeps them).
    Game::canonical_stacks(&mut setup, &mut setup_stacks);
    // Letters: upper case for the first player, lower case for the others, unless given.
    let mut letters = vec![];
    for f in 0..nf {
        for t in &c.d.types {
            letters.push(if f == 0 { t.letter } else { t.letter.to_ascii_lowercase() });
        }
    }
    for (f, piece, l) in &spec.letters {
        match (factions.iter().position(|x| *x == f.text), c.d.type_index(&piece.text)) {
            (Some(fi), Some(ti)) => letters[fi * nt + ti] = l.text.chars().next().unwrap(),
            (None, _) => c.errs.push(Diag::legacy(
                f.span,
                format!("unknown faction `{}`", f.text),
                format!("players and factions are {}", factions.join(", ")),
            )),
            (_, None) => {
                let h = c.d.piece_hint();
                c.errs.push(Diag::legacy(piece.span, format!("unknown piece `{}`", piece.text), h));
            }
        }
    }
    for (i, l) in letters.iter().enumerate() {
        if letters[..i].contains(l) {
            c.errs.push(Diag::legacy(
                spec.letters.first().map(|x| x.2.span).unwrap_or_default(),
                format!("letter `{l}` is used by two factions' pieces"),
                "give each faction's pieces their own letters in [letters.FACTION]",
            ));
            break;
        }
    }
    let mut beats = vec![0u64; nt];
    for (a, b) in &m.beats {
        match (c.d.type_index(&a.text), c.d.type_index(&b.text)) {
            (Some(x), Some(y)) => beats[x] |= 1 << y,
            _ => {
                let h = c.d.piece_hint();
                let bad = if c.d.type_index(&a.text).is_none() { a } else { b };
                c.errs.push(Diag::legacy(bad.span, format!("unknown piece `{}`", bad.text), h));
            }
        }
    }
    let mut pushes = vec![];
    for (d, cond, step) in &m.pushes {
        let Some(dirs) = c.dirs(&d.text, 0) else {
            let e = c.unknown_dir(d);
            c.errs.push(e);
            continue;
        };
        let Some(si) = c.d.followup_names.iter().position(|x| *x == step.text) else {
            c.errs.push(Diag::legacy(
                step.span,
                format!("unknown follow-up `{}`", step.text),
                "declare it with `followup NAME by AGENT: ...`",
            ));
            continue;
        };
        let ids = (0..np as u8)
            .map(|p| {
                let cc = c.cond(cond, p, Place::Pattern, &registers);
                c.intern(cc)
            })
            .collect();
        pushes.push(PushRule { dirs, cond: ids, step: si as u16 });
    }
    let mut custodians = vec![];
    for cu in &m.custodians {
        let Some(dirs) = c.dirs(&cu.dirs.text, 0) else {
            let d = c.unknown_dir(&cu.dirs);
            c.errs.push(d);
            continue;
        };
        let choose = match &cu.choose {
            None => false,
            Some(o) => match c.d.options.iter().find(|(n, _)| *n == o.text) {
                Some((_, v)) => *v != 0,
                None => {
                    c.errs.push(Diag::legacy(
                        o.span,
                        format!("unknown option `{}`", o.text),
                        "declare it in [options]",
                    ));
                    false
                }
            },
        };
        custodians.push(CustodianRule { dirs, colour: cu.colour.map(|n| n.clamp(1, 255) as u8), choose });
    }
    if !c.errs.is_empty() {
        // Per-player compilation can find the same problem once per player.
        let mut seen = vec![];
        c.errs.retain(|d| {
            let key = (d.span, d.message.clone());
            let new = !seen.contains(&key);
            seen.push(key);
            new
        });
        return Err(c.errs);
    }
    let has_royal = c.d.types.iter().any(|t| t.royal);
    // Which types' moved flags matter: a type whose own program tests `unmoved`, or one
    // named next to `unmoved` in a test.
    let mut tracks_moved = vec![false; nt];
    fn unmoved_types(c: &C, out: &mut u64, own: &mut bool) {
        match c {
            C::Unmoved => *own = true,
            C::And(v) => {
                let mask: u64 = v.iter().map(|x| if let C::Type(m) = x { *m } else { 0 }).fold(0, |a, b| a | b);
                if v.iter().any(|x| matches!(x, C::Unmoved)) && mask != 0 {
                    *out |= mask;
                } else {
                    v.iter().for_each(|x| unmoved_types(x, out, own));
                }
            }
            C::Or(v) => v.iter().for_each(|x| unmoved_types(x, out, own)),
            C::Not(x) => unmoved_types(x, out, own),
            _ => {}
        }
    }
    for t in 0..nt {
        for p in 0..np {
            for &pi in &moves_of[t * np + p] {
                for op in &programs[pi as usize].ops {
                    let id = match op {
                        Op::Test(id) | Op::Ray(_, _, id) | Op::Leap(_, id) => *id,
                        _ => continue,
                    };
                    let (mut mask, mut own) = (0u64, false);
                    unmoved_types(&c.conds[id as usize], &mut mask, &mut own);
                    tracks_moved[t] |= own;
                    for (u, tm) in tracks_moved.iter_mut().enumerate() {
                        *tm |= mask & (1 << u) != 0;
                    }
                }
            }
        }
    }
    let mut display_zones = vec![];
    for (z, glyph) in &spec.display_zones {
        match c.d.zone_for(z, 0) {
            Some(id) => display_zones.push((id, glyph.text.chars().next().unwrap_or('.'))),
            None => {
                let h = c.d.zone_hint();
                c.errs.push(Diag::legacy(z.span, format!("unknown zone `{}`", z.text), h));
            }
        }
    }
    let mut display_fills = vec![];
    for (z, col) in &spec.display_fills {
        match c.d.zone_for(z, 0) {
            Some(id) => display_fills.push((id, col.text.clone())),
            None => {
                let h = c.d.zone_hint();
                c.errs.push(Diag::legacy(z.span, format!("unknown zone `{}`", z.text), h));
            }
        }
    }
    let mut faction_colours = vec![None; nf];
    for (f, col) in &spec.display_factions {
        match factions.iter().position(|x| *x == f.text) {
            Some(i) => faction_colours[i] = Some(col.text.clone()),
            None => c.errs.push(Diag::legacy(
                f.span,
                format!("unknown faction `{}`", f.text),
                format!("factions are {}", factions.join(", ")),
            )),
        }
    }
    if !c.errs.is_empty() {
        return Err(c.errs);
    }
    let mut game = Game {
        drops,
        display_fills,
        faction_colours,
        display_zones,
        tallies,
        nstates,
        kind_state,
        attacks_of,
        requires,
        steps,
        setup_steps,
        tracks_moved,
        name: if spec.name.is_empty() { path.to_string() } else { spec.name.clone() },
        path: path.to_string(),
        board: board.clone(),
        players,
        factions,
        letters,
        beats,
        pushes,
        long_regs,
        has_stacks: spec.stacks,
        setup_stacks,
        types: c.d.types,
        kind_type,
        kind_owner,
        kind_moved,
        programs,
        moves_of,
        promotions,
        leap_tables: c.leap_tables,
        zone_sets: c.d.zone_sets,
        zones: c.d.zones,
        turn_tables: c.turn_tables,
        conds: c.conds,
        exprs: c.exprs,
        vars: c.d.vars,
        nslots: c.d.nslots,
        registers,
        triggers,
        ends,
        probes,
        forward_attacks: forward,
        has_royal,
        setup,
        init_vars,
        fen,
        options: c.d.options,
        reserves: c.d.reserves,
        custodians,
        attack: Default::default(),
    };
    game.attack = crate::opt::attack::build(&game);
    Ok(game)
}

fn mentions(c: &C, f: &dyn Fn(&C) -> bool) -> bool {
    f(c) || match c {
        C::And(v) | C::Or(v) => v.iter().any(|x| mentions(x, f)),
        C::Not(x) => mentions(x, f),
        _ => false,
    }
}

fn mentions_clock(c: &C, vars: &[Var]) -> bool {
    fn e_clock(e: &E, vars: &[Var]) -> bool {
        match e {
            E::Var(s, _, _) => vars.iter().any(|v| v.slot == *s && v.clock),
            E::Max(a, b) | E::Min(a, b) | E::Add(a, b) | E::Sub(a, b) => e_clock(a, vars) || e_clock(b, vars),
            _ => false,
        }
    }
    mentions(c, &|x| matches!(x, C::Cmp(a, _, b) if e_clock(a, vars) || e_clock(b, vars)))
}

/// Whether a final test can hold an enemy piece (so the program can capture by landing).
fn can_hold_enemy(c: &C) -> bool {
    match c {
        C::Empty | C::Friend => false,
        C::And(v) => v.iter().all(can_hold_enemy),
        C::Or(v) => v.iter().any(can_hold_enemy),
        _ => true,
    }
}

/// Constant value of an expression, if it has one.
fn constant(e: &E) -> Option<i64> {
    match e {
        E::Int(v) => Some(*v),
        E::Add(a, b) => Some(constant(a)? + constant(b)?),
        E::Sub(a, b) => Some(constant(a)? - constant(b)?),
        E::Max(a, b) => Some(constant(a)?.max(constant(b)?)),
        E::Min(a, b) => Some(constant(a)?.min(constant(b)?)),
        _ => None,
    }
}

/// The reversed forms of a program for attack detection: a slide, or fixed paths of steps.
fn reverse_probes(ops: &[Op], exprs: &[E], turns: &[Vec<Vec<u8>>]) -> Option<Vec<Probe>> {
    let mut i = 0;
    let mut origin = u16::MAX;
    if let Some(Op::Test(t)) = ops.first() {
        origin = *t;
        i = 1;
    }
    if let Some(Op::Ray(dirs, max, fin)) = ops.get(i) {
        let max = if *max == u16::MAX { 64 } else { constant(&exprs[*max as usize])?.clamp(0, 64) as u16 };
        return Some(dirs.iter().map(|&d| Probe { steps: vec![(d, *fin)], ray: Some(max), origin }).collect());
    }
    let mut paths: Vec<Vec<(u8, u16)>> = vec![vec![]];
    while i < ops.len() {
        match &ops[i] {
            Op::Step(ds) => {
                paths = paths
                    .iter()
                    .flat_map(|p| {
                        ds.iter().map(move |&d| {
                            let mut q = p.clone();
                            q.push((d, u16::MAX));
                            q
                        })
                    })
                    .collect();
            }
            Op::Turn(tb) => {
                let mut next = vec![];
                for p in &paths {
                    let last = p.last()?.0;
                    for &d in &turns[*tb as usize][last as usize] {
                        let mut q = p.clone();
                        q.push((d, u16::MAX));
                        next.push(q);
                    }
                }
                paths = next;
            }
            Op::Test(t) => {
                for p in paths.iter_mut() {
                    let last = p.last_mut()?;
                    if last.1 != u16::MAX {
                        return None;
                    }
                    last.1 = *t;
                }
            }
            Op::Emit => break,
            _ => return None,
        }
        i += 1;
    }
    if paths.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(paths.into_iter().map(|steps| Probe { steps, ray: None, origin }).collect())
}

struct Compiler<'a> {
    m: &'a Merged<'a>,
    board: &'a Board,
    d: decls::Decls,
    conds: Vec<C>,
    cond_ids: HashMap<C, u16>,
    exprs: Vec<E>,
    turn_tables: Vec<Vec<Vec<u8>>>,
    leap_tables: Vec<Vec<Vec<crate::board::Cell>>>,
    errs: Vec<Diag>,
}

struct Cg {
    ops: Vec<Op>,
    marks: Vec<String>,
    depth: u8,
    player: u8,
    has_effects: bool,
}

impl Compiler<'_> {
    fn intern(&mut self, c: C) -> u16 {
        if let Some(&i) = self.cond_ids.get(&c) {
            return i;
        }
        let i = self.conds.len() as u16;
        self.cond_ids.insert(c.clone(), i);
        self.conds.push(c);
        i
    }

    fn expr_id(&mut self, e: E) -> u16 {
        if let Some(i) = self.exprs.iter().position(|x| *x == e) {
            return i as u16;
        }
        self.exprs.push(e);
        (self.exprs.len() - 1) as u16
    }

    /// Compiles a statement of a trigger or decision step.
    fn decision_stmt(&mut self, s: &ast::Stmt, p: u8) -> Option<Stmt> {
        match s {
            ast::Stmt::Assign(n, op, e) => match self.d.var(&n.text) {
                Some((slot, per)) => {
                    let e = self.expr(e, p);
                    Some(Stmt::Assign(slot, per, (*op).into(), e))
                }
                None => {
                    self.errs.push(Diag::legacy(
                        n.span,
                        format!("unknown counter `{}`", n.text),
                        "declare it with `counter NAME = 0`",
                    ));
                    None
                }
            },
            ast::Stmt::Drop(tn, at) => {
                let ti = self.d.type_index(&tn.text);
                let slot = ti.and_then(|t| self.d.reserves.iter().find(|(x, _)| *x as usize == t).map(|r| r.1));
                match (ti, slot, at.text.as_str()) {
                    (Some(t), Some(slot), "from" | "to") => Some(Stmt::Drop(t as u8, slot, at.text == "from")),
                    _ => {
                        self.errs.push(Diag::legacy(
                            tn.span,
                            "cannot drop here",
                            "write `drop T at from|to` for a type with a reserve",
                        ));
                        None
                    }
                }
            }
            ast::Stmt::Change(t) => match self.d.type_index(&t.text) {
                Some(i) => Some(Stmt::Change(i as u8)),
                None => {
                    let h = self.d.piece_hint();
                    self.errs.push(Diag::legacy(t.span, format!("unknown piece `{}`", t.text), h));
                    None
                }
            },
            ast::Stmt::RemoveAt(r) => match r.text.as_str() {
                "chosen" => Some(Stmt::RemoveAt(true)),
                "cell" => Some(Stmt::RemoveAt(false)),
                _ => {
                    self.errs.push(Diag::legacy(
                        r.span,
                        format!("unknown cell reference `{}`", r.text),
                        "write `remove chosen` or `remove cell`",
                    ));
                    None
                }
            },
            ast::Stmt::Start(e) => {
                let e = self.expr(e, p);
                Some(Stmt::Start(e))
            }
            ast::Stmt::Pocket => Some(Stmt::Pocket),
            ast::Stmt::Reset(n) => match self.d.tally_names.iter().position(|x| *x == n.text) {
                Some(i) => Some(Stmt::Reset(i as u8)),
                None => {
                    self.errs.push(Diag::legacy(
                        n.span,
                        format!("unknown tally `{}`", n.text),
                        "declare it with `tally NAME max N for TYPES when PATTERN`",
                    ));
                    None
                }
            },
        }
    }

    /// Absolute directions for a direction or set name, seen by player `p`.
    fn dirs(&self, name: &str, p: u8) -> Option<Vec<u8>> {
        decls::dirs(self.m, self.board, self.d.orient[p as usize], name)
    }

    fn turn_table(&mut self, angles: &[i64]) -> u16 {
        let dirs = &self.board.dirs;
        let table: Vec<Vec<u8>> = (0..dirs.len())
            .map(|d| {
                let mut v = vec![];
                for &a in angles {
                    let t = match dirs[d].angle {
                        Some(base) => {
                            let want = (base + a).rem_euclid(360);
                            dirs.iter().position(|x| x.angle == Some(want)).map(|i| i as u8)
                        }
                        None => (a.rem_euclid(360) == 0).then_some(d as u8),
                    };
                    if let Some(t) = t
                        && !v.contains(&t)
                    {
                        v.push(t);
                    }
                }
                v
            })
            .collect();
        if let Some(i) = self.turn_tables.iter().position(|t| *t == table) {
            return i as u16;
        }
        self.turn_tables.push(table);
        (self.turn_tables.len() - 1) as u16
    }

    fn program(&mut self, pat: &Pattern, p: u8, registers: &[String]) -> Option<Program> {
        let n_err = self.errs.len();
        let mut cg = Cg { ops: vec![], marks: vec![], depth: 0, player: p, has_effects: false };
        let pat = expand::expand(self.m, pat, &mut self.errs);
        // A slide at the end of a sequence of tests compiles to a single Ray instruction.
        let items: Vec<Pattern> = match &pat {
            Pattern::Seq(v, _) => v.clone(),
            other => vec![other.clone()],
        };
        let n = items.len();
        let mut fast = false;
        if n >= 3
            && items[..n - 3].iter().all(|x| matches!(x, Pattern::Test(..)))
            && let (Pattern::Dir(d), Pattern::Repeat(body, lo, hi, _), Pattern::Test(fin, _)) =
                (&items[n - 3], &items[n - 2], &items[n - 1])
        {
            {
                let lo0 = matches!(lo, Expr::Int(0, _));
                if let (true, Pattern::Seq(inner, _)) = (lo0, body.as_ref())
                    && inner.len() == 2
                    && matches!(&inner[0], Pattern::Test(Cond::Name(e), _) if e.text == "empty")
                    && matches!(&inner[1], Pattern::Dir(s) if s.text == "same")
                    && let Some(ds) = self.dirs(&d.text, p)
                {
                    for t in &items[..n - 3] {
                        self.codegen(t, &mut cg, registers);
                    }
                    let max = match hi {
                        None => u16::MAX,
                        Some(h) => {
                            let e = self.expr(h, p);
                            self.expr_id(E::Add(Box::new(e), Box::new(E::Int(1))))
                        }
                    };
                    let fc = self.cond(fin, p, Place::Pattern, registers);
                    let fin = self.intern(fc);
                    cg.ops.push(Op::Ray(ds, max, fin));
                    fast = true;
                }
            }
        }
        if !fast {
            self.codegen(&pat, &mut cg, registers);
            cg.ops.push(Op::Emit);
        }
        if self.errs.len() > n_err {
            return None;
        }
        // The landing test is the last test before Emit, past any effects.
        let last = cg.ops.iter().rev().find(|o| {
            !matches!(o, Op::Emit | Op::Mark(_) | Op::SetReg(_) | Op::Remove(_) | Op::Carry(..) | Op::Land(_))
        });
        let lands_on_enemy = match last {
            Some(Op::Ray(_, _, f)) | Some(Op::Test(f)) => can_hold_enemy(&self.conds[*f as usize]),
            _ => true,
        };
        let removes = cg.ops.iter().any(|o| matches!(o, Op::Remove(_)));
        // A piece relocated by land() only lands on an empty cell.
        let relocates = cg.ops.iter().any(|o| matches!(o, Op::Land(_)));
        // With custodian rules every move may capture around its landing cell.
        let custodial = !self.m.custodians.is_empty();
        let captures = (lands_on_enemy && !relocates) || removes || custodial;
        let probes =
            if captures && !custodial { reverse_probes(&cg.ops, &self.exprs, &self.turn_tables) } else { None };
        self.leapify(&mut cg.ops);
        let memo = !cg.has_effects && cg.ops.iter().any(|o| matches!(o, Op::LoopTest(..)));
        Some(Program { ops: cg.ops, has_effects: cg.has_effects, captures, probes, memo })
    }

    /// Turns a fixed path of steps with only a landing test into a per-origin table.
    fn leapify(&mut self, ops: &mut Vec<Op>) {
        let start = usize::from(matches!(ops.first(), Some(Op::Test(_))));
        let n = ops.len();
        if n < start + 3 || !matches!(ops[n - 1], Op::Emit) {
            return;
        }
        let Op::Test(fin) = ops[n - 2] else { return };
        let steps = &ops[start..n - 2];
        if steps.is_empty()
            || !steps.iter().all(|o| matches!(o, Op::Step(_) | Op::Turn(_)))
            || !matches!(steps[0], Op::Step(_))
        {
            return;
        }
        let b = self.board;
        let mut table = vec![];
        for origin in 0..b.len() as crate::board::Cell {
            let mut frontier: Vec<(crate::board::Cell, u8)> = vec![(origin, 0)];
            for op in steps {
                let mut next = vec![];
                for &(c, last) in &frontier {
                    let ds: Vec<u8> = match op {
                        Op::Step(ds) => ds.clone(),
                        Op::Turn(t) => self.turn_tables[*t as usize][last as usize].clone(),
                        _ => unreachable!(),
                    };
                    for d in ds {
                        for &t in b.targets(c, d) {
                            next.push((t, d));
                        }
                    }
                }
                frontier = next;
            }
            let mut cells: Vec<crate::board::Cell> = vec![];
            for (c, _) in frontier {
                if c != origin && !cells.contains(&c) {
                    cells.push(c);
                }
            }
            table.push(cells);
        }
        let id = match self.leap_tables.iter().position(|t| *t == table) {
            Some(i) => i,
            None => {
                self.leap_tables.push(table);
                self.leap_tables.len() - 1
            }
        };
        ops.truncate(start);
        ops.push(Op::Leap(id as u16, fin));
    }

    fn codegen(&mut self, p: &Pattern, cg: &mut Cg, registers: &[String]) {
        match p {
            Pattern::Seq(v, _) => {
                for x in v {
                    self.codegen(x, cg, registers);
                }
            }
            Pattern::Alt(v, _)
                if v.iter().all(|x| matches!(x, Pattern::Dir(d) if d.text != "same" && d.text != "back")) =>
            {
                // Alternatives of plain directions are one branching step.
                let mut ds = vec![];
                for x in v {
                    if let Pattern::Dir(d) = x {
                        match self.dirs(&d.text, cg.player) {
                            Some(v) => ds.extend(v.into_iter().filter(|d| !ds.contains(d)).collect::<Vec<_>>()),
                            None => self.errs.push(self.unknown_dir(d)),
                        }
                    }
                }
                cg.ops.push(Op::Step(ds));
            }
            Pattern::Alt(v, _) => {
                let mut jumps = vec![];
                for (i, x) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = cg.ops.len();
                        cg.ops.push(Op::Split(0));
                        self.codegen(x, cg, registers);
                        jumps.push(cg.ops.len());
                        cg.ops.push(Op::Jmp(0));
                        let here = cg.ops.len() as u32;
                        cg.ops[split] = Op::Split(here);
                    } else {
                        self.codegen(x, cg, registers);
                    }
                }
                let end = cg.ops.len() as u32;
                for j in jumps {
                    cg.ops[j] = Op::Jmp(end);
                }
            }
            Pattern::Repeat(body, lo, hi, s) => {
                if cg.depth >= 4 {
                    self.errs.push(Diag::legacy(*s, "repetitions nested too deeply", "nest at most 4 repetitions"));
                    return;
                }
                let slot = cg.depth;
                cg.depth += 1;
                let lo_e = self.expr(lo, cg.player);
                let lo_id = self.expr_id(lo_e);
                let hi_id = match hi {
                    None => u16::MAX,
                    Some(h) => {
                        let e = self.expr(h, cg.player);
                        self.expr_id(e)
                    }
                };
                cg.ops.push(Op::LoopInit(slot));
                let top = cg.ops.len();
                cg.ops.push(Op::LoopTest(slot, lo_id, hi_id, 0));
                self.codegen(body, cg, registers);
                cg.ops.push(Op::LoopInc(slot));
                cg.ops.push(Op::Jmp(top as u32));
                let exit = cg.ops.len() as u32;
                cg.ops[top] = Op::LoopTest(slot, lo_id, hi_id, exit);
                cg.depth -= 1;
            }
            Pattern::Dir(n) => match n.text.as_str() {
                "same" => {
                    let t = self.turn_table(&[0]);
                    cg.ops.push(Op::Turn(t));
                }
                "back" => {
                    let t = self.turn_table(&[180]);
                    cg.ops.push(Op::Turn(t));
                }
                name => match self.dirs(name, cg.player) {
                    Some(ds) => cg.ops.push(Op::Step(ds)),
                    None => self.errs.push(self.unknown_dir(n)),
                },
            },
            Pattern::Turn(angles, _) => {
                let t = self.turn_table(angles);
                cg.ops.push(Op::Turn(t));
            }
            Pattern::Test(c, _) => {
                let cc = self.cond(c, cg.player, Place::Pattern, registers);
                let id = self.intern(cc);
                cg.ops.push(Op::Test(id));
            }
            Pattern::Mark(n) => {
                if let Some(r) = registers.iter().position(|x| *x == n.text) {
                    cg.has_effects = true;
                    cg.ops.push(Op::SetReg(r as u8));
                } else {
                    let slot = match cg.marks.iter().position(|m| *m == n.text) {
                        Some(i) => i,
                        None => {
                            cg.marks.push(n.text.clone());
                            cg.marks.len() - 1
                        }
                    };
                    if slot >= 4 {
                        self.errs.push(Diag::legacy(n.span, "too many marks in one pattern", "use at most 4 marks"));
                        return;
                    }
                    cg.ops.push(Op::Mark(slot as u8));
                }
            }
            Pattern::Call(n, args) => {
                cg.has_effects = true;
                let mark_arg = |cg: &Cg, a: Option<&Arg>| -> Option<u8> {
                    match a {
                        Some(Arg::Mark(m)) => cg.marks.iter().position(|x| *x == m.text).map(|i| i as u8),
                        _ => None,
                    }
                };
                match (n.text.as_str(), args.len()) {
                    ("remove", 1) => {
                        let d = match &args[0] {
                            Arg::Pattern(Pattern::Dir(d)) if d.text == "here" => None,
                            Arg::Pattern(Pattern::Dir(d)) => match self.dirs(&d.text, cg.player) {
                                Some(v) if v.len() == 1 => Some(v[0]),
                                _ => {
                                    self.errs.push(self.unknown_dir(d));
                                    return;
                                }
                            },
                            _ => {
                                self.errs.push(Diag::legacy(
                                    n.span,
                                    "remove needs one direction",
                                    "write remove(S) or remove(here)",
                                ));
                                return;
                            }
                        };
                        cg.ops.push(Op::Remove(d));
                    }
                    ("then", 1) => match &args[0] {
                        Arg::Pattern(Pattern::Dir(f)) => {
                            match self.d.followup_names.iter().position(|x| *x == f.text) {
                                Some(i) => cg.ops.push(Op::Then(i as u16)),
                                None => self.errs.push(Diag::legacy(
                                    f.span,
                                    format!("unknown follow-up `{}`", f.text),
                                    "declare it with `followup NAME by AGENT: ...`",
                                )),
                            }
                        }
                        _ => self.errs.push(Diag::legacy(n.span, "then needs a follow-up name", "write then(NAME)")),
                    },
                    ("carry", 2) => match (mark_arg(cg, args.first()), mark_arg(cg, args.get(1))) {
                        (Some(a), Some(b)) => cg.ops.push(Op::Carry(Some(a), b)),
                        _ => self.errs.push(Diag::legacy(
                            n.span,
                            "carry needs marks set earlier in the pattern",
                            "write e.g. `@a ... @b ... carry(@a, @b)`",
                        )),
                    },
                    ("carry", 1) | ("land", 1) => match mark_arg(cg, args.first()) {
                        Some(s) => cg.ops.push(if n.text == "carry" { Op::Carry(None, s) } else { Op::Land(s) }),
                        None => self.errs.push(Diag::legacy(
                            n.span,
                            format!("{} needs a mark set earlier in the pattern", n.text),
                            "write e.g. `@k` before it and then carry(@k)",
                        )),
                    },
                    _ => {
                        let mut known: Vec<String> = self.m.defines.keys().map(|(k, a)| format!("{k}/{a}")).collect();
                        known.sort();
                        self.errs.push(Diag::legacy(
                            n.span,
                            format!("unknown macro or action `{}` with {} argument(s)", n.text, args.len()),
                            format!(
                                "actions: remove(D), carry(@m), carry(@a, @b), land(@m); macros: {}",
                                known.join(", ")
                            ),
                        ));
                    }
                }
            }
        }
    }

    fn unknown_dir(&self, n: &Name) -> Diag {
        decls::unknown_dir(self.m, self.board, n)
    }

    fn cond(&mut self, c: &Cond, p: u8, place: Place, registers: &[String]) -> C {
        match c {
            Cond::Or(v) => C::Or(v.iter().map(|x| self.cond(x, p, place, registers)).collect()),
            Cond::And(v) => C::And(v.iter().map(|x| self.cond(x, p, place, registers)).collect()),
            Cond::Not(x) => C::Not(Box::new(self.cond(x, p, place, registers))),
            Cond::Cmp(Expr::Name(n), op, b) if self.d.tally_names.contains(&n.text) => {
                let i = self.d.tally_names.iter().position(|x| *x == n.text).unwrap();
                let e = self.expr(b, p);
                match constant(&e) {
                    Some(v) => C::Tally(i as u8, (*op).into(), v),
                    None => {
                        self.errs.push(Diag::legacy(
                            n.span,
                            "a tally is compared with a number",
                            "write e.g. [NAME >= 3]",
                        ));
                        C::True
                    }
                }
            }
            Cond::Cmp(a, op, b) => C::Cmp(self.expr(a, p), (*op).into(), self.expr(b, p)),
            Cond::Func(n, args) => {
                let only_end = |s: &mut Self| {
                    if place != Place::End {
                        s.errs.push(Diag::legacy(
                            n.span,
                            format!("`{}` can only be used in an end rule", n.text),
                            "move it into the `end { }` block",
                        ));
                    }
                };
                match n.text.as_str() {
                    "repetition" => {
                        only_end(self);
                        let k = args.first().map(|e| self.expr(e, p)).and_then(|e| constant(&e)).unwrap_or(3);
                        C::Repetition(k.clamp(1, 255) as u8)
                    }
                    "can-capture" => {
                        only_end(self);
                        let mut mask = 0u64;
                        for a in args {
                            if let Expr::Name(x) = a {
                                match self.d.type_index(&x.text) {
                                    Some(t) => mask |= 1 << t,
                                    None => self.errs.push(Diag::legacy(
                                        x.span,
                                        format!("unknown piece `{}`", x.text),
                                        self.d.piece_hint(),
                                    )),
                                }
                            }
                        }
                        C::CanCapture(mask)
                    }
                    _ => {
                        self.errs.push(Diag::legacy(
                            n.span,
                            format!("unknown condition `{}(...)`", n.text),
                            "known: repetition(N), can-capture(PIECES)",
                        ));
                        C::True
                    }
                }
            }
            Cond::Name(n) => {
                let t = n.text.as_str();
                match t {
                    "true" => C::True,
                    "false" => C::Not(Box::new(C::True)),
                    "empty" => C::Empty,
                    "occupied" => C::Not(Box::new(C::Empty)),
                    "enemy" => C::Enemy,
                    "friend" => C::Friend,
                    "unmoved" => C::Unmoved,
                    "origin" => C::Origin,
                    "attacked" => C::Attacked,
                    "check" => C::Check,
                    "neutral" => C::Neutral,
                    "stacked" => C::Stacked,
                    "beaten" => C::Beaten,
                    "can-beat" => C::CanBeat,
                    "no-moves" => {
                        if place != Place::End {
                            self.errs.push(Diag::legacy(
                                n.span,
                                "`no-moves` can only be used in an end rule",
                                "move it into the `end { }` block",
                            ));
                        }
                        C::NoMoves
                    }
                    _ => {
                        if let Some(ti) = self.d.type_index(t) {
                            C::Type(1 << ti)
                        } else if let Some(z) = self.d.zone_for(n, p) {
                            C::Zone(z)
                        } else if let Some(cell) = self.board.cell(t) {
                            let mut set = vec![false; self.board.len()];
                            set[cell as usize] = true;
                            let z = match self.d.zone_sets.iter().position(|s| *s == set) {
                                Some(i) => i,
                                None => {
                                    self.d.zone_sets.push(set);
                                    self.d.zone_sets.len() - 1
                                }
                            };
                            C::Zone(z as u16)
                        } else if let Some(r) = registers.iter().position(|x| x == t) {
                            C::Reg(r as u8)
                        } else if let Some((_, v)) = self.d.options.iter().find(|(o, _)| o == t) {
                            if *v != 0 { C::True } else { C::Not(Box::new(C::True)) }
                        } else if let Some((slot, per)) = self.d.var(t) {
                            C::Cmp(E::Var(slot, per, Who::Me), CmpOp::Ne, E::Int(0))
                        } else {
                            let mut known: Vec<String> = [
                                "empty", "occupied", "enemy", "friend", "unmoved", "origin", "attacked", "check",
                                "no-moves", "neutral", "stacked", "beaten", "can-beat",
                            ]
                            .iter()
                            .map(|s| s.to_string())
                            .collect();
                            known.extend(self.d.types.iter().map(|t| t.letter.to_string()));
                            known.extend(self.d.zones.iter().map(|z| z.0.clone()));
                            known.extend(registers.iter().cloned());
                            self.errs.push(Diag::legacy(
                                n.span,
                                format!("unknown condition `{t}`"),
                                format!("known here: {}", known.join(" ")),
                            ));
                            C::True
                        }
                    }
                }
            }
        }
    }

    fn expr(&mut self, e: &Expr, p: u8) -> E {
        match e {
            Expr::Int(v, _) => E::Int(*v),
            Expr::Add(a, b, neg) => {
                let (a, b) = (Box::new(self.expr(a, p)), Box::new(self.expr(b, p)));
                if *neg { E::Sub(a, b) } else { E::Add(a, b) }
            }
            Expr::Name(n) => {
                if let Some((slot, per)) = self.d.var(&n.text) {
                    E::Var(slot, per, Who::Me)
                } else if let Some((_, v)) = self.d.options.iter().find(|(o, _)| *o == n.text) {
                    E::Int(*v)
                } else if let Some(i) = self.d.players.iter().position(|x| *x == n.text) {
                    E::Int(i as i64)
                } else if n.text == "me" {
                    E::MePlayer
                } else if n.text == "removed" {
                    E::Removed
                } else {
                    self.errs.push(Diag::legacy(
                        n.span,
                        format!("unknown name `{}` in an expression", n.text),
                        "use a counter, an option, a player or a number",
                    ));
                    E::Int(0)
                }
            }
            Expr::Func(n, args) => match n.text.as_str() {
                "max" | "min" if args.len() == 2 => {
                    let a: Vec<E> = args.iter().map(|s| self.selector_expr(s, p)).collect();
                    let (x, y) = (Box::new(a[0].clone()), Box::new(a[1].clone()));
                    if n.text == "max" { E::Max(x, y) } else { E::Min(x, y) }
                }
                "count" => {
                    let words: Vec<Name> = args
                        .iter()
                        .flat_map(|s| match s {
                            Selector::Words(w) => w.clone(),
                            Selector::Expr(Expr::Name(x)) => vec![x.clone()],
                            _ => vec![],
                        })
                        .collect();
                    let mut who = Who::All;
                    let mut mask = 0u64;
                    for w in &words {
                        match w.text.as_str() {
                            "friend" => who = Who::Me,
                            "enemy" => who = Who::Others,
                            "all" => who = Who::All,
                            "neutral" => who = Who::Neutral,
                            t => {
                                if let Some(i) = self.d.factions.iter().position(|x| x == t) {
                                    who = Who::Player(i as u8);
                                } else if let Some(ti) = self.d.type_index(t) {
                                    mask |= 1 << ti;
                                } else {
                                    self.errs.push(Diag::legacy(
                                        w.span,
                                        format!("`{t}` is not a side or piece"),
                                        "write count(friend R), count(enemy), count(white K)",
                                    ));
                                }
                            }
                        }
                    }
                    if mask == 0 {
                        mask = if self.d.types.len() >= 64 { u64::MAX } else { (1u64 << self.d.types.len()) - 1 };
                    }
                    E::Count(who, mask)
                }
                "enemy" | "friend" if args.len() == 1 => match &args[0] {
                    Selector::Expr(Expr::Name(x)) => match self.d.var(&x.text) {
                        Some((slot, true)) => E::Var(slot, true, if n.text == "enemy" { Who::Others } else { Who::Me }),
                        _ => {
                            self.errs.push(Diag::legacy(
                                x.span,
                                format!("`{}` is not a per-player counter", x.text),
                                "declare it with `counter NAME per-player = 0`",
                            ));
                            E::Int(0)
                        }
                    },
                    _ => {
                        self.errs.push(Diag::legacy(n.span, "expected a counter name", "write enemy(NAME)"));
                        E::Int(0)
                    }
                },
                _ => {
                    self.errs.push(Diag::legacy(
                        n.span,
                        format!("unknown function `{}`", n.text),
                        "known: max(a, b), min(a, b), count(SIDE PIECES), enemy(COUNTER), friend(COUNTER)",
                    ));
                    E::Int(0)
                }
            },
        }
    }

    fn selector_expr(&mut self, s: &Selector, p: u8) -> E {
        match s {
            Selector::Expr(e) => self.expr(e, p),
            Selector::Words(w) => {
                self.errs.push(Diag::legacy(
                    w[0].span,
                    "expected an expression",
                    "write a number, a counter or a function",
                ));
                E::Int(0)
            }
        }
    }
}
