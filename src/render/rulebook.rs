//! The rulebook of a game, in words and diagrams, all from the game file: its name and
//! description, the players and who moves first, a legend of the pieces, each piece's
//! moves from a central cell of an empty board, promotions, reserves and drops, the
//! obligations, the end rules and the options. `interp rules GAME` prints it; `play`'s `help` can too.

use crate::board::Cell;
use crate::engine::State;
use crate::ir::{Agent, DecisionStep, Event, Game, MoveClass, Outcome, StepBody, Stmt};
use crate::render::Style;
use crate::render::lone::{Lone, Piece, central_cell, empty_board, side_by_side, target_glyph};

/// Lines of running text stay within this many columns (a longer word stands alone).
pub const WIDTH: usize = 80;

/// The whole rulebook of `g`, as plain text.
pub fn rulebook(g: &Game) -> String {
    let mut out = title(g);
    out.push_str(&players(g));
    out.push_str(&followups(g));
    out.push_str(&legend(g));
    out.push_str(&moves(g));
    out.push_str(&promotions(g));
    out.push_str(&reserves(g));
    out.push_str(&obligations(g));
    out.push_str(&illegals(g));
    out.push_str(&passing(g));
    out.push_str(&ends(g));
    out.push_str(&options(g));
    out.push_str(&ai_settings(g));
    out
}

/// A section heading: a blank line, the title, and a rule under it.
fn heading(title: &str) -> String {
    format!("\n{title}\n{}\n", "-".repeat(title.chars().count()))
}

