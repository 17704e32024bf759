//! Where each byte of a TOML basic string (`"..."` or `"""..."""`) came from: escapes
//! (`\n`, `\u00e9`, a line-ending backslash) make the decoded text shorter than the raw
//! one, so spans into the decoded rules text are moved back with this map.

/// For the raw body of a basic string (after its opening quotes and the newline TOML trims,
/// up to its closing quotes), the raw offset of each byte of `decoded` and of its end, or
/// `None` when decoding the body does not give `decoded` (then spans are left as they are).
pub fn raw_offsets(body: &str, decoded: &str) -> Option<Vec<usize>> {
    let mut map = Vec::with_capacity(decoded.len() + 1);
    let mut out = String::with_capacity(decoded.len());
    let mut chars = body.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let ch = if c == '\\' { escape(&mut chars)? } else { Some(c) };
        if let Some(ch) = ch {
            out.push(ch);
            map.extend(std::iter::repeat_n(at, ch.len_utf8()));
        }
        if out.len() > decoded.len() {
            return None;
        }
    }
    map.push(body.len());
    (out == decoded).then_some(map)
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

/// The character an escape stands for (after its backslash), `Some(None)` for a
/// line-ending backslash (which stands for nothing), `None` if it is not an escape.
fn escape(chars: &mut Chars) -> Option<Option<char>> {
    let (_, c) = chars.next()?;
    let simple = match c {
        'b' => '\u{8}',
        't' => '\t',
        'n' => '\n',
        'f' => '\u{c}',
        'r' => '\r',
        'e' => '\u{1b}',
        '"' => '"',
        '\\' => '\\',
        'x' => return hex(chars, 2).map(Some),
        'u' => return hex(chars, 4).map(Some),
        'U' => return hex(chars, 8).map(Some),
        ' ' | '\t' | '\r' | '\n' => {
            let mut newline = c == '\n';
            while let Some(&(_, w)) = chars.peek().filter(|(_, w)| w.is_whitespace()) {
                newline |= w == '\n';
                chars.next();
            }
            return newline.then_some(None);
        }
        _ => return None,
    };
    Some(Some(simple))
}

/// A character written as `n` hexadecimal digits.
fn hex(chars: &mut Chars, n: usize) -> Option<char> {
    let mut v = 0u32;
    for _ in 0..n {
        let (_, d) = chars.next()?;
        v = v.checked_mul(16)?.checked_add(d.to_digit(16)?)?;
    }
    char::from_u32(v)
}

#[cfg(test)]
mod tests {
    use super::raw_offsets;

    #[test]
    fn escapes_map_back_to_their_raw_bytes() {
        let body = r#"a\tb\u00e9c\"d"#;
        let map = raw_offsets(body, "a\tbéc\"d").unwrap();
        // a, \t, b, é (two bytes, one escape), c, ", d, end.
        assert_eq!(map, [0, 1, 3, 4, 4, 10, 11, 13, 14]);
        assert_eq!(raw_offsets("x\\\n   y", "xy").unwrap(), [0, 6, 7]);
        assert!(raw_offsets("a\\q", "a").is_none());
    }
}
