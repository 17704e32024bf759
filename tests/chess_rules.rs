//! The rules of orthodox chess as games/chess.toml states them: every special rule gets a
//! position whose sorted legal actions (and status) are snapshotted in snapshots/, plus
//! explicit assertions of the point of each case. Every snapshot's action list was checked
//! against an independent move generator (python-chess) when it was written.

mod common;
use common::*;
use interp::engine::State;
use interp::engine::Status;
use interp::ir::Game;

/// Where a case starts: the setup or a FEN.
#[derive(Clone, Copy)]
enum From {
    Start,
    Fen(&'static str),
}

struct Case {
    st: State,
    hist: Vec<u64>,
    actions: Vec<String>,
    text: String,
}

fn case(from: From, moves: &str) -> Case {
    let g = chess();
    let start = match from {
        From::Start => g.initial(),
        From::Fen(f) => parse_fen(g, f),
    };
    let (st, hist) = play(g, &start, moves);
    let actions = legal(g, &st);
    let mut text = String::new();
    text.push_str(&format!(
        "from: {}\nmoves: {}\n",
        match from {
            From::Start => "start",
            From::Fen(f) => f,
        },
        if moves.is_empty() { "-" } else { moves }
    ));
    text.push_str(&interp::render::show(g, &st, &hist));
    text.push_str(&format!("actions ({}):\n{}\n", actions.len(), grouped(&actions)));
    Case { st, hist, actions, text }
}

/// Snapshots a case under `name` and returns it for further assertions.
fn snap(name: &str, from: From, moves: &str) -> Case {
    let c = case(from, moves);
    with_snapshots!({
        insta::assert_snapshot!(name, c.text);
    });
    c
}

fn has(c: &Case, a: &str) -> bool {
    c.actions.iter().any(|x| x == a)
}

fn pos(c: &Case) -> String {
    chess().position_string(&c.st)
}

fn status_of(c: &Case) -> Status {
    status(chess(), &c.st, &c.hist)
}

/// A line from the start after which both sides may castle on both wings (white to move).
const READY: &str = "e2-e4 e7-e5 g1-f3 b8-c6 f1-c4 f8-c5 d2-d3 d7-d6 c1-d2 c8-d7 b1-c3 g8-f6 d1-e2 d8-e7";

// ---- castling ---------------------------------------------------------------------------

#[test]
fn castling_both_wings_white_from_the_start() {
    let c = snap("castling_both_wings_white", From::Start, READY);
    assert!(has(&c, "e1-g1") && has(&c, "e1-c1"));
    let (after, _) = play(chess(), &c.st, "e1-g1");
    assert_eq!(chess().position_string(&after), "r3k2r/pppbqppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPBQPPP/R4RK1 b kq - 7 8");
    let (after, _) = play(chess(), &c.st, "e1-c1");
    assert_eq!(chess().position_string(&after), "r3k2r/pppbqppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPBQPPP/2KR3R b kq - 7 8");
}

#[test]
fn castling_both_wings_black_from_the_start() {
    let c = snap("castling_both_wings_black", From::Start, &format!("{READY} a2-a3"));
    assert!(has(&c, "e8-g8") && has(&c, "e8-c8"));
    let (after, _) = play(chess(), &c.st, "e8-g8");
    assert_eq!(chess().position_string(&after), "r4rk1/pppbqppp/2np1n2/2b1p3/2B1P3/P1NP1N2/1PPBQPPP/R3K2R w KQ - 1 9");
    let (after, _) = play(chess(), &c.st, "e8-c8");
    assert_eq!(chess().position_string(&after), "2kr3r/pppbqppp/2np1n2/2b1p3/2B1P3/P1NP1N2/1PPBQPPP/R3K2R w KQ - 1 9");
}

#[test]
fn castling_lost_after_the_king_moved_and_came_back() {
    let c = snap("castling_king_moved", From::Start, &format!("{READY} e1-d1 e8-d8 d1-e1 d8-e8"));
    assert!(!c.actions.iter().any(|a| a == "e1-g1" || a == "e1-c1"));
    assert!(pos(&c).contains(" w - - "), "{}", pos(&c));
}

#[test]
fn castling_lost_on_the_wing_whose_rook_moved() {
    let c = snap("castling_rook_moved", From::Start, &format!("{READY} h1-g1 a8-b8 g1-h1 b8-a8"));
    assert!(!has(&c, "e1-g1") && has(&c, "e1-c1"));
    assert!(pos(&c).contains(" w Qk - "), "{}", pos(&c));
    let (after, _) = play(chess(), &c.st, "a2-a3");
    let black = legal(chess(), &after);
    assert!(black.contains(&"e8-g8".to_string()) && !black.contains(&"e8-c8".to_string()));
}

#[test]
fn castling_lost_when_the_rook_is_captured() {
    // The knight on g6 takes the rook on h8: black keeps only the queenside right.
    let c = case(From::Fen("r3k2r/8/6N1/8/8/8/8/4K3 w kq - 0 1"), "g6-h8");
    assert!(pos(&c).contains(" b q - "), "{}", pos(&c));
    assert!(has(&c, "e8-c8") && !has(&c, "e8-g8"));
}

#[test]
fn castling_both_colours_from_fen() {
    let c = snap("castling_fen_white", From::Fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "");
    assert!(has(&c, "e1-g1") && has(&c, "e1-c1"));
    let c = snap("castling_fen_black", From::Fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"), "");
    assert!(has(&c, "e8-g8") && has(&c, "e8-c8"));
}

#[test]
fn castling_only_with_the_right() {
    let c = case(From::Fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"), "");
    assert!(has(&c, "e1-g1") && !has(&c, "e1-c1"));
    let c = case(From::Fen("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1"), "");
    assert!(!has(&c, "e8-g8") && has(&c, "e8-c8"));
    let c = case(From::Fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"), "");
    assert!(!has(&c, "e1-g1") && !has(&c, "e1-c1"));
}

#[test]
fn castling_forbidden_through_check() {
    // The rook on f8 attacks f1: no kingside castling; queenside is fine.
    let c = snap("castling_through_check_kingside", From::Fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "");
    assert!(!has(&c, "e1-g1") && has(&c, "e1-c1"));
    // The rook on d8 attacks d1: no queenside castling.
    let c = snap("castling_through_check_queenside", From::Fen("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "");
    assert!(has(&c, "e1-g1") && !has(&c, "e1-c1"));
}

#[test]
fn castling_allowed_when_only_b1_or_the_rook_is_attacked() {
    // b1 (which the king does not cross) and h1 (the rook) attacked: both castlings legal.
    let c = snap("castling_b1_and_rook_attacked", From::Fen("1r2k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "");
    assert!(has(&c, "e1-g1") && has(&c, "e1-c1"));
}

#[test]
fn castling_forbidden_out_of_check() {
    let c = snap("castling_out_of_check", From::Fen("4k3/8/8/4q3/8/8/8/R3K2R w KQ - 0 1"), "");
    assert!(!has(&c, "e1-g1") && !has(&c, "e1-c1"));
}

#[test]
fn castling_forbidden_into_check() {
    // Bishop c5 covers g1; rook c8 covers c1.
    let c = snap("castling_into_check_kingside", From::Fen("4k3/8/8/2b5/8/8/8/R3K2R w KQ - 0 1"), "");
    assert!(!has(&c, "e1-g1") && has(&c, "e1-c1"));
    let c = snap("castling_into_check_queenside", From::Fen("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "");
    assert!(has(&c, "e1-g1") && !has(&c, "e1-c1"));
}

#[test]
fn castling_forbidden_with_pieces_between() {
    // A knight on b1 (a cell only the rook crosses) still forbids queenside castling;
    // a bishop on f1 forbids kingside; an enemy piece between forbids it too.
    let c = snap("castling_pieces_between", From::Fen("r3k1nr/8/8/8/8/8/8/RN2KB1R w KQkq - 0 1"), "");
    assert!(!has(&c, "e1-g1") && !has(&c, "e1-c1"));
    let (after, _) = play(chess(), &c.st, "b1-c3");
    let black = legal(chess(), &after);
    assert!(!black.contains(&"e8-g8".to_string()) && black.contains(&"e8-c8".to_string()));
    let c = case(From::Fen("r3k2r/8/8/8/8/8/8/Rn2K2R w KQ - 0 1"), "");
    assert!(has(&c, "e1-g1") && !has(&c, "e1-c1"));
}

// ---- en passant -------------------------------------------------------------------------

#[test]
fn en_passant_white() {
    let c = snap("en_passant_white", From::Start, "e2-e4 a7-a6 e4-e5 d7-d5");
    assert!(has(&c, "e5-d6"));
    assert!(pos(&c).contains(" w KQkq d6 0 3"), "{}", pos(&c));
    let (after, _) = play(chess(), &c.st, "e5-d6");
    assert_eq!(chess().position_string(&after), "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

#[test]
fn en_passant_black() {
    let c = snap("en_passant_black", From::Start, "a2-a3 e7-e5 a3-a4 e5-e4 d2-d4");
    assert!(has(&c, "e4-d3"));
    let (after, _) = play(chess(), &c.st, "e4-d3");
    assert_eq!(chess().position_string(&after), "rnbqkbnr/pppp1ppp/8/8/P7/3p4/1PP1PPPP/RNBQKBNR w KQkq - 0 4");
}

#[test]
fn en_passant_only_immediately() {
    let c = case(From::Start, "e2-e4 a7-a6 e4-e5 d7-d5 a2-a3 a6-a5");
    assert!(!has(&c, "e5-d6"));
    // and not after a single step that lands beside the pawn
    let c = case(From::Start, "e2-e4 d7-d6 e4-e5 d6-d5");
    assert!(!has(&c, "e5-d6"));
}

#[test]
fn en_passant_illegal_because_of_a_rank_pin() {
    // Taking d5 en passant would empty the fifth rank between the rook h5 and the king a5.
    let c = snap("en_passant_rank_pin", From::Fen("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1"), "");
    assert!(!has(&c, "e5-d6"));
    assert!(has(&c, "e5-e6"));
}

#[test]
fn en_passant_captures_a_checking_pawn() {
    // The pawn d4 that just advanced gives check; e4xd3 e.p. removes it.
    let c = snap("en_passant_evades_check", From::Fen("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"), "");
    assert!(has(&c, "e4-d3"));
    let (after, _) = play(chess(), &c.st, "e4-d3");
    assert_eq!(chess().position_string(&after), "8/8/8/2k5/8/3p4/8/4K3 w - - 0 2");
}

// ---- promotion --------------------------------------------------------------------------

#[test]
fn promotion_all_four_choices_with_capture_white() {
    let c = snap("promotion_white", From::Fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "");
    for p in ["Q", "R", "B", "N"] {
        assert!(has(&c, &format!("a7-a8={p}")), "a7-a8={p}");
        assert!(has(&c, &format!("a7-b8={p}")), "a7-b8={p}");
    }
    assert!(!has(&c, "a7-a8"), "promotion is compulsory");
    let (after, _) = play(chess(), &c.st, "a7-b8=N");
    assert_eq!(chess().position_string(&after), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn promotion_all_four_choices_with_capture_black() {
    // Black's promotions use upper-case letters too (INTERFACE.md).
    let c = snap("promotion_black", From::Fen("4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1"), "");
    for p in ["Q", "R", "B", "N"] {
        assert!(has(&c, &format!("a2-a1={p}")) && has(&c, &format!("a2-b1={p}")));
    }
    let (after, _) = play(chess(), &c.st, "a2-a1=Q");
    assert_eq!(chess().position_string(&after), "4k3/8/8/8/8/8/8/qN2K3 w - - 0 2");
}

#[test]
fn promotion_blocked_pawn_cannot_promote() {
    let c = case(From::Fen("n3k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "");
    assert!(!c.actions.iter().any(|a| a.starts_with("a7-")), "{:?}", c.actions);
}

#[test]
fn underpromotion_to_knight_gives_check() {
    // f8=N is check (the knight attacks h7); f8=Q would not be.
    let c = snap("underpromotion_knight_check", From::Fen("8/5P1k/8/8/8/8/P7/K7 w - - 0 1"), "f7-f8=N");
    assert_eq!(pos(&c), "5N2/7k/8/8/8/8/P7/K7 b - - 0 1");
    assert!(matches!(status_of(&c), Status::Decision(1)));
    assert!(c.actions.iter().all(|a| a.starts_with("h7-")));
    assert!(!has(&c, "h7-g6"), "g6 is covered by the knight");
}

#[test]
fn underpromotion_to_rook_avoids_stalemate() {
    // g8=Q stalemates the king on a1 (the queen covers a2 along the diagonal); g8=R does not.
    let c = case(From::Fen("8/6P1/8/8/8/8/8/k1K5 w - - 0 1"), "g7-g8=Q");
    assert!(c.actions.is_empty());
    assert_eq!(status_of(&c), Status::Over(None));
    let c = snap("underpromotion_rook_no_stalemate", From::Fen("8/6P1/8/8/8/8/8/k1K5 w - - 0 1"), "g7-g8=R");
    assert_eq!(pos(&c), "6R1/8/8/8/8/8/8/k1K5 b - - 0 1");
    assert_eq!(c.actions, ["a1-a2"]);
    assert!(matches!(status_of(&c), Status::Decision(1)));
}

// ---- pins and check ---------------------------------------------------------------------

#[test]
fn pinned_pieces() {
    // Knight e2 pinned on the file: no moves. Bishop d2 pinned on the diagonal: only along it.
    let c = snap("pinned_pieces", From::Fen("4k3/4r3/8/8/1b6/8/3BN3/4K3 w - - 0 1"), "");
    assert!(!c.actions.iter().any(|a| a.starts_with("e2-")));
    assert!(has(&c, "d2-c3") && has(&c, "d2-b4") && !has(&c, "d2-e3"));
}

#[test]
fn pinned_rook_and_pawn() {
    // Rook e4 pinned on the file moves only along it (and takes the pinner); pawn d2 pinned
    // by the bishop c3 cannot advance but may take the pinner.
    let c = snap("pinned_rook_and_pawn", From::Fen("4r1k1/8/8/8/4R3/2b5/3P4/4K3 w - - 0 1"), "");
    assert!(has(&c, "e4-e8") && has(&c, "e4-e5") && has(&c, "e4-e2") && !has(&c, "e4-d4"));
    assert!(has(&c, "d2-c3") && !has(&c, "d2-d3") && !has(&c, "d2-d4"));
}

#[test]
fn check_must_be_answered() {
    // Check by the bishop b4: block on c3 or d2, or step to e2; nothing else.
    let c = snap("single_check", From::Start, "d2-d4 e7-e5 e2-e3 f8-b4");
    assert_eq!(c.actions, ["b1-c3", "b1-d2", "c1-d2", "c2-c3", "d1-d2", "e1-e2"]);
}

#[test]
fn double_check_only_king_moves() {
    // Rook e5 and bishop b4 both give check; the queen a5 could take either, but not both.
    let c = snap("double_check", From::Fen("6k1/8/8/Q3r3/1b6/8/8/4K3 w - - 0 1"), "");
    assert_eq!(c.actions, ["e1-d1", "e1-f1", "e1-f2"]);
}

#[test]
fn king_cannot_capture_a_protected_piece_or_step_next_to_the_king() {
    // Check by the queen c2, protected by the pawn b3: the king may not take it; c4 d4 e4
    // touch the black king; c3 d2 e2 are covered by the queen. Only e3 is left.
    let c = snap("king_restrictions", From::Fen("8/8/8/3k4/8/1p1K4/2q5/8 w - - 0 1"), "");
    assert_eq!(c.actions, ["d3-e3"]);
    // Without the pawn the queen may be taken.
    let c = case(From::Fen("8/8/8/3k4/8/3K4/2q5/8 w - - 0 1"), "");
    assert_eq!(c.actions, ["d3-c2", "d3-e3"]);
}

// ---- game ends --------------------------------------------------------------------------

#[test]
fn checkmate_fools_mate() {
    let c = snap("checkmate_fools_mate", From::Start, "f2-f3 e7-e5 g2-g4 d8-h4");
    assert!(c.actions.is_empty());
    assert_eq!(status_of(&c), Status::Over(Some(1)));
    assert!(c.text.contains("result: black wins"));
}

#[test]
fn checkmate_scholars_mate() {
    let c = snap("checkmate_scholars_mate", From::Start, "e2-e4 e7-e5 f1-c4 b8-c6 d1-h5 g8-f6 h5-f7");
    assert!(c.actions.is_empty());
    assert_eq!(status_of(&c), Status::Over(Some(0)));
    assert!(c.text.contains("result: white wins"));
}

#[test]
fn stalemate_is_a_draw() {
    let c = snap("stalemate", From::Fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "");
    assert!(c.actions.is_empty());
    assert_eq!(status_of(&c), Status::Over(None));
    assert!(c.text.contains("result: draw"));
}

#[test]
fn stalemate_reached_by_a_move() {
    let c = case(From::Fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "f1-f7");
    assert!(c.actions.is_empty());
    assert_eq!(status_of(&c), Status::Over(None));
}

#[test]
fn threefold_repetition_with_history() {
    // Pieces standing on castling cells of a FEN with castling `-` count as moved, so the
    // first position is already the same as after each round trip.
    let from = From::Fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let round = "a1-a2 e8-d8 a2-a1 d8-e8";
    let c = case(from, round);
    assert!(matches!(status_of(&c), Status::Decision(0)), "twice is not enough");
    let c = snap("threefold_repetition", from, &format!("{round} {round}"));
    assert_eq!(status_of(&c), Status::Over(None));
    assert!(c.text.contains("result: draw"));
    // repetition is not applied to the list of actions (like perft)
    assert!(!c.actions.is_empty());
    // The same position without the history is not a draw.
    assert!(matches!(status(chess(), &c.st, &[]), Status::Decision(0)));
}

#[test]
fn threefold_repetition_needs_the_same_player_to_move() {
    // The same placement with the other side to move is a different position.
    let from = From::Fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let c = case(from, "a1-a2 e8-d8 a2-a1 d8-e8 a1-a2 e8-d8 a2-a1");
    assert!(matches!(status_of(&c), Status::Decision(1)));
}

#[test]
fn threefold_repetition_from_the_start() {
    let g = chess();
    let (st, hist) = play(g, &g.initial(), "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8");
    let placement = |s: &str| s.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
    assert_eq!(placement(&g.position_string(&st)), placement(&g.position_string(&g.initial())));
    assert_eq!(status(g, &st, &hist), Status::Over(None), "third occurrence of the start position");
}

#[test]
fn threefold_repetition_from_the_start_once_the_knights_have_moved() {
    // Knights' moved flags do not matter to any rule, so they do not split positions.
    let g = chess();
    let trip = "g1-f3 g8-f6 f3-g1 f6-g8";
    let (st, hist) = play(g, &g.initial(), &format!("{trip} {trip} {trip}"));
    assert_eq!(status(g, &st, &hist), Status::Over(None));
}

#[test]
fn threefold_repetition_ignores_an_unusable_en_passant_cell() {
    let g = chess();
    // After e7-e5 (register e6, but no white pawn can take) the position occurs again after
    // each king round trip: the third occurrence is at ply 9.
    let st = parse_fen(g, "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1");
    let trip = "e1-d1 e8-d8 d1-e1 d8-e8";
    let (st, hist) = play(g, &st, &format!("e7-e5 {trip} {trip}"));
    assert_eq!(status(g, &st, &hist), Status::Over(None));
}

#[test]
fn fifty_move_rule() {
    let from = From::Fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let c = snap("fifty_move_rule", from, "a1-a2");
    assert!(pos(&c).ends_with(" 100 80"), "{}", pos(&c));
    assert_eq!(status_of(&c), Status::Over(None));
    assert!(c.text.contains("result: draw"));
    // At 99 the game goes on.
    let c = case(From::Fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"), "a1-a2");
    assert!(matches!(status_of(&c), Status::Decision(1)));
}

#[test]
fn fifty_move_rule_reset_by_pawn_move_and_capture() {
    let c = case(From::Fen("4k3/4p3/8/8/8/8/8/R3K3 b - - 99 80"), "e7-e5");
    assert!(pos(&c).contains(" e6 0 81"), "{}", pos(&c));
    assert!(matches!(status_of(&c), Status::Decision(0)));
    let c = case(From::Fen("4k3/8/8/8/8/8/4p3/R3K3 w - - 99 80"), "e1-e2");
    assert!(pos(&c).ends_with(" 0 80"), "{}", pos(&c));
    assert!(matches!(status_of(&c), Status::Decision(1)));
}

#[test]
fn checkmate_on_the_hundredth_halfmove_wins() {
    let c = case(From::Fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80"), "a1-a8");
    assert!(pos(&c).ends_with(" 100 80"), "{}", pos(&c));
    assert_eq!(status_of(&c), Status::Over(Some(0)));
}

#[test]
fn bare_kings_draw() {
    let c = snap("bare_kings", From::Fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"), "e1-d2");
    assert_eq!(pos(&c), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
    assert_eq!(status_of(&c), Status::Over(None));
    assert!(c.text.contains("result: draw"));
}

#[test]
fn lone_minor_piece_draw_but_not_rook() {
    for f in ["4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "4k3/8/8/8/8/8/8/3bK3 w - - 0 1"] {
        let c = case(From::Fen(f), "");
        assert_eq!(status_of(&c), Status::Over(None), "{f}");
    }
    for f in ["4k3/8/8/8/8/8/8/3RK3 w - - 0 1", "4k3/8/8/8/8/8/8/3PK3 w - - 0 1", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1"] {
        let c = case(From::Fen(f), "");
        assert!(matches!(status_of(&c), Status::Decision(0)), "{f}");
    }
}

// ---- position strings --------------------------------------------------------------------

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/3P1N2/PPP1NPPP/R2Q1RK1 w - - 0 10",
];

#[test]
fn fen_round_trip() {
    let g = chess();
    for f in FENS.iter().copied().chain([
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 5 40",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 123",
    ]) {
        assert_eq!(g.position_string(&parse_fen(g, f)), f);
    }
}

#[test]
fn fen_both_castling_rights_of_one_side() {
    // Regression: parse_position used to apply `k - 1` once per castling letter naming a
    // cell, so `KQ` turned the king on e1 into another piece kind (fixed in 3b9a789).
    let g = chess();
    let st = parse_fen(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(g.position_string(&st), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let l = legal(g, &st);
    assert!(l.contains(&"e1-g1".to_string()) && l.contains(&"e1-c1".to_string()), "{l:?}");
}

#[test]
fn fen_errors_are_reported_not_panics() {
    let g = chess();
    for bad in [
        "",
        "8/8/8/8/8/8/8 w - - 0 1",
        "9/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "xnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
    ] {
        assert!(g.parse_position(bad).is_err(), "`{bad}` should be rejected");
    }
}

/// Random playouts (deterministic LCG): returns every visited state.
fn playouts(g: &Game, seed: u64, plies: usize) -> Vec<State> {
    let mut rng = Lcg(seed);
    let mut st = g.initial();
    let mut out = vec![];
    let mut n = 0;
    while n < plies {
        out.push(st.clone());
        let list = g.actions(&st);
        if list.is_empty() {
            st = g.initial();
            continue;
        }
        let m = list.moves[rng.below(list.len())];
        g.apply(&mut st, &m, list.effects_of(&m));
        n += 1;
    }
    out
}

#[test]
fn fen_round_trip_after_random_playouts() {
    // position_string → parse_position → position_string is the identity.
    let g = chess();
    for (i, st) in playouts(g, 7, 400).iter().enumerate() {
        let s = g.position_string(st);
        let back = parse_fen(g, &s);
        assert_eq!(g.position_string(&back), s, "ply {i}");
    }
}

#[test]
fn fen_round_trip_after_random_playouts_same_actions() {
    // The position read back has the same legal actions as the one written.
    let g = chess();
    for (i, st) in playouts(g, 7, 400).iter().enumerate() {
        let s = g.position_string(st);
        assert_eq!(legal(g, &parse_fen(g, &s)), legal(g, st), "ply {i}: {s}");
    }
}

#[test]
fn fen_king_and_rook_off_their_home_cells_cannot_castle() {
    let g = chess();
    for (f, bad) in [
        ("8/r3k3/8/8/8/8/8/4K3 b - - 0 1", "e7-c7"),
        ("4k3/8/8/8/8/8/R3K3/8 w - - 0 1", "e2-c2"),
        ("4k3/8/8/8/8/8/4K2R/8 w - - 0 1", "e2-g2"),
        ("4k3/8/8/8/8/8/8/3K2R1 w - - 0 1", "d1-f1"),
    ] {
        let l = legal(g, &parse_fen(g, f));
        assert!(!l.contains(&bad.to_string()), "{f}: {bad} is not a legal move: {l:?}");
    }
}

#[test]
fn perft1_matches_actions_along_random_playouts() {
    let g = chess();
    for (i, st) in playouts(g, 12345, 200).iter().enumerate() {
        let list = g.actions(st);
        assert_eq!(perft(g, st, 1), list.len() as u64, "ply {i}: {}", g.position_string(st));
        // perft(2) = Σ perft(1) over the children
        let mut sum = 0;
        for m in &list.moves {
            let mut s = st.clone();
            g.apply(&mut s, m, list.effects_of(m));
            sum += g.actions(&s).len() as u64;
        }
        assert_eq!(perft(g, st, 2), sum, "ply {i}");
        // notations are unique and each finds its own move back
        let names = g.notations(st, &list);
        let mut dedup = names.clone();
        dedup.dedup();
        assert_eq!(names, dedup, "ply {i}: duplicate notations");
        for m in &list.moves {
            assert_eq!(g.find_move(st, &list, &g.notation(st, m)), Some(*m));
        }
    }
}

// ---- random games checked against an independent generator --------------------------------

/// The positions of tests/data/random_games.txt (made by gen_random_games.py with
/// python-chess): (FEN, sorted legal actions, action played or `end:RESULT`) per game.
fn random_games() -> Vec<Vec<(String, Vec<String>, String)>> {
    let text = std::fs::read_to_string(repo_path("tests/data/random_games.txt")).unwrap();
    let mut games: Vec<Vec<(String, Vec<String>, String)>> = vec![];
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        if line.starts_with("game ") {
            games.push(vec![]);
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 3, "{line}");
        let legal = f[1].split_whitespace().map(String::from).collect();
        games.last_mut().unwrap().push((f[0].to_string(), legal, f[2].to_string()));
    }
    games
}

#[test]
fn random_games_match_python_chess() {
    // Replays each game from the start: at every position the position string and the sorted
    // legal actions must equal python-chess's, and mates and stalemates must be recognised.
    let g = chess();
    let games = random_games();
    assert!(games.len() >= 10);
    let mut positions = 0;
    for (gi, game) in games.iter().enumerate() {
        let mut st = g.initial();
        let mut hist = vec![];
        for (ply, (fen_text, want, action)) in game.iter().enumerate() {
            positions += 1;
            let at = format!("game {gi} ply {ply}: {fen_text}");
            assert_eq!(g.position_string(&st), *fen_text, "{at}");
            let got = legal(g, &st);
            if !action.starts_with("end:") || !want.is_empty() {
                assert_eq!(&got, want, "{at}");
            }
            match action.as_str() {
                "end:white" => assert_eq!(status(g, &st, &hist), Status::Over(Some(0)), "{at}"),
                "end:black" => assert_eq!(status(g, &st, &hist), Status::Over(Some(1)), "{at}"),
                "end:stalemate" => assert_eq!(status(g, &st, &hist), Status::Over(None), "{at}"),
                a if a.starts_with("end:") => {}
                a => {
                    assert!(matches!(status(g, &st, &hist), Status::Decision(_)), "{at}");
                    let (next, _) = play(g, &st, a);
                    hist.push(g.position_key(&st));
                    st = next;
                }
            }
        }
    }
    assert!(positions > 1000, "{positions}");
}

#[test]
fn random_game_fens_match_python_chess() {
    // The same positions read from their FENs.
    let g = chess();
    for (gi, game) in random_games().iter().enumerate() {
        for (ply, (fen_text, want, action)) in game.iter().enumerate() {
            if action.starts_with("end:") && want.is_empty() {
                continue;
            }
            assert_eq!(&legal(g, &parse_fen(g, fen_text)), want, "game {gi} ply {ply}: {fen_text}");
        }
    }
}

/// A king in check along a line may not step on along it, away from the checker: the
/// square behind it is attacked once it has left (the legality of a king's step is judged
/// with its own square empty). The Rook on a1 checks along the first rank: d1 and f1 are
/// out, the second rank is free; with a second Rook on d2, the king must take it.
#[test]
fn a_king_in_check_along_a_line_cannot_step_on_along_it() {
    let g = chess();
    let st = parse_fen(g, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(legal(g, &st), ["e1-d2", "e1-e2", "e1-f2"]);
    let st = parse_fen(g, "4k3/8/8/8/8/8/3r4/r3K3 w - - 0 1");
    assert_eq!(legal(g, &st), ["e1-d2"]);
}

/// A king may not step onto the diagonal of a Bishop promoted the move before, though its
/// side had no piece that moves diagonally until then (the slides judged before a king's
/// step pass over the kinds of attackers no longer, or not yet, on the board).
#[test]
fn a_king_may_not_step_onto_the_diagonal_of_a_bishop_just_promoted() {
    let g = chess();
    let st = parse_fen(g, "8/1P6/8/8/8/7k/8/K7 w - - 0 1");
    let (st, _) = play(g, &st, "b7-b8=B");
    assert_eq!(legal(g, &st), ["h3-g2", "h3-g4", "h3-h4"]);
    let (st, _) = play(g, &parse_fen(g, "8/1P6/8/8/8/7k/8/K7 w - - 0 1"), "b7-b8=N");
    assert_eq!(legal(g, &st), ["h3-g2", "h3-g3", "h3-g4", "h3-h2", "h3-h4"]);
}
