//! What an action did, in words (notation::events): captures, promotions, check,
//! reserves, drops, pushes, crushes, stack splits, setup choices and chance outcomes with
//! their probabilities, on the shipped games.

use interp::ir::Game;

fn game(file: &str, fen: Option<&str>) -> (Game, interp::engine::State) {
    let g = interp::open(&format!("{}/games/{file}", env!("CARGO_MANIFEST_DIR")), &[]).unwrap();
    let st = match fen {
        Some(f) => g.parse_position(f).unwrap(),
        None => g.initial(),
    };
    (g, st)
}

/// The events of the last of `actions`, in words.
fn said(file: &str, fen: Option<&str>, actions: &str) -> Vec<String> {
    let (g, mut st) = game(file, fen);
    let mut words = vec![];
    for a in actions.split_whitespace() {
        let list = g.actions(&st);
        let m = g.find_move(&st, &list, a).unwrap_or_else(|| panic!("{a} is legal"));
        let before = st.clone();
        g.apply(&mut st, &m, list.effects_of(&m));
        words = g.events(&before, &list, &m, &st).iter().map(|e| e.describe(&g)).collect();
    }
    words
}

#[test]
fn a_capture_with_promotion_gives_check() {
    let w = said("chess.toml", Some("1r5k/P7/8/8/8/8/8/K7 w - - 0 1"), "a7-b8=Q");
    assert_eq!(w, ["captures black's Rook on b8", "the Pawn becomes a Queen", "check: black's King on h8 is attacked"]);
    assert_eq!(said("chess.toml", None, "f2-f3 e7-e5 g2-g4 d8-h4"), ["check: white's King on e1 is attacked"]);
    assert!(said("chess.toml", None, "e2-e4").is_empty());
}

#[test]
fn a_captured_piece_goes_to_the_hand_and_enters_from_it() {
    let w = said("examples/crazyhouse.toml", None, "e2-e4 d7-d5 e4-d5");
    assert_eq!(w, ["captures black's Pawn on d5, which goes to white's hand"]);
    let w = said("examples/crazyhouse.toml", None, "e2-e4 d7-d5 e4-d5 d8-d5 P@e4");
    assert_eq!(w, ["a Pawn enters on e4 from white's hand"]);
    // A promoted piece goes to the hand as what it was promoted from.
    let w = said("examples/crazyhouse.toml", Some("r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"), "b7-b8=Q a8-b8");
    assert_eq!(w, ["captures white's Queen on b8, which goes to black's hand as a Pawn"]);
    // A reserve that captures never fill is a reserve, not a hand.
    let w = said("tishai.toml", None, "g1-g2");
    assert!(w.iter().any(|e| e.ends_with("from white's reserve")), "{w:?}");
}

#[test]
fn a_push_a_crush_and_a_stack_split() {
    let w = said("taasen.toml", None, "S:D1-D2 S:A1-B2 D2-C1 S:D7-D6 C1-D2 B2-B1 P:A1-B2>A1");
    assert_eq!(
        w,
        ["the Paupil leaves the stack on A1", "white's Thaum on A1 has nowhere to go: it is crushed (removed)"]
    );
    let w = said("taasen.toml", None, "P:D1-D2 T:D7-D6 P:A1-B2 D6-D5 B2-B1 S:D7-D6 B1-C2 D6-C5 S:A1-B2 C5-C4 C2-D4>D5");
    assert_eq!(w, ["pushes green's Thaum on D5: it must escape from there next, or be crushed"]);
}

#[test]
fn setup_choices_and_a_die_with_its_probability() {
    let (g, mut st) = game("taktyka.toml", None);
    let before = st.clone();
    let mut hist = vec![];
    g.play_line(&mut st, &mut hist, ["leader:f3", "leader:d10"]).unwrap();
    let changes: Vec<String> = g.changes(&before, &st).iter().map(|e| e.describe(&g)).collect();
    assert_eq!(changes, ["white's Stone on f3 becomes a Leader", "black's Stone on d10 becomes a Leader"]);
    let w = said("taktyka.toml", None, "leader:f3 leader:d10 rolloff:white");
    assert_eq!(w, ["rolloff: white (1/2)"]);
    let w = said("taktyka.toml", None, "leader:f3 leader:d10 rolloff:black");
    assert_eq!(w, ["rolloff: black (1/2)", "winner: white -> black"]);
}
