//! Near misses: how far apart two names are, for "did you mean …?" suggestions (cells,
//! actions, game names, end rules).

/// The edit distance (Levenshtein: insertions, deletions, substitutions) of two strings,
/// in characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("knihgt", "knight"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("chess", "chess"), 0);
        assert_eq!(edit_distance("e2-e5", "e2-e4"), 1);
        assert_eq!(edit_distance("Échecs", "Echecs"), 1);
    }
}
