//! The overlay of a file on the file it extends.

use super::Spec;

/// Overlays a child file on its parent.
pub(super) fn merge(mut parent: Spec, child: Spec) -> Spec {
    if !child.name.is_empty() {
        parent.name = child.name;
    }
    if !child.description.is_empty() {
        parent.description = child.description;
    }
    if !child.players.is_empty() {
        parent.players = child.players;
    }
    if !child.neutral.is_empty() {
        parent.neutral = child.neutral;
    }
    parent.stacks |= child.stacks;
    let lf: Vec<String> = child.letters.iter().map(|(f, _, _)| f.text.clone()).collect();
    parent.letters.retain(|(f, _, _)| !lf.contains(&f.text));
    parent.letters.extend(child.letters);
    for p in child.pieces {
        parent.pieces.retain(|q| q.letter.text != p.letter.text);
        parent.pieces.push(p);
    }
    let players: Vec<String> = child.setup.iter().map(|(p, _, _)| p.text.clone()).collect();
    parent.setup.retain(|(p, _, _)| !players.contains(&p.text));
    parent.setup.extend(child.setup);
    let rplayers: Vec<String> = child.reserves.iter().map(|(p, _, _)| p.text.clone()).collect();
    parent.reserves.retain(|(p, _, _)| !rplayers.contains(&p.text));
    parent.reserves.extend(child.reserves);
    for o in child.options {
        parent.options.retain(|(q, _)| q.text != o.0.text);
        parent.options.push(o);
    }
    if !child.unmoved_letters.is_empty() {
        parent.unmoved_letters = child.unmoved_letters;
    }
    if child.castling_files.is_some() {
        parent.castling_files = child.castling_files;
    }
    parent.halfmove = child.halfmove.or(parent.halfmove);
    parent.fullmove = child.fullmove.or(parent.fullmove);
    parent.fen_counter = child.fen_counter.or(parent.fen_counter);
    parent.pocket = child.pocket.or(parent.pocket);
    parent.base_mark = child.base_mark.or(parent.base_mark);
    parent.promoted_mark = child.promoted_mark.or(parent.promoted_mark);
    parent.pocket_order = child.pocket_order.or(parent.pocket_order);
    if !child.unmoved_gates.is_empty() {
        parent.unmoved_gates = child.unmoved_gates;
    }
    if !child.display_zones.is_empty() {
        parent.display_zones = child.display_zones;
    }
    if !child.display_fills.is_empty() {
        parent.display_fills = child.display_fills;
    }
    if !child.display_factions.is_empty() {
        parent.display_factions = child.display_factions;
    }
    for e in child.ai {
        parent.ai.retain(|p| p.key.text != e.key.text);
        parent.ai.push(e);
    }
    parent.rules.extend(child.rules);
    parent
}
