//! The end of a game in `play`: what decided it (the end rule's name, a resignation, an
//! agreed draw), then a prompt that still offers `undo`, `save FILE`, `moves` and `show`.

use super::{End, Line, Session, Side, help_text};
use crate::ai::material;
use crate::record::{DRAW_AGREED, Outcome};
use std::ops::ControlFlow::{self, Break, Continue};

impl<'g, L: Iterator<Item = Line>> Session<'g, L> {
    /// The end of the game: what decided it, then (when a person plays) a prompt that still
    /// offers `undo`, `save FILE`, `moves`, `show` until `quit` or the end of input.
    pub(super) fn game_over(&mut self) -> ControlFlow<End> {
        let g = self.g;
        let said = match g.verdict(&self.st, &self.hist) {
            Ok(Some(v)) => v.describe(g),
            Ok(None) => "no legal action".to_string(),
            Err(e) => return self.stop(&e),
        };
        self.finished(&format!("game over: {said}"), false)
    }

    /// After the end (`said`): the person may still undo (`resigned`: the resignation or
    /// agreed draw is taken back), save, list the actions or show the board.
    pub(super) fn finished(&mut self, said: &str, resigned: bool) -> ControlFlow<End> {
        println!("{said}");
        self.keep_record();
        if !self.opts.sides.contains(&Side::Human) {
            return Break(End::Finished);
        }
        loop {
            println!("the game is over: undo, save FILE, moves, show, help or quit");
            let Some(input) = self.read_line() else { return Break(End::Finished) };
            let (cmd, arg) = input.split_once(char::is_whitespace).map_or((input.as_str(), ""), |(c, a)| (c, a.trim()));
            match cmd {
                "quit" | "exit" => return Break(End::Finished),
                "undo" if resigned => {
                    self.ended = None;
                    self.keep_record();
                    println!("taken back: the game goes on");
                    return Continue(());
                }
                "undo" => {
                    let before = self.record.len();
                    let _ = self.undo();
                    if self.record.len() < before {
                        return Continue(());
                    }
                }
                "save" | "save!" => {
                    let _ = self.save(arg, cmd == "save!");
                }
                "moves" => println!("the game's actions: {}", self.public_record().join(" ")),
                "show" => print!("{}", self.board()),
                "rules" => println!("{}", crate::render::rulebook(self.g)),
                "help" => println!("{}", help_text()),
                _ => println!("{said}; type undo, save FILE, moves, show or quit"),
            }
        }
    }

    /// After AI player `me` moved: in a game no rule ends when nobody makes progress, an
    /// AI that has become content with a draw ([`crate::ai::Ai::content_with_draw`]) says
    /// so once (a person may then offer one with `draw`, and it accepts).
    pub(super) fn say_content(&mut self, me: usize) {
        let content = self.ais[me].content_with_draw();
        let was = std::mem::replace(&mut self.content_said[me], content);
        if content && !was {
            let hint = if self.opts.sides.contains(&Side::Human) { ": type `draw` to offer one" } else { "" };
            println!("{} (ai) would agree a draw{hint}", self.g.players[me]);
        }
    }

    /// When every player is an AI content with a draw, they agree it (as in `selfplay`);
    /// None otherwise.
    pub(super) fn agreed_by_ais(&mut self) -> Option<ControlFlow<End>> {
        let np = self.g.np();
        if !(0..np).all(|p| self.opts.sides[p] == Side::Ai && self.ais[p].content_with_draw()) {
            return None;
        }
        self.ended = Some((Outcome::Draw, DRAW_AGREED.to_string()));
        Some(self.finished("the players agree a draw\ngame over: draw (agreed)", true))
    }

    /// `resign`: the next player wins.
    pub(super) fn resign(&mut self) -> ControlFlow<End> {
        let me = self.st.to_move as usize;
        let w = (me + 1) % self.g.np();
        self.ended = Some((Outcome::Win(w as u8), format!("{} resigns", self.g.players[me])));
        let (p, w) = (&self.g.players[me], &self.g.players[w]);
        self.finished(&format!("{p} resigns\ngame over: {w} wins ({p} resigned)"), true)
    }

    /// `draw`: offers a draw to the next player; a person answers, the machine accepts
    /// when it is not ahead in material or its AI is content with a draw.
    pub(super) fn draw(&mut self) -> ControlFlow<End> {
        let g = self.g;
        let me = self.st.to_move as usize;
        let other = (me + 1) % g.np();
        if self.opts.sides[other] == Side::Human {
            println!("{} offers a draw; accept? (yes/no)", g.players[me]);
            if let Some(Line::Text(ans)) = self.lines.next()
                && ans.trim().starts_with('y')
            {
                self.ended = Some((Outcome::Draw, DRAW_AGREED.to_string()));
                return self.finished(&format!("{DRAW_AGREED}\ngame over: draw (agreed)"), true);
            }
            println!("draw declined");
        } else if material(g, &self.st, other as u8) <= 0 || self.ais[other].content_with_draw() {
            println!("{} accepts the draw", g.players[other]);
            self.ended = Some((Outcome::Draw, DRAW_AGREED.to_string()));
            return self.finished("game over: draw (agreed)", true);
        } else {
            println!("{} declines the draw", g.players[other]);
        }
        Continue(())
    }
}
