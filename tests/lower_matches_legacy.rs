//! Transitional: the game built by check → lower → optimise matches the legacy compiler's
//! for every shipped game (table ids may differ; what they refer to may not). Goes away
//! with the legacy compiler.

use interp::ir::{Game, Op, Probe, StepBody};

mod common;

/// A condition id as what it refers to.
fn cond(g: &Game, id: u16) -> String {
    if id == u16::MAX { "-".into() } else { format!("{:?}", g.conds[id as usize]) }
}

/// An expression id as what it refers to.
fn expr(g: &Game, id: u16) -> String {
    if id == u16::MAX { "-".into() } else { format!("{:?}", g.exprs[id as usize]) }
}

fn op(g: &Game, o: &Op) -> String {
    match o {
        Op::Turn(t) => format!("Turn({:?})", g.turn_tables[*t as usize]),
        Op::Test(c) => format!("Test({})", cond(g, *c)),
        Op::LoopTest(s, lo, hi, exit) => format!("LoopTest({s}, {}, {}, {exit})", expr(g, *lo), expr(g, *hi)),
        Op::Ray(ds, max, fin) => format!("Ray({ds:?}, {}, {})", expr(g, *max), cond(g, *fin)),
        Op::Leap(t, fin) => format!("Leap({:?}, {})", g.leap_tables[*t as usize], cond(g, *fin)),
        o => format!("{o:?}"),
    }
}

fn probe(g: &Game, p: &Probe) -> String {
    let steps: Vec<String> = p.steps.iter().map(|(d, c)| format!("{d}:{}", cond(g, *c))).collect();
    format!("{steps:?} ray {:?} origin {}", p.ray, cond(g, p.origin))
}

/// What a game's programs and rules refer to, ids resolved.
fn resolved(g: &Game) -> Vec<(String, String)> {
    let mut out = vec![];
    let mut put = |k: &str, v: String| out.push((k.to_string(), v));
    for (i, p) in g.programs.iter().enumerate() {
        let ops: Vec<String> = p.ops.iter().map(|o| op(g, o)).collect();
        let probes = p.probes.as_ref().map(|v| v.iter().map(|x| probe(g, x)).collect::<Vec<_>>());
        put(&format!("program {i}"), format!("{ops:?} {} {} {} {probes:?}", p.has_effects, p.captures, p.memo));
    }
    for (p, v) in g.probes.iter().enumerate() {
        put(&format!("probes {p}"), format!("{:?}", v.iter().map(|(x, k)| (probe(g, x), k)).collect::<Vec<_>>()));
    }
    for t in &g.triggers {
        put(
            "trigger",
            format!("{:?} {} {:?} {}", t.event, t.types, t.by, t.cond.map_or("none".into(), |c| cond(g, c))),
        );
        put("trigger stmts", format!("{:?}", t.stmts));
    }
    for e in &g.ends {
        put("end", format!("{:?} {} {} {}", e.outcome, cond(g, e.cond), e.automatic, e.needs_moves));
    }
    for s in &g.steps {
        let body = match &s.body {
            StepBody::Choose(c, st) => format!("choose {:?} {st:?}", c.iter().map(|c| cond(g, *c)).collect::<Vec<_>>()),
            StepBody::Outcomes(v) => {
                format!("{:?}", v.iter().map(|(n, w, st)| (n, w.map(|w| expr(g, w)), st)).collect::<Vec<_>>())
            }
            StepBody::Relocate(p, st) => format!("relocate {p:?} {st:?}"),
        };
        put("step", format!("{} {:?} {} {body}", s.name, s.agent, s.hidden));
    }
    for (m, c) in &g.drops {
        put("drop", format!("{m} {:?}", c.iter().map(|c| cond(g, *c)).collect::<Vec<_>>()));
    }
    for (m, c) in &g.requires {
        put("require", format!("{m} {}", cond(g, *c)));
    }
    for p in &g.pushes {
        put("push", format!("{:?} {:?} {}", p.dirs, p.cond.iter().map(|c| cond(g, *c)).collect::<Vec<_>>(), p.step));
    }
    let t = &g.attack;
    put(
        "attack rays",
        format!(
            "{:?}",
            t.rays
                .iter()
                .map(|v| v.iter().map(|r| (r.0, r.1, r.2, cond(g, r.3))).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        ),
    );
    put(
        "attack general",
        format!(
            "{:?}",
            t.general.iter().map(|v| v.iter().map(|(p, k)| (probe(g, p), k)).collect::<Vec<_>>()).collect::<Vec<_>>()
        ),
    );
    put(
        "attack rest",
        format!(
            "{:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            t.kindsets, t.leaps, t.sensitive, t.pin_rays, t.gates, t.reach, t.reach_from
        ),
    );
    out
}

/// The fields that hold no table ids, compared as they are.
fn plain(g: &Game) -> Vec<(String, String)> {
    let fields = [
        ("name", format!("{:?} {:?}", g.name, g.path)),
        ("players", format!("{:?} {:?} {:?}", g.players, g.factions, g.letters)),
        ("beats", format!("{:?} {:?} {:?}", g.beats, g.long_regs, g.has_stacks)),
        ("types", format!("{:?}", g.types)),
        ("kinds", format!("{:?} {:?} {:?} {:?}", g.kind_type, g.kind_owner, g.kind_moved, g.kind_state)),
        ("moves", format!("{:?} {:?} {:?}", g.moves_of, g.attacks_of, g.promotions)),
        ("zones", format!("{:?} {:?}", g.zone_sets, g.zones)),
        ("vars", format!("{:?} {} {:?}", g.vars, g.nslots, g.registers)),
        ("forward", format!("{:?}", g.forward_attacks)),
        ("setup", format!("{} {:?} {:?} {:?}", g.has_royal, g.setup, g.setup_stacks, g.init_vars)),
        ("fen", format!("{:?} {:?} {:?}", g.fen, g.options, g.reserves)),
        ("moved", format!("{:?} {} {:?}", g.tracks_moved, g.nstates, g.tallies)),
        ("setup steps", format!("{:?} {:?}", g.setup_steps, g.custodians)),
        ("display", format!("{:?} {:?} {:?}", g.display_zones, g.display_fills, g.faction_colours)),
    ];
    fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

#[test]
fn every_shipped_game_lowers_as_the_legacy_compiler_compiles() {
    let mut paths = vec![];
    for dir in ["games", "games/examples"] {
        for e in std::fs::read_dir(common::repo_path(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                paths.push(p.to_str().unwrap().to_string());
            }
        }
    }
    paths.sort();
    for path in &paths {
        let (spec, _, _) = interp::load::load(path).unwrap();
        let old = interp::check::compile(&spec, path, &[]).unwrap();
        let new = interp::open(path, &[]).unwrap();
        assert_eq!(old.board.len(), new.board.len());
        let (a, b) = ([plain(&old), resolved(&old)].concat(), [plain(&new), resolved(&new)].concat());
        assert_eq!(a.len(), b.len(), "{path}");
        for ((k, a), (_, b)) in a.into_iter().zip(b) {
            assert_eq!(a, b, "{path}: {k}");
        }
    }
}
