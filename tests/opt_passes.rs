//! Each optimiser pass only speeds a game up: with any one of them switched off, perft
//! counts (and the legal actions at the start) are the same.

mod common;

use common::{legal, parse_fen, perft, play, repo_path};
use interp::engine::State;
use interp::ir::Game;
use interp::opt::Passes;

const PASSES: [&str; 9] = ["slides", "probes", "leaps", "memo", "conds", "paths", "tallies", "pushes", "merge"];

fn open(file: &str, passes: &Passes) -> Game {
    interp::open_with(repo_path(file).to_str().unwrap(), &[], passes).unwrap_or_else(|e| panic!("{e}"))
}

/// A start: the initial position, a position string, or actions from the initial position.
enum Start {
    Initial,
    Fen(&'static str),
    Actions(&'static str),
}

fn start(g: &Game, s: &Start) -> State {
    match s {
        Start::Initial => g.initial(),
        Start::Fen(f) => parse_fen(g, f),
        Start::Actions(a) => play(g, &g.initial(), a).0,
    }
}

/// Perft up to `depth` and the legal actions, with every pass and with each one off.
fn same_without_each_pass(file: &str, s: Start, depth: usize) {
    let full = open(file, &Passes::default());
    let st = start(&full, &s);
    let want: Vec<u64> = (1..=depth).map(|d| perft(&full, &st, d)).collect();
    let actions = legal(&full, &st);
    for name in PASSES {
        let g = open(file, &Passes::without(name).unwrap());
        let st = start(&g, &s);
        let got: Vec<u64> = (1..=depth).map(|d| perft(&g, &st, d)).collect();
        assert_eq!(got, want, "{file} without {name}: perft");
        assert_eq!(legal(&g, &st), actions, "{file} without {name}: legal actions");
    }
}

#[test]
fn chess() {
    same_without_each_pass("games/chess.toml", Start::Initial, 4);
}

#[test]
fn chess_kiwipete() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    same_without_each_pass("games/chess.toml", Start::Fen(kiwipete), 3);
}

#[test]
fn xiangqi() {
    same_without_each_pass("games/examples/xiangqi.toml", Start::Initial, 3);
}

#[test]
fn taasen() {
    same_without_each_pass("games/taasen.toml", Start::Initial, 5);
}

#[test]
fn asteryx() {
    same_without_each_pass("games/asteryx.toml", Start::Initial, 3);
}

#[test]
fn tishai() {
    same_without_each_pass("games/tishai.toml", Start::Initial, 3);
}

#[test]
fn taktyka() {
    same_without_each_pass("games/taktyka.toml", Start::Actions("leader:e2 leader:e9 rolloff:white first:white"), 4);
}

#[test]
fn taktyka_charge_checks() {
    // Two plies before a stone's third charge check: the tallies count within the depth.
    let moves = "leader:e2 leader:e9 rolloff:white first:white e4-f5 e7-d6 f5-g6 g7-g6 c4-d5 g6-h5 d3-c4 \
        i7-h6 d5-e6 h6-g5 e2-d3 h5-i6 e6-f7 g5-f4 f7-e8 e9-d9 d1-e2 f4-e3 f3-e3 d6-c5 e8-f9 d8-e7 d3-e4 \
        e7-d6 f9-e10 d6-e7 e10-d10 d9-c8 d10-c10 c8-d8";
    same_without_each_pass("games/taktyka.toml", Start::Actions(moves), 4);
}

/// Every pass changes some game's programs or attack tables: the tests above compare
/// something.
#[test]
fn every_pass_does_something() {
    let files = ["games/chess.toml", "games/examples/xiangqi.toml", "games/taasen.toml", "games/asteryx.toml"];
    let files = [files.as_slice(), &["games/tishai.toml", "games/taktyka.toml"]].concat();
    let dump = |g: &Game| {
        let tables = format!("{:?} {:?} {:?}", g.probes, g.forward_attacks, g.cond_tables);
        format!("{:?} {tables} {:?} {:?}", g.programs, g.tallies, g.pushes)
    };
    for name in PASSES {
        let changed =
            files.iter().any(|f| dump(&open(f, &Passes::default())) != dump(&open(f, &Passes::without(name).unwrap())));
        assert!(changed, "switching off {name} changes nothing");
    }
}

/// Every condition tested by a table gives what the evaluator's walk gives, for every
/// player, cell and occupant, with the variables as they start and all set to 1, and the
/// registers as they start and all on the cell (the tables are built from the same leaves,
/// so this guards the tables' layout and the guarded tables' choice among them); and the
/// tables are there, in games whose moves test occupants, guarded ones where a move
/// compares a variable, ones on a register where it tests one.
#[test]
fn condition_tables_agree_with_the_walk() {
    use interp::engine::eval::Ctx;
    use interp::ir::{CondId, Shape};
    let files = ["games/chess.toml", "games/taktyka.toml", "games/tishai.toml", "games/asteryx.toml"];
    let files = [files.as_slice(), &["games/examples/shogi.toml", "games/taasen.toml"]].concat();
    let (mut tables, mut guarded, mut on_reg) = (0, 0, 0);
    for file in files {
        let g = open(file, &Passes::default());
        let mut st = g.initial();
        for id in (0..g.conds.len()).map(CondId::new) {
            match g.cond_tables.shape(id) {
                Shape::Table(_) => tables += 1,
                Shape::Guarded(_) => guarded += 1,
                Shape::OnReg(..) => on_reg += 1,
                _ => continue,
            }
            let regs = st.regs.clone();
            for vars in [st.vars.clone(), vec![1; st.vars.len()]] {
                st.vars = vars;
                for c in 0..g.board.len() {
                    let was = st.board[c];
                    // The registers elsewhere, then all on the cell.
                    for regs in [regs.clone(), vec![c as u16; regs.len()]] {
                        st.regs = regs;
                        for k in 0..g.kind_type.len() as u8 {
                            st.board[c] = k;
                            for me in 0..g.np() as u8 {
                                let cx = Ctx::new(&g, &st, me, u16::MAX);
                                let walk = cx.holds(g.cond(id), c as u16, false);
                                assert_eq!(cx.test(id, c as u16, false), walk, "{file}: {id:?}, cell {c}, kind {k}");
                            }
                        }
                    }
                    st.board[c] = was;
                }
            }
            st.regs = regs;
        }
    }
    assert!(tables >= 6, "only {tables} condition tables in these games");
    assert!(guarded >= 1, "no guarded condition tables in these games");
    assert!(on_reg >= 3, "only {on_reg} condition tables on a register in these games");
}

/// A program that tests a register before anything else waits for it (en passant), and
/// only such a program: one that tests the register on one branch still runs while the
/// register is unset, so its other branch's moves are there.
#[test]
fn programs_wait_for_a_register_only_when_every_path_tests_it() {
    let chess = open("games/chess.toml", &Passes::default());
    let waiting: Vec<_> = chess.programs.iter().filter(|p| p.waits.is_some()).collect();
    assert_eq!(waiting.len(), 2, "the en passant captures, one per player");
    let pieces =
        "piece P {\n  move N [empty] @mark\n  move (NE [empty & mark] | E [empty])\n  move NW [empty & mark]\n}";
    let g = small_game_with_a_register(pieces, "[pieces.P]\n[setup.white]\nP = \"b1\"\n[setup.black]\nP = \"b3\"");
    let waits: Vec<_> = g.programs.iter().map(|p| p.waits.is_some()).collect();
    assert!(waits.contains(&true) && waits.contains(&false), "{waits:?}");
    assert_eq!(legal(&g, &g.initial()), ["b1-b2", "b1-c1"]);
}

/// Which programs become tables of guarded paths: Tâktykâ's diagonal step past a barrier
/// and Asteryx's zigzag (a repetition with numbers for bounds) do, and so do programs
/// whose effects set registers, remove pieces or carry them (a Pawn's double step, its
/// capture en passant, Taasen's moves, which mark the piece moved, and castling, which
/// carries the Rook over the King; the King's step is a leap table already); one whose
/// repetition is bounded by a counter (Tishai's Wizard) does not.
#[test]
fn programs_without_effects_but_registers_become_path_tables() {
    let paths = |file: &str, letter: char| -> Vec<bool> {
        let g = open(file, &Passes::default());
        let t = g.types.iter().position(|t| t.letter == letter).unwrap();
        let progs = &g.moves_of[t * g.np()];
        progs.iter().map(|&p| g.program(p).ops.iter().any(|o| matches!(o, interp::ir::Op::Paths(_)))).collect()
    };
    assert_eq!(paths("games/taktyka.toml", 'S'), [true, false, false, false], "Tâktykâ's Stone");
    assert!(paths("games/asteryx.toml", 'B').iter().all(|&p| p), "Asteryx's Bishop");
    assert_eq!(paths("games/chess.toml", 'K'), [false, true, true], "chess's King");
    assert_eq!(paths("games/chess.toml", 'P'), [false, true, false, true], "chess's Pawn");
    assert!(paths("games/taasen.toml", 'P').iter().all(|&p| p), "Taasen's Paupil");
    assert!(!paths("games/tishai.toml", 'B').iter().any(|&p| p), "Tishai's Wizard");
}

/// A path table takes a piece once under `captures distinct`, as the pattern machine
/// does: a path that removes the same piece twice ends there, while a game without it
/// keeps the move. The program is a table (removals are known at load), and the pass off
/// gives the same actions.
#[test]
fn a_path_table_takes_a_piece_once_under_captures_distinct() {
    let rules = |distinct: &str| {
        format!(
            "board square files a..c ranks 1..3\n{distinct}\n\
             piece A {{ move N [enemy] remove(here) S remove(N) E [empty] }}\n\
             piece B {{ move E [empty] }}\nend {{ loss if no-moves }}"
        )
    };
    for (distinct, want) in [("", vec!["a1-b1"]), ("captures distinct", vec![])] {
        let text = format!(
            "[game]\nname = \"twice\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{}\n'''\n\
             [pieces.A]\n[pieces.B]\n[setup.white]\nA = \"a1\"\n[setup.black]\nB = \"a2\"\n",
            rules(distinct)
        );
        for passes in [Passes::default(), Passes::without("paths").unwrap()] {
            let path =
                std::env::temp_dir().join(format!("interp-twice-{}-{}.toml", std::process::id(), distinct.len()));
            std::fs::write(&path, &text).unwrap();
            let g = interp::open_with(path.to_str().unwrap(), &[], &passes).unwrap_or_else(|e| panic!("{e}"));
            std::fs::remove_file(&path).ok();
            let tabled = g.programs.iter().any(|p| matches!(p.ops[..], [interp::ir::Op::Paths(_)]));
            assert_eq!(tabled, passes.paths, "{distinct:?}: the capture is a table with the pass on");
            assert_eq!(legal(&g, &g.initial()), want, "{distinct:?}, paths {}", passes.paths);
        }
    }
}

/// A path table carries a piece as the pattern machine does: the first path, whose
/// alternative leaves the mark unset, ends at the carry (else its move, without the carry,
/// would stand for a1-c1); the second, whose alternative marked the friend, carries it to
/// the mark it names. The program is a table with the pass on, and the actions and the
/// position after the carry are the same with it off.
#[test]
fn a_path_table_carries_a_piece_as_the_machine_does() {
    let rules = "board square files a..c ranks 1..3\n\
        piece A { move (E [empty] W | N [friend] @b S) E [empty] @t E [empty] carry(@b, @t) }\n\
        piece B { move E [empty] }\nend { loss if no-moves }";
    let text = format!(
        "[game]\nname = \"carry\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n\
         [pieces.A]\n[pieces.B]\n[setup.white]\nA = \"a1\"\nB = \"a2\"\n[setup.black]\nB = \"a3\"\n"
    );
    let mut seen = vec![];
    for passes in [Passes::default(), Passes::without("paths").unwrap()] {
        let path = std::env::temp_dir().join(format!("interp-carry-{}-{}.toml", std::process::id(), passes.paths));
        std::fs::write(&path, &text).unwrap();
        let g = interp::open_with(path.to_str().unwrap(), &[], &passes).unwrap_or_else(|e| panic!("{e}"));
        std::fs::remove_file(&path).ok();
        let tabled = g.programs.iter().any(|p| p.ops.iter().any(|o| matches!(o, interp::ir::Op::Paths(_))));
        assert_eq!(tabled, passes.paths, "the carrying move is a table with the pass on");
        let mut moves = legal(&g, &g.initial());
        moves.sort();
        assert_eq!(moves, ["a1-c1", "a2-b2"], "paths {}", passes.paths);
        let (after, _) = play(&g, &g.initial(), "a1-c1");
        let on = |cell: &str| after.board[g.board.cell(cell).unwrap() as usize];
        let b = g.types.iter().position(|t| t.letter == 'B').unwrap();
        assert_eq!((on("a2"), on("c1") != 0), (0, true), "paths {}", passes.paths);
        assert_eq!(g.kind_type[on("b1") as usize] as usize, b, "the friend carried to b1, paths {}", passes.paths);
        seen.push(after.board.clone());
    }
    assert_eq!(seen[0], seen[1]);
}

/// Which runs of a piece's programs move generation walks as one table: chess's Pawn's
/// step, double step and captures (short tables) do, its capture en passant (which waits
/// for a register) stays apart; Trubix-43's Crowned Knight's step and leap (many cells each) stay
/// apart; the pieces' programs as written are unchanged.
#[test]
fn short_runs_of_tables_are_joined_for_generation() {
    let lists = |file: &str, letter: char| {
        let g = open(file, &Passes::default());
        let slot = g.types.iter().position(|t| t.letter == letter).unwrap() * g.np();
        (g.moves_of[slot].len(), g.gen_of[slot].len())
    };
    assert_eq!(lists("games/chess.toml", 'P'), (4, 2), "chess's Pawn");
    assert_eq!(lists("games/chess.toml", 'K'), (3, 3), "chess's King");
    assert_eq!(lists("games/trubix-43.toml", 'C'), (2, 2), "Trubix-43's Crowned Knight");
    let off = open("games/chess.toml", &Passes::without("merge").unwrap());
    assert_eq!(off.gen_of, off.moves_of);
}

/// What a program records on its way belongs to its own moves: a roll scheduled before
/// the first step, or after a lead of steps and tests that the generator walks before
/// the pattern machine starts, does not follow the piece's next program (b2-b1 once
/// scheduled a roll too).
#[test]
fn effects_of_a_program_stay_with_its_moves() {
    for first in ["then(roll) N [empty]", "N [empty] then(roll)"] {
        let rules = format!(
            "board square files a..c ranks 1..3\ncounter lucky = 0\n\
             followup roll by chance: six weight 1 {{ lucky = 1 }} | one weight 1 {{ lucky = 2 }}\n\
             piece A {{\n  move {first}\n  move S [empty]\n}}\nend {{ loss if no-moves }}"
        );
        let text = format!(
            "[game]\nname = \"roll\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n\
             [pieces.A]\n[setup.white]\nA = \"b2\"\n[setup.black]\nA = \"a2\"\n"
        );
        let g = common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.is_chance(&play(&g, &g.initial(), "b2-b3").0), "{first}: b2-b3 rolls");
        assert!(!g.is_chance(&play(&g, &g.initial(), "b2-b1").0), "{first}: b2-b1 does not roll");
    }
}

