//! Reading the files a user names (game files, `extends`, saved games, test cases): regular
//! files only, up to a size cap, as UTF-8 text, each failure a typed error naming the path.
//! A FIFO, a device or a directory is refused before it is opened for reading, so nothing
//! blocks or reads without end.

use std::io::Read;
use std::path::Path;

/// The largest file read: far above any game file or record, far below memory.
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// It does not exist or cannot be opened.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// It is a directory, a FIFO, a device or a socket.
    #[error("{path}: not a regular file ({what})")]
    NotRegular {
        /// The path.
        path: String,
        /// What it is instead.
        what: &'static str,
    },
    /// It is larger than [`MAX_BYTES`].
    #[error("{path}: too large ({size} bytes; at most {max} are read)")]
    TooLarge {
        /// The path.
        path: String,
        /// Its size (or how much was read before stopping).
        size: u64,
        /// The cap.
        max: u64,
    },
    /// It is not UTF-8 text.
    #[error("{path}:{line}:{column}: not UTF-8 text (the first bad byte is here)")]
    NotUtf8 {
        /// The path.
        path: String,
        /// Line of the first invalid byte (1-based).
        line: usize,
        /// Column of the first invalid byte (1-based, in characters).
        column: usize,
    },
}

/// What a path that is not a regular file is.
fn kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    Some(if t.is_dir() { "a directory" } else { "a FIFO, device or socket" })
}

/// The bytes of a regular file of at most [`MAX_BYTES`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, FileError> {
    let name = || path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|source| FileError::Io { path: name(), source })?;
    if let Some(what) = kind(&meta) {
        return Err(FileError::NotRegular { path: name(), what });
    }
    if meta.len() > MAX_BYTES {
        return Err(FileError::TooLarge { path: name(), size: meta.len(), max: MAX_BYTES });
    }
    let file = std::fs::File::open(path).map_err(|source| FileError::Io { path: name(), source })?;
    let mut bytes = vec![];
    // The file may grow between the check and the read: read one byte past the cap at most.
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes).map_err(|source| FileError::Io { path: name(), source })?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(FileError::TooLarge { path: name(), size: bytes.len() as u64, max: MAX_BYTES });
    }
    Ok(bytes)
}

/// The text of a regular UTF-8 file of at most [`MAX_BYTES`].
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line = good.matches('\n').count() + 1;
        let column = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        FileError::NotUtf8 { path: path.display().to_string(), line, column }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_a_small_regular_utf8_file() {
        let dir = std::env::temp_dir().join(format!("interp-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(matches!(read_text(&dir), Err(FileError::NotRegular { what: "a directory", .. })));
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, b"ok\nab\xffc").unwrap();
        let e = read_text(&bad).unwrap_err();
        assert!(matches!(e, FileError::NotUtf8 { line: 2, column: 3, .. }), "{e}");
        assert!(matches!(read_text(&dir.join("none")), Err(FileError::Io { .. })));
        assert!(matches!(read_text(Path::new("/dev/zero")), Err(FileError::NotRegular { .. })));
        std::fs::write(&bad, "fine\n").unwrap();
        assert_eq!(read_text(&bad).unwrap(), "fine\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
