//! Slides: a program that ends in a step followed by a loop over empty cells in the same
//! direction and a landing test — the generic code of `D ([empty] same){0, n} [fin]`,
//! however it was written — becomes one `Ray` instruction, which the pattern machine runs
//! as a tight loop.

use crate::ir::{Cond, CondId, Expr, ExprId, Game, Op};

/// Replaces every slide by a ray.
pub fn run(g: &mut Game) {
    for i in 0..g.programs.len() {
        let Some(s) = shape(&g.programs[i].ops, g) else { continue };
        // At most `hi` more cells after the first: `hi + 1` cells in all.
        let max = s.hi.map(|hi| {
            let e = Expr::Add(Box::new(g.expr(hi).clone()), Box::new(Expr::Int(1)));
            match g.exprs.iter().position(|x| *x == e) {
                Some(i) => ExprId::new(i),
                None => {
                    g.exprs.push(e);
                    ExprId::new(g.exprs.len() - 1)
                }
            }
        });
        let ops = &mut g.programs[i].ops;
        ops.truncate(s.start);
        ops.push(Op::Ray(s.dirs, max, s.fin));
    }
}

/// A slide found at the end of a program.
struct Slide {
    /// Where the slide starts (after the leading tests).
    start: usize,
    /// Its directions.
    dirs: Vec<u8>,
    /// The loop's bound (None: unbounded).
    hi: Option<ExprId>,
    /// The landing test.
    fin: CondId,
}

/// Leading tests, then `Step(ds)`, a loop from 0 whose body is exactly a test of
/// emptiness and a turn that keeps each of `ds`, the landing test and `Emit`.
fn shape(ops: &[Op], g: &Game) -> Option<Slide> {
    let start = ops.iter().take_while(|o| matches!(o, Op::Test(_))).count();
    let [
        Op::Step(dirs),
        Op::LoopInit(s0),
        Op::LoopTest(s1, lo, hi, exit),
        Op::Test(empty),
        Op::Turn(same),
        Op::LoopInc(s2),
        Op::Jmp(top),
        Op::Test(fin),
        Op::Emit,
    ] = &ops[start..]
    else {
        return None;
    };
    let head = start + 2;
    let looped = s0 == s1 && s1 == s2 && *top as usize == head && *exit as usize == head + 5;
    let from_zero = g.expr(*lo).constant() == Some(0);
    let over_empty = *g.cond(*empty) == Cond::Empty;
    let straight = dirs.iter().all(|&d| g.turn_table(*same)[d as usize] == [d]);
    (looped && from_zero && over_empty && straight).then(|| Slide { start, dirs: dirs.clone(), hi: *hi, fin: *fin })
}
