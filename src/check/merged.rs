//! The merged view of a game's rules texts (its own and those it extends).

use crate::syntax::ast::{self, Cond, Name, Rules, Span};
use std::collections::HashMap;

/// The rules of a game file and the files it extends, merged: later files replace
/// earlier declarations of the same name; rule lists accumulate.
pub struct Merged<'a> {
    pub board: Option<&'a ast::BoardDecl>,
    pub dirs: HashMap<String, &'a Vec<Name>>,
    pub orients: HashMap<String, (i64, bool, Span)>,
    pub zones: Vec<&'a ast::ZoneDecl>,
    pub pieces: Vec<&'a ast::PieceDecl>,
    pub defines: HashMap<(String, usize), &'a ast::Define>,
    pub counters: Vec<&'a ast::CounterDecl>,
    pub registers: Vec<&'a (Name, bool)>,
    pub beats: Vec<&'a (Name, Name)>,
    pub pushes: Vec<&'a (Name, Cond, Name)>,
    pub triggers: Vec<&'a ast::Trigger>,
    pub ends: Vec<&'a ast::EndRule>,
    pub custodians: Vec<&'a ast::Custodian>,
    pub setup: Option<&'a Vec<ast::Step>>,
    pub requires: Vec<&'a ast::Require>,
    pub drops: Vec<&'a (Vec<Name>, Cond)>,
    pub tallies: Vec<&'a ast::Tally>,
    pub passes: Vec<&'a (Option<Cond>, Span, String)>,
    pub followups: Vec<&'a ast::Step>,
    pub illegals: Vec<&'a ast::IllegalRule>,
    pub entries: Vec<&'a ast::Entry>,
    pub captures: Vec<&'a (bool, Span)>,
}

/// Merges rules texts, base first.
pub fn merge(rules: &[Rules]) -> Merged<'_> {
    let mut m = Merged {
        board: None,
        dirs: HashMap::new(),
        orients: HashMap::new(),
        zones: vec![],
        pieces: vec![],
        defines: HashMap::new(),
        counters: vec![],
        registers: vec![],
        beats: vec![],
        pushes: vec![],
        triggers: vec![],
        ends: vec![],
        custodians: vec![],
        setup: None,
        followups: vec![],
        requires: vec![],
        drops: vec![],
        tallies: vec![],
        illegals: vec![],
        entries: vec![],
        passes: vec![],
        captures: vec![],
    };
    for r in rules {
        if let Some(b) = r.boards.last() {
            m.board = Some(b);
        }
        for (n, v) in &r.dirs {
            m.dirs.insert(n.text.clone(), v);
        }
        for (n, a, f) in &r.orients {
            m.orients.insert(n.text.clone(), (*a, *f, n.span));
        }
        for z in &r.zones {
            m.zones.retain(|q| q.name.text != z.name.text);
            m.zones.push(z);
        }
        for p in &r.pieces {
            m.pieces.retain(|q| q.name.text != p.name.text);
            m.pieces.push(p);
        }
        for d in &r.defines {
            m.defines.insert((d.name.text.clone(), d.params.len()), d);
        }
        for c in &r.counters {
            m.counters.retain(|q| q.name.text != c.name.text);
            m.counters.push(c);
        }
        for g in &r.registers {
            match m.registers.iter_mut().find(|q| q.0.text == g.0.text) {
                Some(q) => *q = g,
                None => m.registers.push(g),
            }
        }
        append_lists(&mut m, r);
        for t in &r.tallies {
            m.tallies.retain(|q| q.name.text != t.name.text);
            m.tallies.push(t);
        }
        if let Some(s) = &r.setup {
            m.setup = Some(s);
        }
        for f in &r.followups {
            m.followups.retain(|q| q.name.text != f.name.text);
            m.followups.push(f);
        }
        if !r.ends.is_empty() {
            m.ends = r.ends.iter().collect();
        }
    }
    m
}

/// The rule lists that accumulate from file to file (a variant's come after its parent's).
fn append_lists<'a>(m: &mut Merged<'a>, r: &'a Rules) {
    m.beats.extend(r.beats.iter());
    m.pushes.extend(r.pushes.iter());
    m.triggers.extend(r.triggers.iter());
    m.custodians.extend(r.custodians.iter());
    m.requires.extend(r.requires.iter());
    m.drops.extend(r.drops.iter());
    m.illegals.extend(r.illegals.iter());
    m.entries.extend(r.entries.iter());
    m.passes.extend(r.passes.iter());
    m.captures.extend(r.captures.iter());
}
