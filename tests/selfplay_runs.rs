//! `interp selfplay` runs: `--jobs 2` gives the summary of `--jobs 1`, `--pairs` swaps the
//! deciders, endings are counted by the name of their end rule and capped games apart,
//! the progress report writes plain lines (no carriage return) into a file, and a
//! pattern overrun stops a parallel run too.

use interp::selfplay::{Config, Player, game_seed, play_game, run};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn interp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_interp")).args(args).current_dir(root()).output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "exit {:?}\n{}", o.status, String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A fresh directory for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interp-selfplay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Minichess with its checkmate rule named `checkmate` (and its stalemate rule `stalemate`);
/// `plain.toml` beside it has the two rules without names.
fn named_minichess(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(root().join("games/examples/minichess.toml")).unwrap();
    // The shipped file names its rules already: start from the rules without names.
    let text = text.replace("loss \"checkmate\" if", "loss if").replace("draw \"stalemate\" if", "draw if");
    assert!(text.contains("loss if no-moves & check") && text.contains("draw if no-moves"));
    let named = text
        .replace("loss if no-moves & check", "loss \"checkmate\" if no-moves & check")
        .replace("draw if no-moves\n", "draw \"stalemate\" if no-moves\n");
    std::fs::write(dir.join("plain.toml"), &text).unwrap();
    let path = dir.join("minichess.toml");
    std::fs::write(&path, named).unwrap();
    path
}

const CHESS_RUN: &[&str] =
    &["selfplay", "games/chess.toml", "--games", "6", "--nodes", "300", "--seed", "5", "--max-plies", "80", "-q"];

