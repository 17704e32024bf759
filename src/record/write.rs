//! A record as text: `[Name "value"]` tag pairs, a blank line, the movetext wrapped at
//! 79 columns and ending with the result token.

use super::data::{GameRecord, Token};

/// The longest movetext line written (a single longer token gets a line of its own).
const WIDTH: usize = 79;

/// A tag value between quotes: `\` and `"` escaped with `\`; line breaks and other control
/// characters become spaces.
pub fn quote(value: &str) -> String {
    let mut s = String::with_capacity(value.len() + 2);
    s.push('"');
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                s.push('\\');
                s.push(c);
            }
            c if c.is_control() => s.push(' '),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

impl GameRecord {
    /// The record's text: its tags, a blank line, the movetext and the result, ending with
    /// a line break.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (name, value) in &self.tags {
            s.push_str(&format!("[{name} {}]\n", quote(value)));
        }
        s.push('\n');
        let mut line = String::new();
        for w in self.units() {
            if !line.is_empty() && line.len() + 1 + w.len() > WIDTH {
                s.push_str(&line);
                s.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        s.push_str(&line);
        s.push('\n');
        s
    }
}

impl GameRecord {
    /// The movetext's words as lines are filled with them: a move number stays with the
    /// token after it; the result comes last.
    fn units(&self) -> Vec<String> {
        let mut units: Vec<String> = vec![];
        let mut glue = false;
        for t in &self.moves {
            let w = token_text(t);
            match units.last_mut() {
                Some(last) if glue => {
                    last.push(' ');
                    last.push_str(&w);
                }
                _ => units.push(w),
            }
            glue = matches!(t, Token::Number(_));
        }
        units.push(self.result.token(self.places));
        units
    }
}

/// A movetext token as written.
fn token_text(t: &Token) -> String {
    match t {
        Token::Number(n) => n.to_string(),
        Token::Action(a) => a.clone(),
        Token::Comment(c) => format!("{{{}}}", c.replace('}', ")")),
    }
}

/// The text of several records: each as [`GameRecord::to_text`], separated by a blank line.
pub fn records_text(records: &[GameRecord]) -> String {
    records.iter().map(GameRecord::to_text).collect::<Vec<_>>().join("\n")
}
