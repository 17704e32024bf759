//! `interp explain`: what a diagnostic code means, or the list of every code.

use crate::diag::Code;

/// Prints the explanation of `code`, or every code with the first sentence of its
/// explanation; exit status 2 for a code that does not exist.
pub(super) fn explain(code: Option<&str>) -> i32 {
    let Some(id) = code else {
        for c in Code::all() {
            println!("{} {}: {}", c.id(), kind(c), crate::front::games::leading_sentence(c.explain()));
        }
        return 0;
    };
    match Code::parse(id) {
        Some(c) => {
            println!("{}: {}", c.id(), kind(c));
            println!("{}", c.explain());
            0
        }
        None => {
            eprintln!("unknown diagnostic code `{id}`; `interp explain` lists them all");
            2
        }
    }
}

/// The kind's name and its stage, e.g. `UnknownPiece (check)`.
fn kind(c: Code) -> String {
    let debug = format!("{c:?}");
    match debug.split_once('(') {
        Some((stage, name)) => format!("{} ({})", name.trim_end_matches(')'), stage.to_lowercase()),
        None => debug,
    }
}
