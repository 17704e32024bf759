//! Draws by agreement in self-play: in a game that no rule of its own ends when nobody
//! makes progress, two searching AIs agree a draw once nothing has been taken for a while
//! and neither finds itself ahead; never in a game with a repetition draw or a move clock,
//! never with a random player, never when switched off. Searches are bounded by nodes, so
//! the games are the same on any machine.

mod common;

use common::{open_game, parse_fen, play, repo_path};
use interp::ai::{AGREE_QUIET, Limits};
use interp::engine::State;
use interp::ir::Game;
use interp::selfplay::{Ending, GameRun, Played, Player, play_game_watched};
use std::process::Command;

/// Tâktykâ's standard test position (White to move after the setup).
const TAKTYKA_START: &str = "leader:e2 leader:e9 rolloff:white first:white";

fn selfplay(g: &Game, start: &State, players: [Player; 2], seed: u64, agree: bool) -> Played {
    let run = GameRun { seed, max_plies: 300, agree };
    play_game_watched(g, start, &[], &players, Limits::nodes(1500), run, &mut |_| {})
}

/// The number of pieces on the board after each of the game's first plies.
fn piece_counts(g: &Game, start: &State, moves: &[String]) -> Vec<usize> {
    (0..=moves.len())
        .map(|n| {
            let (st, _) = play(g, start, &moves[..n].join(" "));
            st.counts.iter().map(|&c| c as usize).sum()
        })
        .collect()
}

#[test]
fn level_ais_agree_a_draw_where_no_rule_ends_the_waiting() {
    let g = open_game("games/taktyka.toml");
    let (start, _) = play(&g, &g.initial(), TAKTYKA_START);
    for seed in 1..=2 {
        let agreed = selfplay(&g, &start, [Player::Ai, Player::Ai], seed, true);
        assert_eq!(agreed.ending, Ending::Agreed, "seed {seed}: {:?}", agreed.moves);
        assert_eq!(agreed.winner, None);
        assert_eq!(agreed.ending.reason(&g).as_deref(), Some("draw agreed"));
        // Nothing was taken in the last AGREE_QUIET plies.
        let counts = piece_counts(&g, &start, &agreed.moves);
        assert!(agreed.plies >= AGREE_QUIET, "seed {seed}: agreed after {} plies", agreed.plies);
        let last = &counts[counts.len() - AGREE_QUIET..];
        assert!(last.iter().all(|&c| c == last[0]), "seed {seed}: pieces changed: {counts:?}");
        // Switched off, the same game goes on past that point.
        let on = selfplay(&g, &start, [Player::Ai, Player::Ai], seed, false);
        assert_ne!(on.ending, Ending::Agreed);
        assert!(on.plies > agreed.plies, "seed {seed}: {} plies", on.plies);
        assert_eq!(on.moves[..agreed.plies], agreed.moves[..], "the same game up to the agreement");
    }
}

#[test]
fn no_agreement_with_a_random_player_or_where_the_rules_end_draws() {
    let g = open_game("games/taktyka.toml");
    let (start, _) = play(&g, &g.initial(), TAKTYKA_START);
    let random = selfplay(&g, &start, [Player::Ai, Player::Random], 1, true);
    assert_ne!(random.ending, Ending::Agreed, "{:?}", random.moves);
    // Rook against Rook in chess: a dead draw, but chess's own rules end it.
    let chess = open_game("games/chess.toml");
    let st = parse_fen(&chess, "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1");
    let level = selfplay(&chess, &st, [Player::Ai, Player::Ai], 1, true);
    assert!(matches!(level.ending, Ending::Over(_)), "{:?} after {:?}", level.ending, level.moves);
}

