//! The hand: a captured piece enters its captor's hand as its declared base type
//! (`[pieces.X] demote`), or, when it remembers a promotion (`[pieces.X] remember`), as
//! the type it was promoted from; position strings mark both (`[fen] base-mark`,
//! `promoted-mark`). Each concept is also tested switched off.

mod common;

use common::{load_text, parse_fen, play, repo_path};
use interp::ir::Game;

/// A 5×5 game with a Silver that may promote to a Gold-like T on the far rank; T's base is
/// the Silver. Captured pieces go to the captor's hand and come back as drops.
const BASED: &str = r#"[game]
players = ["white", "black"]
rules = '''
board square files a..e ranks 1..5
zone far: white = rank 5, black = rank 1
dirs any = N NE E SE S SW W NW
piece K { move any [!friend] }
piece S { move (N | NE | NW | SE | SW) [!friend]  promote optional in far to T }
piece T { move any [!friend] }
on capture { pocket }
drop S [empty]
'''
[pieces.K]
royal = true
[pieces.S]
name = "Silver"
[pieces.T]
name = "Promoted Silver"
demote = "S"
[setup.white]
K = "a1"
S = "c3"
[setup.black]
K = "e5"
S = "c4"
[reserve.white]
S = 0
[reserve.black]
S = 0
[fen]
pocket = true
base-mark = "+"
"#;