/// An attack that tests a register on one alternative only still attacks by the others
/// while the register is unset: the King may not step where the other alternative takes
/// (b1, east of the black piece on a1). The attack tables once let it wait for the
/// register as a whole.
#[test]
fn an_attack_testing_a_register_on_one_alternative_still_attacks_by_the_others() {
    let pieces = "dirs any = N E S W NE SE SW NW\npiece K { move any [!friend] }\npiece X { move (N [enemy & mark] | E [enemy]) }";
    let tables =
        "[pieces.K]\nroyal = true\n[pieces.X]\n[setup.white]\nK = \"c1\"\n[setup.black]\nX = \"a1\"\nK = \"a3\"";
    let g = small_game_with_a_register(pieces, tables);
    assert_eq!(legal(&g, &g.initial()), ["c1-c2"]);
}

/// A game on a 3×3 board with a register `mark`: the given piece rules, then the given
/// TOML tables (pieces and setups).
fn small_game_with_a_register(pieces: &str, tables: &str) -> Game {
    let rules = format!("board square files a..c ranks 1..3\nregister mark\n{pieces}\nend {{ loss if no-moves }}");
    let text =
        format!("[game]\nname = \"gate\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n{tables}\n");
    common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// A condition with two comparisons separated by occupant tests gets tables guarded by
/// both (four per player); the moves follow the counters as the walk does: captures once
/// `n` is above 0, steps to empty cells once `m` is above 1.
#[test]
fn a_condition_guarded_by_two_comparisons_follows_both() {
    use interp::ir::{CondId, Shape};
    let rules = "board square files a..c ranks 1..3\ncounter n = 0\ncounter m = 0\n\
        on turn { n += 1 }\non turn by black { m += 1 }\n\
        piece K { move (N | E) [(enemy & n > 0) | (empty & m > 1)] }\nend { loss if no-moves }";
    let text = format!(
        "[game]\nname = \"guards\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n\
         [pieces.K]\n[setup.white]\nK = \"a1\"\n[setup.black]\nK = \"a2\"\n"
    );
    let g = common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"));
    let guarded = (0..g.conds.len()).filter(|&i| matches!(g.cond_tables.shape(CondId::new(i)), Shape::Guarded(_)));
    assert_eq!(guarded.count(), 1);
    assert_eq!(g.cond_tables.guards[0].parts.len(), 2);
    let mut st = g.initial();
    assert!(legal(&g, &st).is_empty(), "n = 0, m = 0: nothing");
    let set = |st: &mut State, n: i64, m: i64| st.vars.copy_from_slice(&[n, m]);
    set(&mut st, 1, 0);
    assert_eq!(legal(&g, &st), ["a1-a2"], "n = 1: the capture only");
    set(&mut st, 0, 2);
    assert_eq!(legal(&g, &st), ["a1-b1"], "m = 2: the step only");
    set(&mut st, 1, 2);
    assert_eq!(legal(&g, &st), ["a1-a2", "a1-b1"], "both");
}

/// A repetition whose bound is a counter gets path tables for the counter's first values
/// (the budget decides how many) and runs by the general form beyond them: for every value
/// the moves are those of the game without path tables.
#[test]
fn a_repetition_bounded_by_a_counter_has_tables_for_its_first_values() {
    let rules = "board square files a..e ranks 1..6\ncounter n = 0\non turn { n += 1 }\n\
        piece K { move N [empty] }\n\
        piece Z { move ((N | E) [empty]){0, max(1, n) - 1} (N | E) [!friend] }\nend { loss if no-moves }";
    let text = format!(
        "[game]\nname = \"bounded\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n\
         [pieces.K]\n[pieces.Z]\n[setup.white]\nZ = \"a1\"\nK = \"e1\"\n[setup.black]\nK = \"c3 e6\"\n"
    );
    let path = std::env::temp_dir().join(format!("interp-bounded-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let load = |passes: &Passes| interp::open_with(path.to_str().unwrap(), &[], passes).unwrap();
    let (with, without) = (load(&Passes::default()), load(&Passes::without("paths").unwrap()));
    let _ = std::fs::remove_file(&path);
    let z = with.types.iter().position(|t| t.letter == 'Z').unwrap();
    let prog = with.program(with.moves_of[z * with.np()][0]);
    let tables = prog.by_bound.as_ref().map_or(0, |b| b.tables.len());
    assert!((2..8).contains(&tables), "tables for the first values, not for all: {tables}");
    for n in 0..8 {
        let (mut a, mut b) = (with.initial(), without.initial());
        a.vars[0] = n;
        b.vars[0] = n;
        let moves = legal(&with, &a);
        assert_eq!(moves, legal(&without, &b), "n = {n}");
        assert_eq!(moves.iter().filter(|m| m.starts_with("a1-")).count() > 2, n > 1, "n = {n}: {moves:?}");
    }
}

/// Rock-paper with pushes of other pieces than its own rule's: judged before the move, the
/// cell the mover leaves counts as empty, as it is after the move, or, left by a piece taken
/// out of a stack, as the rest of that stack: its smallest kind on top (a Paper over a
/// Scissors when the Rock leaves the start stack, which `[beaten]` tells apart), stacked
/// while two pieces remain.
#[test]
fn pushes_judged_before_the_move_see_the_origin_as_after_it() {
    let file = repo_path("games/examples/rock-paper.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    for cond in ["!empty & !stacked", "beaten", "stacked", "beaten & !stacked"] {
        let rule = format!("push orth [{cond}]");
        let text = text.replace("push orth [beaten & !friend & !stacked]", &rule);
        assert!(text.contains(&rule));
        let path = std::env::temp_dir().join(format!("interp-push-any-{}.toml", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let load = |passes: &Passes| interp::open_with(path.to_str().unwrap(), &[], passes).unwrap();
        let (with, without) = (load(&Passes::default()), load(&Passes::without("pushes").unwrap()));
        let _ = std::fs::remove_file(&path);
        assert!(with.pushes[0].before && !without.pushes[0].before);
        let counts = |g: &Game| (1..=4).map(|d| perft(g, &g.initial(), d)).collect::<Vec<_>>();
        assert_eq!(counts(&with), counts(&without), "push orth [{cond}]");
        assert_eq!(legal(&with, &with.initial()), legal(&without, &without.initial()), "push orth [{cond}]");
    }
}
