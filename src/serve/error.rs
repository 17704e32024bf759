//! The errors of the web API: each with its HTTP status and a stable code, sent as
//! `{"error": "<sentence>", "code": "<code>"}`.

/// Why a request is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// The body is not JSON.
    #[error("the body is not JSON: {0}")]
    BadJson(String),
    /// The request's fields or query are wrong.
    #[error("{0}")]
    BadRequest(String),
    /// The action is none of the legal ones.
    #[error("{0}")]
    IllegalAction(String),
    /// A record that does not read or replay.
    #[error("{0}")]
    BadRecord(String),
    /// A game that does not load.
    #[error("{0}")]
    BadGame(String),
    /// No such page or endpoint.
    #[error("no such page: {0}")]
    NotFound(String),
    /// No session with this id (it ended, was deleted or evicted).
    #[error("no session `{0}` (it may have been deleted, or evicted when too many were open)")]
    UnknownSession(String),
    /// No game with this id.
    #[error("no game `{0}`; GET /api/games lists them")]
    UnknownGame(String),
    /// The endpoint exists but not with this method.
    #[error("{0} is not allowed here")]
    MethodNotAllowed(String),
    /// The side to act is not one this request may act for.
    #[error("{0}")]
    NotYourTurn(String),
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// No human decision to go back to.
    #[error("nothing to undo")]
    NothingToUndo,
    /// No undone action to play again.
    #[error("nothing to redo")]
    NothingToRedo,
    /// The body is over the size cap.
    #[error("the body is over {0} bytes")]
    TooLarge(usize),
    /// A pattern run over its budget: the actions cannot be listed.
    #[error("{0}")]
    Overrun(String),
}

impl ApiError {
    /// The stable code clients may test.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadJson(_) => "bad-json",
            ApiError::BadRequest(_) => "bad-request",
            ApiError::IllegalAction(_) => "illegal-action",
            ApiError::BadRecord(_) => "bad-record",
            ApiError::BadGame(_) => "bad-game",
            ApiError::NotFound(_) => "not-found",
            ApiError::UnknownSession(_) => "unknown-session",
            ApiError::UnknownGame(_) => "unknown-game",
            ApiError::MethodNotAllowed(_) => "method-not-allowed",
            ApiError::NotYourTurn(_) => "not-your-turn",
            ApiError::GameOver(_) => "game-over",
            ApiError::NothingToUndo => "nothing-to-undo",
            ApiError::NothingToRedo => "nothing-to-redo",
            ApiError::TooLarge(_) => "too-large",
            ApiError::Overrun(_) => "overrun",
        }
    }

    /// The HTTP status.
    pub fn http_status(&self) -> u16 {
        match self {
            ApiError::BadJson(_)
            | ApiError::BadRequest(_)
            | ApiError::IllegalAction(_)
            | ApiError::BadRecord(_)
            | ApiError::BadGame(_) => 400,
            ApiError::NotFound(_) | ApiError::UnknownSession(_) | ApiError::UnknownGame(_) => 404,
            ApiError::MethodNotAllowed(_) => 405,
            ApiError::NotYourTurn(_) | ApiError::GameOver(_) | ApiError::NothingToUndo | ApiError::NothingToRedo => 409,
            ApiError::TooLarge(_) => 413,
            ApiError::Overrun(_) => 500,
        }
    }

    /// The JSON body.
    pub fn body(&self) -> String {
        serde_json::json!({"error": self.to_string(), "code": self.code()}).to_string()
    }
}

impl From<crate::engine::PatternOverrun> for ApiError {
    fn from(e: crate::engine::PatternOverrun) -> Self {
        ApiError::Overrun(e.to_string())
    }
}