fn based(with_base: bool) -> Game {
    let text = if with_base { BASED.to_string() } else { BASED.replace("demote = \"S\"\n", "") };
    load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_captured_promoted_piece_enters_the_hand_as_its_base() {
    let g = based(true);
    // The promoted Silver on d4 is taken by the king and goes to Black's hand as a Silver,
    // which Black may drop.
    let st = parse_fen(&g, "4k/3+S1/5/5/K4[] b - -");
    let (taken, _) = play(&g, &st, "e5-d4");
    assert_eq!(g.position_string(&taken), "5/3k1/5/5/K4[s] w - -");
    let (dropped, _) = play(&g, &taken, "a1-a2 S@c3");
    assert_eq!(g.position_string(&dropped), "5/3k1/2s2/K4/5[] w - -");
    // Without the base the promoted piece has no reserve to go to: it is lost.
    let g = based(false);
    let st = parse_fen(&g, "4k/3T1/5/5/K4[] b - -");
    let (taken, _) = play(&g, &st, "e5-d4");
    assert_eq!(g.position_string(&taken), "5/3k1/5/5/K4[] w - -");
}

#[test]
fn the_base_mark_writes_and_reads_promoted_pieces_by_their_base() {
    let g = based(true);
    let (st, _) = play(&g, &g.initial(), "c3-b4 c4-d3 b4-b5=T");
    let s = g.position_string(&st);
    assert_eq!(s, "1+S2k/5/3s1/5/K4[] b - -");
    assert_eq!(g.position_string(&parse_fen(&g, &s)), s);
    // The plain letter reads too; a mark before a letter that is no base, a mark at the
    // end of a row, or two marks, are refused.
    assert_eq!(g.position_string(&parse_fen(&g, "1T2k/5/3s1/5/K4[] b - -")), s);
    for bad in ["1+K2k/5/3s1/5/K4[] b - -", "1S2k+/5/3s1/5/K4[] b - -", "1++S2k/5/3s1/5/K4[] b - -"] {
        let e = g.parse_position(bad).unwrap_err().to_string();
        assert!(e.contains("the mark `+`"), "{bad}: {e}");
    }
    // Without a base the type is written by its own letter.
    let g = based(false);
    let (st, _) = play(&g, &g.initial(), "c3-b4 c4-d3 b4-b5=T");
    assert_eq!(g.position_string(&st), "1T2k/5/3s1/5/K4[] b - -");
}

/// Chess with captured pieces going to the captor's hand, and a Pawn's promotions
/// remembered (or not, `remember = false`).
fn pocket_chess(remember: bool) -> Game {
    let chess = repo_path("games/chess.toml");
    let text = format!(
        r#"[game]
extends = "{}"
rules = '''
on capture {{ pocket }}
drop Q R B N P [empty]
'''
[pieces.P]
name = "Pawn"
remember = {remember}
[reserve.white]
Q = 0
R = 0
B = 0
N = 0
P = 0
[reserve.black]
Q = 0
R = 0
B = 0
N = 0
P = 0
[fen]
pocket = true
{}
"#,
        chess.display(),
        if remember { "promoted-mark = \"~\"" } else { "" }
    );
    load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_promoted_piece_remembers_its_pawn() {
    let g = pocket_chess(true);
    let st = parse_fen(&g, "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
    let (queened, _) = play(&g, &st, "b7-b8=Q");
    assert_eq!(g.position_string(&queened), "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    let (taken, _) = play(&g, &queened, "a8-b8");
    assert_eq!(g.position_string(&taken), "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    let at = |st: &interp::engine::State, c: &str| st.board[g.board.cell(c).unwrap() as usize];
    assert_eq!(g.hand_type(at(&queened, "b8")), g.hand_type(at(&st, "b7")));
    // The mark reads back: the queen on b8 still remembers, and so does one read from
    // the string alone.
    let read = parse_fen(&g, "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert_eq!(g.position_string(&play(&g, &read, "a8-b8").0), "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    // A queen that was never promoted goes to the hand as a queen; a mark on a type no
    // remembered type promotes to is refused.
    let plain = parse_fen(&g, "rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert_eq!(g.position_string(&play(&g, &plain, "a8-b8").0), "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2");
    assert!(g.parse_position("rK~2k3/8/8/8/8/8/8/8[] b - - 0 1").is_err());
    assert!(g.parse_position("~r3k3/8/8/8/8/8/8/4K3[] b - - 0 1").is_err());
}

#[test]
fn without_remember_a_promoted_piece_enters_the_hand_as_what_it_is() {
    let g = pocket_chess(false);
    let st = parse_fen(&g, "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
    let (taken, _) = play(&g, &st, "b7-b8=Q a8-b8");
    assert_eq!(g.position_string(&taken), "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2");
}

#[test]
fn the_memory_survives_the_pieces_moves() {
    let g = pocket_chess(true);
    let st = parse_fen(&g, "4k3/1P6/8/8/8/b7/1r6/4K3[] w - - 0 1");
    // The queen takes the rook and keeps its mark; taken, it goes back as a Pawn.
    let (st, _) = play(&g, &st, "b7-b8=Q e8-d7 b8-b2");
    assert_eq!(g.position_string(&st), "8/3k4/8/8/8/b7/1Q~6/4K3[R] b - - 0 2");
    let (st, _) = play(&g, &st, "a3-b2");
    assert_eq!(g.position_string(&st), "8/3k4/8/8/8/8/1b6/4K3[Rp] w - - 0 3");
}

#[test]
fn a_drop_fires_on_drop_triggers_of_its_type() {
    // Crazyhouse: a drop starts the fifty-move count again (`on drop { halfmove = 0 }`),
    // a quiet move does not.
    let g = common::open_game("games/examples/crazyhouse.toml");
    let st = parse_fen(&g, "4k3/8/8/8/8/8/8/4K3[NPn] w - - 5 10");
    assert_eq!(g.position_string(&play(&g, &st, "N@e4").0), "4k3/8/8/8/4N3/8/8/4K3[Pn] b - - 0 10");
    assert_eq!(g.position_string(&play(&g, &st, "e1-d1").0), "4k3/8/8/8/8/8/8/3K4[NPn] b - - 6 10");
    // With TYPES, only drops of those types fire it.
    let text = format!(
        "[game]\nextends = \"{}\"\nrules = '''\ncounter knights per-player = 0\non drop N {{ knights += 1 }}\n'''\n",
        repo_path("games/examples/crazyhouse.toml").display()
    );
    let g = load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"));
    let st = parse_fen(&g, "4k3/8/8/8/8/8/8/4K3[NPn] w - - 5 10");
    assert!(g.position_string(&play(&g, &st, "N@e4").0).contains("knights=1,0"));
    assert!(g.position_string(&play(&g, &st, "P@e4").0).contains("knights=0,0"));
}

#[test]
fn the_pocket_writes_its_types_in_the_declared_order() {
    let g = common::open_game("games/examples/crazyhouse.toml");
    // Fairy-Stockfish's order, Q R B N P, whatever the order read.
    let st = parse_fen(&g, "r3k3/8/8/8/8/8/8/4K3[NNQbrP] w - - 0 1");
    assert_eq!(g.position_string(&st), "r3k3/8/8/8/8/8/8/4K3[QNNPrb] w - - 0 1");
    // Without `pocket-order`, the order of the reserves (alphabetical).
    let plain = std::fs::read_to_string(repo_path("games/examples/crazyhouse.toml"))
        .unwrap()
        .replace("pocket-order = \"QRBNP\"\n", "")
        .replace("extends = \"../chess.toml\"", &format!("extends = \"{}\"", repo_path("games/chess.toml").display()));
    let g = load_text(&plain, &[]).unwrap_or_else(|e| panic!("{e}"));
    let st = parse_fen(&g, "r3k3/8/8/8/8/8/8/4K3[NNQbrP] w - - 0 1");
    assert_eq!(g.position_string(&st), "r3k3/8/8/8/8/8/8/4K3[NNPQbr] w - - 0 1");
}

#[test]
fn a_record_keeps_the_hands_and_the_marks_of_its_start() {
    use interp::record::{GameRecord, Header, parse_records, replay};
    let g = common::open_game("games/examples/crazyhouse.toml");
    let start = "rQ~2k3/8/8/8/8/8/8/4K3[Nn] b - - 0 1";
    let mut h = Header::new("games/examples/crazyhouse.toml", b"", &[], vec!["human".into(), "human".into()]);
    h.start = Some(start.to_string());
    let actions: Vec<String> = ["a8-b8", "N@c7", "e8-d7"].iter().map(|a| a.to_string()).collect();
    let rec = GameRecord::of_game(&g, &h, &actions).unwrap_or_else(|e| panic!("{e}"));
    let text = rec.to_text();
    assert!(text.contains(&format!("[FEN \"{start}\"]")), "{text}");
    let read = parse_records(&text).unwrap();
    let r = replay(&g, &read[0], None).unwrap_or_else(|e| panic!("{e}"));
    // The promoted Queen went to Black's hand as a Pawn; White's Knight was dropped.
    assert_eq!(g.position_string(&r.state), "1r6/2Nk4/8/8/8/8/8/4K3[np] w - - 1 3");
}
