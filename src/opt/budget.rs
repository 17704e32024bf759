//! Work budgets of the load-time passes that enumerate paths or cells: a program too big
//! for a specialisation keeps its general form (correct, only slower), and once a game
//! has spent a pass's budget the pass leaves its remaining programs alone.

/// Probe steps (paths times their length) one program may be reversed into.
pub const PROBE_STEPS_PER_PROGRAM: u64 = 4096;
/// Probe steps every program of a game together may be reversed into.
pub const PROBE_STEPS_PER_GAME: u64 = 16_384;
/// Frontier entries one leap table may expand, over all its origins.
pub const LEAP_WORK_PER_PROGRAM: u64 = 1 << 22;
/// Frontier entries every leap table of a game together may expand.
pub const LEAP_WORK_PER_GAME: u64 = 1 << 25;
/// Instructions (each weighed by the tests kept so far) one path table's enumeration may
/// take, over all its origins: it bounds the table's size too.
pub const PATH_WORK_PER_PROGRAM: u64 = 1 << 18;
/// The same for every path table of a game together.
pub const PATH_WORK_PER_GAME: u64 = 1 << 22;

/// What a pass may still spend: on the program at hand and on the whole game.
pub struct Budget {
    per_program: u64,
    game: u64,
}

impl Budget {
    /// A budget of `per_program` units per program and `per_game` in all.
    pub fn new(per_program: u64, per_game: u64) -> Self {
        Budget { per_program, game: per_game }
    }

    /// What the next program may spend.
    pub fn for_program(&self) -> u64 {
        self.per_program.min(self.game)
    }

    /// Takes `n` units spent (on a program done or given up) from the game's budget.
    pub fn spend(&mut self, n: u64) {
        self.game = self.game.saturating_sub(n);
    }
}
