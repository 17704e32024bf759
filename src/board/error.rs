//! What can go wrong while building a board: each problem with its kind, message and hint.
//! Where it happened (the span) is the caller's to say.

use crate::diag::BoardCode;

/// A problem found while generating or editing a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildError {
    /// A square board's files are not single letters in order.
    BadFileRange,
    /// A generator's size is out of range; the hint says the range.
    BadSize(&'static str),
    /// No live cell has this name.
    UnknownCell(String),
    /// A hex board's added cell was given a name (hex cells are named by rank).
    HexCellNamed,
    /// A hex board's added cell has fractional axial coordinates.
    FractionalAxial,
    /// An added cell of a non-hex board has no name.
    CellNeedsName,
    /// An added cell's name is taken.
    DuplicateCell(String),
    /// The board has no direction of this name; `known` are the ones it has.
    UnknownDirection {
        /// The name written.
        name: String,
        /// The board's directions.
        known: Vec<String>,
    },
    /// A colour formula names a coordinate the cell does not have; `known` are its coordinates.
    UnknownCoordinate {
        /// The name written.
        name: String,
        /// The cell's coordinates.
        known: Vec<String>,
    },
    /// A colour formula calls a function.
    FunctionInColour,
    /// More cells than a link table can index.
    TooLarge,
}

impl BuildError {
    /// The problem's kind.
    pub fn code(&self) -> BoardCode {
        match self {
            BuildError::BadFileRange => BoardCode::BadFileRange,
            BuildError::BadSize(_) => BoardCode::BadSize,
            BuildError::UnknownCell(_) => BoardCode::UnknownCell,
            BuildError::HexCellNamed => BoardCode::HexCellNamed,
            BuildError::FractionalAxial => BoardCode::FractionalAxial,
            BuildError::CellNeedsName => BoardCode::CellNeedsName,
            BuildError::DuplicateCell(_) => BoardCode::DuplicateCell,
            BuildError::UnknownDirection { .. } => BoardCode::UnknownDirection,
            BuildError::UnknownCoordinate { .. } => BoardCode::UnknownCoordinate,
            BuildError::FunctionInColour => BoardCode::FunctionInColour,
            BuildError::TooLarge => BoardCode::TooLarge,
        }
    }

    /// What is wrong.
    pub fn message(&self) -> String {
        match self {
            BuildError::BadFileRange => "bad file range".into(),
            BuildError::BadSize(_) => "bad board size".into(),
            BuildError::UnknownCell(n) => format!("unknown cell `{n}`"),
            BuildError::HexCellNamed => "hex cells are named by rank".into(),
            BuildError::FractionalAxial => "axial coordinates must be whole numbers".into(),
            BuildError::CellNeedsName => "this cell needs a name".into(),
            BuildError::DuplicateCell(n) => format!("cell `{n}` exists already"),
            BuildError::UnknownDirection { name, .. } => format!("unknown direction `{name}`"),
            BuildError::UnknownCoordinate { name, .. } => format!("unknown coordinate `{name}`"),
            BuildError::FunctionInColour => "functions are not allowed in a colour formula".into(),
            BuildError::TooLarge => "board too large".into(),
        }
    }

    /// How to fix it.
    pub fn hint(&self) -> String {
        match self {
            BuildError::BadFileRange => "write single letters in order, e.g. `files a..h`".into(),
            BuildError::BadSize(hint) => (*hint).into(),
            BuildError::UnknownCell(_) => "name a cell of the board (see `interp show`)".into(),
            BuildError::HexCellNamed => "write `cell (q, r)` with axial coordinates".into(),
            BuildError::FractionalAxial => "write `cell (2, -4)`".into(),
            BuildError::CellNeedsName => "write `cell NAME at (x, y)`".into(),
            BuildError::DuplicateCell(_) => "choose another name".into(),
            BuildError::UnknownDirection { known, .. } => format!("the board's directions are {}", known.join(" ")),
            BuildError::UnknownCoordinate { known, .. } => {
                format!("this board's coordinates are {}", known.join(", "))
            }
            BuildError::FunctionInColour => "use coordinates, + and -".into(),
            BuildError::TooLarge => "use fewer cells".into(),
        }
    }
}