/// A summary without its measured line (the search speed).
fn unmeasured(summary: &str) -> String {
    summary.lines().filter(|l| !l.starts_with("search speed: ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn two_jobs_give_the_summary_of_one() {
    for extra in [&["--white", "ai", "--black", "random"][..], &["--pairs"][..]] {
        let one = stdout(&interp(&[CHESS_RUN, extra, &["--jobs", "1"]].concat()));
        let two = stdout(&interp(&[CHESS_RUN, extra, &["--jobs", "2"]].concat()));
        assert!(one.contains("\nsearch speed: A "), "the AI's speed is reported: {one}");
        // The speed is measured, so it differs from run to run; the games do not.
        assert_eq!(unmeasured(&one), unmeasured(&two), "--jobs 2 must not change the games ({extra:?})");
        assert!(one.lines().next().unwrap().starts_with("Chess: "), "{one}");
    }
    // Every game's actions, not only the summary, are those of one thread.
    let g = interp::open(root().join("games/examples/minichess.toml").to_str().unwrap(), &[]).unwrap();
    let cfg = |jobs| Config {
        games: 8,
        deciders: [Player::Ai, Player::Ai],
        limits: interp::ai::Limits::nodes(300),
        seed: 4,
        max_plies: 100,
        agree: true,
        progress: false,
        pairs: false,
        jobs,
        shard: None,
    };
    let moves = |jobs| -> Vec<Vec<String>> {
        run(&g, &g.initial(), &[], &cfg(jobs)).into_iter().map(|f| f.played.moves).collect()
    };
    let one = moves(1);
    assert_eq!(one.len(), 8);
    assert_eq!(one, moves(2));
    assert!(one.iter().any(|m| m != &one[0]), "the games differ from each other");
}

#[test]
fn pairs_play_each_seed_twice_with_the_deciders_swapped() {
    let g = interp::open(root().join("games/examples/minichess.toml").to_str().unwrap(), &[]).unwrap();
    let cfg = Config {
        games: 2,
        deciders: [Player::Ai, Player::Random],
        limits: interp::ai::Limits::nodes(200),
        seed: 9,
        max_plies: 60,
        agree: true,
        progress: false,
        pairs: true,
        jobs: 2,
        shard: None,
    };
    let games = run(&g, &g.initial(), &[], &cfg);
    assert_eq!(games.len(), 4);
    for (i, f) in games.iter().enumerate() {
        assert_eq!((f.slot.index, f.slot.seed_index, f.slot.swapped), (i, i / 2, i % 2 == 1));
        let players = if i % 2 == 0 { [Player::Ai, Player::Random] } else { [Player::Random, Player::Ai] };
        let alone = play_game(&g, &g.initial(), &[], players, cfg.limits, game_seed(9, i / 2, 0), 60);
        assert_eq!(f.played.moves, alone.moves, "game {}: the seed's game with {players:?}", i + 1);
    }
    // The AI beats a random player whichever colour it has: A's score counts both.
    let args = ["selfplay", "games/examples/minichess.toml", "--games", "2", "--pairs", "--nodes", "300"];
    let out = stdout(&interp(&[&args[..], &["--white", "ai", "--black", "random", "--seed", "9", "-q"]].concat()));
    assert!(out.contains("4 games in colour-swapped pairs"), "{out}");
    assert!(out.contains("white: A in odd-numbered games, B in even-numbered ones"), "{out}");
    assert!(out.contains("score A-B: 4-0 (100.0% for A: 4 won, 0 drawn, 0 lost)"), "{out}");
    assert!(out.ends_with("white-wins 2 black-wins 2 draws 0\n"), "{out}");
}

#[test]
fn endings_are_counted_by_rule_name_and_capped_games_apart() {
    let dir = temp_dir("named");
    let game = named_minichess(&dir);
    let args = ["selfplay", game.to_str().unwrap(), "--games", "4", "--white", "ai", "--black", "random"];
    let out = stdout(&interp(&[&args[..], &["--nodes", "300", "--seed", "3", "-q"]].concat()));
    assert!(out.contains("\nendings: checkmate 4\n"), "{out}");
    assert!(out.contains("\ncapped at 300 plies: 0 (counted as draws)\n"), "{out}");
    // Without a name, the rule's text stands for it.
    let plain = dir.join("plain.toml");
    // (A node budget: with the default think time the games, and so their endings,
    // depend on the machine's load.)
    let out =
        stdout(&interp(&["selfplay", plain.to_str().unwrap(), "--games", "4", "--nodes", "1000", "--seed", "3", "-q"]));
    assert!(out.contains("the rule `loss if no-moves & check`"), "{out}");
    // Random players in chess, stopped after 6 plies: every game capped, each a draw.
    let args = ["selfplay", "games/chess.toml", "--games", "3", "--white", "random", "--black", "random"];
    let out = stdout(&interp(&[&args[..], &["--max-plies", "6", "-q"]].concat()));
    assert!(out.contains("\nendings: none by a rule\ncapped at 6 plies: 3 (counted as draws)\n"), "{out}");
    assert!(out.ends_with("white-wins 0 black-wins 0 draws 3\n"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn progress_into_a_file_is_plain_lines() {
    let dir = temp_dir("progress");
    let err_path = dir.join("stderr.txt");
    let args = ["selfplay", "games/examples/minichess.toml", "--games", "20", "--nodes", "100", "--jobs", "2"];
    let o = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(args)
        .current_dir(root())
        .stderr(Stdio::from(std::fs::File::create(&err_path).unwrap()))
        .output()
        .unwrap();
    assert!(o.status.success());
    let err = std::fs::read_to_string(&err_path).unwrap();
    assert!(!err.contains('\r'), "no carriage return into a file: {err:?}");
    let lines: Vec<&str> = err.lines().collect();
    // A line every tenth of the run: games 2, 4, … 20.
    assert_eq!(lines.len(), 10, "{err}");
    assert!(lines.iter().all(|l| l.starts_with("selfplay: ") && l.contains(" games (") && l.contains("Elo")), "{err}");
    assert!(lines[9].starts_with("selfplay: 20/20 games (100%), A "), "{err}");
    // --quiet: nothing.
    let o = interp(&[&args[..], &["--quiet"]].concat());
    assert!(o.status.success() && o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pattern_overrun_stops_a_parallel_run() {
    let dir = temp_dir("overrun");
    let game = dir.join("endless.toml");
    std::fs::write(
        &game,
        "[game]\nname = \"Endless rook\"\nplayers = [\"white\", \"black\"]\nrules = '''\n\
         board square files a..h ranks 1..8\ndirs orth = N E S W\n\
         piece R { move (orth*)* [!friend] }\npiece K { move orth [empty] }\nend {\n  loss if no-moves\n}\n'''\n\
         [pieces.R]\nname = \"Rook\"\n[pieces.K]\nname = \"King\"\n\
         [setup.white]\nR = \"a1\"\nK = \"h1\"\n[setup.black]\nK = \"h8\"\n",
    )
    .unwrap();
    let o = interp(&["selfplay", game.to_str().unwrap(), "--games", "6", "--jobs", "2", "--nodes", "100", "-q"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("selfplay stopped in game 1: move generation stopped"), "{err}");
    assert!(o.stdout.is_empty(), "no summary of games that did not finish");
    let _ = std::fs::remove_dir_all(&dir);
}
