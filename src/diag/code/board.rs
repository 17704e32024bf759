//! Kinds of problems of a board declaration (E3xx).

/// A problem of the board declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum BoardCode {
    /// The generator's size is out of range.
    BadSize = 1,
    /// A square board's files are not single letters in order.
    BadFileRange = 2,
    /// A board edit names a cell the board does not have.
    UnknownCell = 3,
    /// A cell added to a hex board was given a name.
    HexCellNamed = 4,
    /// A cell added to a hex board has fractional coordinates.
    FractionalAxial = 5,
    /// A cell added to a square or triangle board has no name.
    CellNeedsName = 6,
    /// An added cell's name is taken.
    DuplicateCell = 7,
    /// A `link` names a direction the board does not have.
    UnknownDirection = 8,
    /// A colour formula names a coordinate a cell does not have.
    UnknownCoordinate = 9,
    /// A colour formula calls a function.
    FunctionInColour = 10,
    /// The board has more cells than the engine can index.
    TooLarge = 11,
}

impl BoardCode {
    /// Every kind.
    pub const ALL: &[BoardCode] = &[
        BoardCode::BadSize,
        BoardCode::BadFileRange,
        BoardCode::UnknownCell,
        BoardCode::HexCellNamed,
        BoardCode::FractionalAxial,
        BoardCode::CellNeedsName,
        BoardCode::DuplicateCell,
        BoardCode::UnknownDirection,
        BoardCode::UnknownCoordinate,
        BoardCode::FunctionInColour,
        BoardCode::TooLarge,
    ];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        match self {
            BoardCode::BadSize => {
                "A board generator was given a size it cannot build: square boards have at \
                 most 40 files and ranks in ascending order, triangles 1 to 26 rows, hex \
                 boards a radius of 0 to 12."
            }
            BoardCode::BadFileRange => {
                "A square board's files are written as a range of two single letters in \
                 order, such as `files a..h`; each letter between them names one file."
            }
            BoardCode::UnknownCell => {
                "A `remove` or `link` edit names a cell the board does not have (or no longer \
                 has: edits apply in order, so a removed cell cannot be linked). `interp show` \
                 prints the board's cell names."
            }
            BoardCode::HexCellNamed => {
                "Cells of a hex board are named by rank and letter once the board is built, so \
                 a cell added with `cell` is given by its axial coordinates only: `cell (q, r)`."
            }
            BoardCode::FractionalAxial => {
                "A cell added to a hex board is placed by whole axial coordinates `(q, r)`; \
                 fractions would put it between the hexagons."
            }
            BoardCode::CellNeedsName => {
                "A cell added to a square or triangle board needs a name and a drawing \
                 position: `cell NAME at (x, y)`."
            }
            BoardCode::DuplicateCell => {
                "An added cell is given a name another cell of the board already has. Cell \
                 names are used in notation and must be unique."
            }
            BoardCode::UnknownDirection => {
                "A `link` edit names a direction the board's generator does not define. The \
                 hint lists the board's directions (direction sets declared with `dirs` cannot \
                 be used here)."
            }
            BoardCode::UnknownCoordinate => {
                "A `colour` formula uses a name that is not one of the cell's generator \
                 coordinates (file and rank, row and index, or q and r). Cells added with \
                 `cell` on square and triangle boards have file and rank."
            }
            BoardCode::FunctionInColour => {
                "A `colour` formula may only add and subtract coordinates and numbers; the \
                 result modulo the given number is the cell's colour class."
            }
            BoardCode::TooLarge => {
                "The board has more cells than the engine's link tables can index (32767). \
                 Use a smaller generator or fewer added cells."
            }
        }
    }
}
