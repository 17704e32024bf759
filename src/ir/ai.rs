//! How a game asks its AI to play: the search to use and the evaluation's weights (the
//! game file's `[ai]` table).

/// Which search plays the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SearchKind {
    /// Iterative-deepening alpha-beta with the static evaluation.
    #[default]
    AlphaBeta,
    /// Monte Carlo tree search (UCT with playouts), for games without a useful evaluation.
    Mcts,
}

/// The game's settings for its AI.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AiSettings {
    /// The search the AI uses unless a front end says otherwise.
    pub search: SearchKind,
    /// How much each term of the evaluation counts.
    pub weights: Weights,
}

/// The weight of each term of the static evaluation, in percent of its derived size
/// (100: as derived; 0: left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// The pieces on the board.
    pub material: u16,
    /// The pieces in the reserves.
    pub reserve: u16,
    /// Pieces on cells where they reach more (centrality).
    pub centre: u16,
    /// Pieces nearer the cells where they promote.
    pub advance: u16,
    /// Progress towards the goals of end rules (a piece to bring to a zone, a count to
    /// bring down, pieces that must not all be lost).
    pub goal: u16,
    /// A side well ahead bringing its pieces towards the enemy royal piece.
    pub hunt: u16,
}

impl Weights {
    /// The largest weight a game file may give.
    pub const MAX: u16 = 1000;
}

impl Default for Weights {
    fn default() -> Self {
        Weights { material: 100, reserve: 100, centre: 100, advance: 100, goal: 100, hunt: 100 }
    }
}
