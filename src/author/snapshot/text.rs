//! Layout helpers of the report: headings, wrapped word lists, diagrams side by side.

/// Lines of wrapped lists stay within this many columns (a longer word stands alone).
pub const WIDTH: usize = 100;

/// A section heading: a blank line, the title, and a rule under it.
pub fn heading(title: &str) -> String {
    format!("\n{title}\n{}\n", "-".repeat(title.chars().count()))
}

/// The report's title: the title underlined with `=`.
pub fn title(title: &str) -> String {
    format!("{title}\n{}\n", "=".repeat(title.chars().count()))
}

/// Words separated by spaces, each line starting with `indent` and kept within
/// [`WIDTH`] columns; `(none)` for no words.
pub fn wrapped(words: &[String], indent: &str) -> String {
    if words.is_empty() {
        return format!("{indent}(none)\n");
    }
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if line.is_empty() {
            line.push_str(indent);
        } else {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A line of words wrapped within [`WIDTH`] columns, its continuation lines indented by
/// `indent`.
pub fn paragraph(text: &str, indent: &str) -> String {
    let words: Vec<String> = text.split_whitespace().map(String::from).collect();
    wrapped(&words, indent)[indent.len()..].to_string()
}

pub use crate::render::lone::side_by_side;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_within_the_width() {
        let words: Vec<String> = (0..40).map(|i| format!("w{i:03}")).collect();
        let text = wrapped(&words, "  ");
        assert!(text.lines().count() > 1);
        assert!(text.lines().all(|l| l.len() <= WIDTH && l.starts_with("  w")));
        assert_eq!(text.split_whitespace().count(), 40);
        assert_eq!(wrapped(&[], "  "), "  (none)\n");
    }

    #[test]
    fn a_paragraph_indents_its_continuation_lines() {
        let text = paragraph(&format!("from: moves {}", "e2-e4 ".repeat(30)), "  ");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 1 && lines[0].starts_with("from: moves e2-e4"));
        assert!(lines[1..].iter().all(|l| l.starts_with("  e2-e4")));
        assert_eq!(paragraph("from: the start", "  "), "from: the start\n");
    }
}