/// `text` wrapped within [`WIDTH`] columns: the first line starts with `first`, the
/// others with `indent`.
pub fn wrap(text: &str, first: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = first.to_string();
    let mut empty = true;
    for w in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + w.chars().count() > WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            line = indent.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(w);
        empty = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// Names joined as prose: `a`, `a and b`, `a, b and c` (`or` for `word = "or"`).
fn listed(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// The game's name, underlined, and its description (or a word that it has none).
fn title(g: &Game) -> String {
    let mut out = format!("{}\n{}\n\n", g.name, "=".repeat(g.name.chars().count()));
    let text = g.description.trim();
    if text.is_empty() {
        out.push_str("(The game file gives no description of the game.)\n");
    } else {
        out.push_str(text);
        out.push('\n');
    }
    out
}

/// The players in turn order, who moves first, and the setup's decisions.
fn players(g: &Game) -> String {
    let mut out = heading("Players");
    out.push_str(&wrap(&format!("In turn order: {}.", g.players.join(", ")), "", ""));
    let neutral: Vec<String> = g.factions[g.np()..].to_vec();
    if !neutral.is_empty() {
        let n = listed(&neutral, "and");
        out.push_str(&wrap(&format!("Neutral pieces ({n}) belong to no player: every player may move them."), "", ""));
    }
    if g.setup_steps.is_empty() {
        out.push_str(&format!("First to move: {}.\n", g.players[0]));
        return out;
    }
    out.push_str("Before the first turn, the setup (one decision each):\n");
    for &s in &g.setup_steps {
        out.push_str(&wrap(&step_words(g, &g.steps[s.index()]), "  - ", "    "));
    }
    let starts = g.setup_steps.iter().any(|&s| step_stmts(&g.steps[s.index()]).any(|x| matches!(x, Stmt::Start(_))));
    if starts {
        out.push_str("The setup decides who takes the first turn.\n");
    } else {
        out.push_str(&format!("Then {} takes the first turn.\n", g.players[0]));
    }
    out
}

/// The decisions taken within a turn (follow-ups: an escape after a push, a die), if any.
fn followups(g: &Game) -> String {
    let mut lines = String::new();
    for (i, s) in g.steps.iter().enumerate() {
        if g.setup_steps.iter().any(|x| x.index() == i) {
            continue;
        }
        let pushed = g.pushes.iter().any(|p| p.step.index() == i);
        let text = if pushed {
            let words = step_words(g, s).replacen("moves the piece concerned", "moves the pushed piece", 1);
            format!(
                "{words} A push: after a move, the mover picks a piece next to the landing cell, where the rules allow."
            )
        } else {
            step_words(g, s)
        };
        lines.push_str(&wrap(&text, "  - ", "    "));
    }
    if lines.is_empty() {
        return lines;
    }
    heading("Decisions within a turn") + "Some moves are followed by a decision before the turn ends:\n" + &lines
}

/// The statements a decision step may run.
fn step_stmts(s: &DecisionStep) -> Box<dyn Iterator<Item = &Stmt> + '_> {
    match &s.body {
        StepBody::Choose(_, st) | StepBody::Relocate(_, st) => Box::new(st.iter()),
        StepBody::Outcomes(o) => Box::new(o.iter().flat_map(|(_, _, st)| st.iter())),
    }
}

/// A decision step in words: its name, who decides and what.
fn step_words(g: &Game, s: &DecisionStep) -> String {
    let who = match s.agent {
        Agent::Chance => "chance".to_string(),
        Agent::Mover => "the player to move".to_string(),
        Agent::Opponent => "the opponent".to_string(),
        Agent::Player(p) => g.players[p as usize].clone(),
        Agent::Var(slot) => {
            let var = g.vars.iter().find(|v| v.slot == slot).map_or("?", |v| v.name.as_str());
            format!("the player the counter `{var}` names")
        }
    };
    let what = match &s.body {
        StepBody::Choose(..) => "chooses a cell".to_string(),
        StepBody::Relocate(..) => "moves the piece concerned".to_string(),
        StepBody::Outcomes(o) => {
            let names: Vec<String> = o.iter().map(|(n, _, _)| format!("`{}:{n}`", s.name)).collect();
            format!("decides one of {}", listed(&names, "or"))
        }
    };
    let hidden = if s.hidden { " (a hidden choice: the other players do not see it)" } else { "" };
    format!("{}: {who} {what}{hidden}.", s.name)
}

/// The letter of type `t` in faction `f`'s diagrams.
fn letter(g: &Game, t: usize, f: usize) -> char {
    g.letters[f * g.types.len() + t]
}

/// The legend: per piece type its letter in each faction's diagrams, its name, whether it
/// is royal, and its description.
fn legend(g: &Game) -> String {
    let mut out = heading("Pieces");
    let sides = g.factions.join(", ");
    out.push_str(&wrap(&format!("Letters in diagrams and position strings ({sides}), and names:"), "", ""));
    for (t, ty) in g.types.iter().enumerate() {
        let letters: Vec<String> = (0..g.nf()).map(|f| letter(g, t, f).to_string()).collect();
        let royal = if ty.royal { " (royal: no move may leave it attacked)" } else { "" };
        out.push_str(&format!("  {}  {}{royal}\n", letters.join(" "), ty.name));
        let indent = " ".repeat(4 + 2 * g.nf());
        if !ty.description.trim().is_empty() {
            out.push_str(&wrap(ty.description.trim(), &indent, &indent));
        }
    }
    out
}

/// Each piece type's moves from the central cell of an otherwise empty board: the first
/// player's piece, and beside it every other faction's whose moves differ from there.
fn moves(g: &Game) -> String {
    let mut out = heading("Moves");
    let base = empty_board(g);
    let glyph = target_glyph(g, &base);
    let centre = central_cell(g);
    let text = format!(
        "Each piece alone on an otherwise empty board, on {}; `{glyph}` marks the cells it \
         can move to (captures, jumps and other moves that need more pieces do not show \
         here). Another side's piece is drawn beside it when it moves differently.",
        g.board.name(centre)
    );
    out.push_str(&wrap(&text, "", ""));
    for t in 0..g.types.len() {
        out.push_str(&piece_moves(g, &base, t, centre, glyph));
    }
    out
}

/// One type's diagrams from `centre`.
fn piece_moves(g: &Game, base: &State, t: usize, centre: Cell, glyph: char) -> String {
    let first = Lone::at(g, base, Piece::new(g, t, 0, 0), centre);
    let mut shown = vec![(0usize, first)];
    for f in 1..g.nf() {
        let mover = if g.is_neutral(f as u8) { 0 } else { f as u8 };
        let lone = Lone::at(g, base, Piece::new(g, t, f, mover), centre);
        if lone.targets != shown[0].1.targets {
            shown.push((f, lone));
        }
    }
    let mut out = format!("\n{} ({})\n", g.types[t].name, letter(g, t, 0));
    let mut pictures = vec![];
    for (f, lone) in &shown {
        let n = lone.targets.len();
        let cells = if n == 1 { "1 cell".to_string() } else { format!("{n} cells") };
        let caption = format!("{} {}: {cells}", g.factions[*f], letter(g, t, *f));
        pictures.push(format!("{caption}\n{}", lone.diagram(g, Style::Plain, glyph)));
    }
    for l in side_by_side(&pictures, 6).lines() {
        out.push_str(&format!("  {l}\n"));
    }
    out
}

/// The name of the zone a zone set belongs to (for player `p`), and its cells.
fn zone_of(g: &Game, p: usize, z: crate::ir::ZoneId) -> (String, Vec<String>) {
    let name = g.zones.iter().find(|(_, ids)| ids.get(p) == Some(&z)).map_or("?".to_string(), |(n, _)| n.clone());
    let cells = (0..g.board.len()).filter(|&c| g.zone(z)[c]).map(|c| g.board.name(c as Cell).to_string()).collect();
    (name, cells)
}

/// The promotions a type's own move patterns make (`promote(X)`), in words.
fn path_promotions(g: &Game, t: usize, p: usize) -> String {
    let mut to: Vec<String> = vec![];
    for &prog in &g.moves_of[t * g.np() + p] {
        for op in &g.program(prog).ops {
            if let crate::ir::Op::Promote(types) = op {
                for &x in types {
                    let name = g.types[x as usize].name.clone();
                    if !to.contains(&name) {
                        to.push(name);
                    }
                }
            }
        }
    }
    if to.is_empty() {
        return String::new();
    }
    let text = format!(
        "{}'s {} may become {} by some of its moves, on its own square or another.",
        g.players[p],
        g.types[t].name,
        listed(&to, "or")
    );
    wrap(&text, "  - ", "    ")
}

/// Promotions in words: per type and player, the zone, its cells and the types offered.
fn promotions(g: &Game) -> String {
    let mut lines = String::new();
    for (t, ty) in g.types.iter().enumerate() {
        for p in 0..g.np() {
            for pr in &g.promotions[t * g.np() + p] {
                let (zone, cells) = zone_of(g, p, pr.zone);
                let to: Vec<String> = pr.to.iter().map(|&x| g.types[x as usize].name.clone()).collect();
                let shown = if cells.len() <= 12 { cells.join(" ") } else { format!("{} cells", cells.len()) };
                let must = if pr.optional { format!("or stays a {}", ty.name) } else { "it must".to_string() };
                let wheres = match &pr.wheres {
                    Some(w) => w.clone(),
                    None => format!("arriving in the zone `{zone}` ({shown})"),
                };
                let text = format!("{}'s {} {wheres} becomes {}; {must}.", g.players[p], ty.name, listed(&to, "or"));
                lines.push_str(&wrap(&text, "  - ", "    "));
            }
            lines.push_str(&path_promotions(g, t, p));
        }
    }
    if lines.is_empty() { lines } else { heading("Promotion") + &lines }
}

/// Reserves, drops and the triggers that fill or empty them, in words.
fn reserves(g: &Game) -> String {
    if g.reserves.is_empty() {
        return String::new();
    }
    // Games whose captured pieces change sides call the reserve a hand, as players do.
    let (title, word) = if g.has_hands() { ("Hands", "hand") } else { ("Reserves", "reserve") };
    let mut out = heading(title);
    let st = g.initial();
    for p in 0..g.np() {
        let held: Vec<String> = g
            .reserves
            .iter()
            .map(|&(t, slot)| format!("{} {}", g.types[t as usize].name, st.vars[slot.at(p)]))
            .collect();
        out.push_str(&wrap(&format!("{}'s {word} at the start: {}.", g.players[p], held.join(", ")), "", "  "));
    }
    let droppable: Vec<String> = g
        .reserves
        .iter()
        .filter(|(t, _)| g.drops.iter().any(|(mask, _)| mask & (1 << t) != 0))
        .map(|(t, _)| g.types[*t as usize].name.clone())
        .collect();
    if !droppable.is_empty() {
        let text = format!(
            "Instead of moving, a player may drop a {} from its {word} onto an empty cell the rules allow.",
            listed(&droppable, "or")
        );
        out.push_str(&wrap(&text, "", ""));
    }
    let entering: Vec<String> = g
        .reserves
        .iter()
        .filter(|(t, _)| g.entries.iter().any(|e| e.types.iter().any(|(x, _)| x == t)))
        .map(|(t, _)| g.types[*t as usize].name.clone())
        .collect();
    if !entering.is_empty() {
        let text = format!(
            "With a move, a player may also bring in a piece from its {word} ({}) on a cell the move empties, where the rules allow.",
            listed(&entering, "or")
        );
        out.push_str(&wrap(&text, "", ""));
    }
    for tr in &g.triggers {
        for s in &tr.stmts {
            if let Some(text) = reserve_stmt(g, tr, s) {
                out.push_str(&wrap(&text, "", ""));
            }
        }
    }
    out
}

/// A trigger's statement that moves pieces into or out of a reserve, in words.
fn reserve_stmt(g: &Game, tr: &crate::ir::Trigger, s: &Stmt) -> Option<String> {
    let types: Vec<String> =
        (0..g.types.len()).filter(|t| tr.types & (1 << t) != 0).map(|t| g.types[t].name.clone()).collect();
    let what = if types.is_empty() { "a piece".to_string() } else { format!("a {}", listed(&types, "or")) };
    let by = tr.by.map_or(String::new(), |p| format!(" of {}", g.players[p as usize]));
    let when = match tr.event {
        Event::Move => format!("When {what}{by} moves"),
        Event::Capture => format!("When {what}{by} is captured"),
        Event::Turn => "After every turn".to_string(),
        Event::Pass => format!("When a player{by} passes"),
        Event::Drop => format!("When {what}{by} is dropped"),
    };
    let cond = if tr.cond.is_some() { " (and the trigger's condition holds)" } else { "" };
    match s {
        Stmt::Drop(t, _, from) => {
            let cell = if *from { "the cell the moving piece left" } else { "the cell it moved to" };
            Some(format!(
                "{when}{cond}, a {} from the mover's reserve enters on {cell}, if the reserve has one.",
                g.types[*t as usize].name
            ))
        }
        Stmt::Pocket => {
            let name = |t: u8| &g.types[t as usize].name;
            let remembered = g.types.iter().enumerate().filter(|(_, ty)| ty.remember).map(|(t, ty)| {
                let back = name(ty.demote.unwrap_or(crate::ir::limits::type_byte(t)));
                format!("a piece promoted from a {} as a {back}", ty.name)
            });
            let demoted: Vec<String> = remembered
                .chain(g.types.iter().filter_map(|ty| ty.demote.map(|d| format!("a {} as a {}", ty.name, name(d)))))
                .collect();
            let how = if demoted.is_empty() { String::new() } else { format!(" ({})", listed(&demoted, "and")) };
            Some(format!("{when}{cond}, the captured piece goes to the capturer's hand{how}."))
        }
        _ => None,
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// What an outcome means for the player to move.
fn outcome(g: &Game, o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "the player to move wins",
        Outcome::Loss if g.np() == 2 => "the player to move loses (the other player wins)",
        Outcome::Loss => "the player to move loses",
        Outcome::Draw => "the game is a draw",
    }
}

/// The obligations (`require`), in order, each by its text and in words.
fn obligations(g: &Game) -> String {
    if g.requires.is_empty() {
        return String::new();
    }
    let mut out = heading("Obligations");
    out.push_str(&wrap(
        "At the start of a turn, each rule below that applies leaves only some of the legal moves, \
         if any of them is of its kind; they apply in order.",
        "",
        "",
    ));
    for ob in &g.requires {
        let kind = match ob.class {
            MoveClass::Capture => "a move that takes a piece".to_string(),
            MoveClass::Drop => "a drop from the hand".to_string(),
            MoveClass::Most { by_value: false } => "a move that takes as many pieces as any".to_string(),
            MoveClass::Most { by_value: true } => {
                "a move whose taken pieces are worth as much as any (by their values)".to_string()
            }
            MoveClass::Types(mask) => {
                let names: Vec<String> =
                    (0..g.types.len()).filter(|&t| mask & (1 << t) != 0).map(|t| g.types[t].name.clone()).collect();
                format!("a move of a {}", listed(&names, "or"))
            }
        };
        let when = if ob.cond.is_some() { "while its condition holds, " } else { "" };
        let text = format!("`{}`: {when}{kind} must be played when there is one.", ob.text);
        out.push_str(&wrap(&text, "  - ", "    "));
    }
    out
}

/// The `illegal` rules: the conditions that may not hold after a move.
fn illegals(g: &Game) -> String {
    if g.illegals.is_empty() {
        return String::new();
    }
    let mut out = heading("Moves that are not legal");
    out.push_str(&wrap("A move is not legal when, after it, one of these holds (for the player who moved):", "", ""));
    for r in &g.illegals {
        let text = match &r.name {
            Some(name) => format!("{name}: `{}`.", r.text),
            None => format!("`{}`.", r.text),
        };
        out.push_str(&wrap(&text, "  - ", "    "));
    }
    out
}

/// The pass rules (`pass [if COND]`), each by its text.
fn passing(g: &Game) -> String {
    if g.pass_texts.is_empty() {
        return String::new();
    }
    let mut out = heading("Passing");
    out.push_str(&wrap(
        "Instead of moving, the player to move may pass (the action `pass`) when one of these \
         rules allows it; nothing moves, and the next player is to move.",
        "",
        "",
    ));
    for text in &g.pass_texts {
        let when = if text == "pass" {
            "at any turn"
        } else {
            "while its condition holds for the player to move (a pass is not judged by the royal-piece rule)"
        };
        out.push_str(&wrap(&format!("`{text}`: {when}."), "  - ", "    "));
    }
    out
}

/// The end rules in order, each by its name (else its text) with its outcome; then the
/// automatic draws and the draw when no rule holds and no move is left.
fn ends(g: &Game) -> String {
    let mut out = heading("End of the game");
    out.push_str(&wrap(
        "Before every turn the rules below are checked in order; the first that holds ends the game.",
        "",
        "",
    ));
    for (i, e) in g.ends.iter().enumerate() {
        let auto = if e.automatic { " [automatic]" } else { "" };
        // The text is `OUTCOME [auto] if COND`: the condition is what follows the `if`.
        let cond = e.text.split_once(" if ").map_or(e.text.as_str(), |(_, c)| c);
        let said = format!("{} if `{cond}`{auto}.", outcome(g, e.outcome));
        let text = match &e.name {
            Some(name) => format!("{name}: {said}"),
            None => capitalised(&said),
        };
        out.push_str(&wrap(&text, &format!("  {}. ", i + 1), "     "));
    }
    if g.ends.is_empty() {
        out.push_str("  (The game file has no end rules.)\n");
    }
    out.push_str(&wrap("When no rule holds and the player to move has no legal action, the game is a draw.", "", ""));
    if g.ends.iter().any(|e| e.automatic) {
        out.push_str(&wrap(
            "[automatic]: an automatic rule (repetition, a clock, or marked `auto`): applied in \
             play, show and selfplay, but not counted by perft or moves.",
            "",
            "  ",
        ));
    }
    out
}

/// The game's `[ai]` settings, when it changes any.
fn ai_settings(g: &Game) -> String {
    let (s, d) = (&g.ai, crate::ir::AiSettings::default());
    if *s == d {
        return String::new();
    }
    let mut out = heading("AI");
    let search = match s.search {
        crate::ir::SearchKind::AlphaBeta => "alpha-beta search with the evaluation derived from the rules",
        crate::ir::SearchKind::Mcts => "Monte Carlo tree search (playouts)",
    };
    out.push_str(&format!("  search: {search}\n"));
    let (w, dw) = (s.weights, d.weights);
    let terms = [
        ("material", w.material, dw.material),
        ("reserve", w.reserve, dw.reserve),
        ("centre", w.centre, dw.centre),
        ("advance", w.advance, dw.advance),
        ("goal", w.goal, dw.goal),
        ("hunt", w.hunt, dw.hunt),
    ];
    let changed: Vec<String> = terms.iter().filter(|(_, v, dv)| v != dv).map(|(n, v, _)| format!("{n} {v}%")).collect();
    if !changed.is_empty() {
        out.push_str(&wrap(&format!("weights (of the terms as derived): {}", changed.join(", ")), "  ", "  "));
    }
    out
}

/// The options with their defaults, and the values in force when they differ.
fn options(g: &Game) -> String {
    if g.option_defaults.is_empty() {
        return String::new();
    }
    let mut out = heading("Options");
    out.push_str(&wrap(
        "Set with `--option NAME=VALUE` on any command (`--option NAME` sets 1; 0 is off, any other number on).",
        "",
        "",
    ));
    for (name, default) in &g.option_defaults {
        let now = g.options.iter().find(|(n, _)| n == name).map_or(*default, |(_, v)| *v);
        let set = if now != *default { format!(" (set to {now} here)") } else { String::new() };
        out.push_str(&format!("  {name} = {default} by default{set}\n"));
    }
    out
}