fn selfplay_cli(extra: &[&str]) -> String {
    let game = repo_path("games/taktyka.toml");
    let args = ["selfplay", game.to_str().unwrap(), "--moves", TAKTYKA_START, "--nodes", "1500", "-q"];
    let out = Command::new(env!("CARGO_BIN_EXE_interp")).args(args).args(extra).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// An empty directory of this test process for `name`.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("interp-agreement-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_summary_and_the_records_say_draw_agreed_and_the_flag_turns_it_off() {
    let dir = scratch_dir("records");
    let records = dir.join("games.pgn");
    let on = selfplay_cli(&["--records", records.to_str().unwrap()]);
    assert!(on.contains("\nendings: draw agreed 1\n"), "{on}");
    assert!(on.contains("\ncapped at 300 plies: 0 "), "{on}");
    let text = std::fs::read_to_string(&records).unwrap();
    assert!(text.contains("[Termination \"draw agreed\"]") && text.contains("[Result \"1/2-1/2\"]"), "{text}");
    // `stats` reads the agreement back as the run counted it.
    let stats = Command::new(env!("CARGO_BIN_EXE_interp")).arg("stats").arg(&records).output().unwrap();
    let stats = String::from_utf8_lossy(&stats.stdout);
    assert!(stats.contains("\nendings: draw agreed 1\n"), "{stats}");
    let off = selfplay_cli(&["--no-agreed-draws", "--max-plies", "120"]);
    assert!(!off.contains("draw agreed"), "{off}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn in_the_terminal_two_content_ais_agree_and_a_person_is_told() {
    let dir = scratch_dir("play");
    let record = dir.join("game.pgn");
    let args = ["play", "games/taktyka.toml", "--moves", TAKTYKA_START, "--white", "ai", "--black", "ai"];
    let more = ["--nodes", "1500", "--record", record.to_str().unwrap()];
    let out = common::run_interp(&[&args[..], &more[..]].concat(), "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(" (ai) would agree a draw\n"), "{text}");
    assert!(text.contains("\nthe players agree a draw\ngame over: draw (agreed)\n"), "{text}");
    let rec = std::fs::read_to_string(&record).unwrap();
    assert!(rec.contains("[Termination \"draw agreed\"]"), "{rec}");
    // Chess ends its own draws: its AIs never say so.
    let chess = ["play", "chess", "--fen", "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "--white", "ai", "--black", "ai"];
    let out = common::run_interp(&[&chess[..], &["--nodes", "800"][..]].concat(), "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("game over: draw") && !text.contains("agree"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A race without captures: each side's two Pawns walk up their own files to the far end
/// (39 moves each), and a Rook may shuffle along the middle file instead.
const RACE: &str = r#"[game]
name = "race"
players = ["white", "black"]
rules = '''
board square files a..e ranks 1..40
zone goal: white = rank 40, black = rank 1
piece P { move N [empty] }
piece R { move (N | S) [empty] }
end { win "home" if count(friend P in goal) == 2 }
'''
[pieces.P]
[pieces.R]
[setup.white]
P = "a1 b1"
R = "c15"
[setup.black]
P = "d40 e40"
R = "c25"
"#;

#[test]
fn a_race_is_never_agreed_drawn_however_long_nothing_is_taken() {
    let g = common::load_text(RACE, &[]).unwrap_or_else(|e| panic!("{e}"));
    let played = selfplay(&g, &g.initial(), [Player::Ai, Player::Ai], 1, true);
    // Nothing is ever taken, but the Pawns' steps cannot be taken back.
    assert!(played.plies > interp::ai::AGREE_STALE, "{} plies", played.plies);
    assert!(matches!(played.ending, Ending::Over(v) if v.winner.is_some()), "{:?}", played.ending);
}

#[test]
fn the_help_gives_the_numbers_the_ai_uses() {
    let out = common::run_interp(&["selfplay", "--help"], "");
    let help = String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    let (quiet, streak, stale) = (interp::ai::AGREE_QUIET, interp::ai::AGREE_STREAK, interp::ai::AGREE_STALE);
    for said in [format!("for {quiet} plies"), format!("last {streak} searches"), format!("after {stale} such plies")] {
        assert!(help.contains(&said), "`{said}` in: {help}");
    }
}
