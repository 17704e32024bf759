//! How a game asks its AI to play: the search to use (the game file's `[ai]` table).

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
#[derive(Debug, Clone, Default)]
pub struct AiSettings {
    /// The search the AI uses unless a front end says otherwise.
    pub search: SearchKind,
}
