//! The error of a file the tools could not read or write, shared by every module that names
//! files in its errors; each module's own error type says what else went wrong.

use std::path::{Path, PathBuf};

/// A file (or folder) that could not be read, written, created or removed.
#[derive(Debug, thiserror::Error)]
#[error("cannot {action} {}", path.display())]
pub struct FileError {
    /// What was tried: `read`, `write`, `create`, `open`, ...
    pub action: &'static str,
    /// The file.
    pub path: PathBuf,
    /// What the system said.
    #[source]
    pub source: std::io::Error,
}

impl FileError {
    /// `action` on `path` failed with `source`.
    pub fn new(action: &'static str, path: &Path, source: std::io::Error) -> FileError {
        FileError {
            action,
            path: path.to_path_buf(),
            source,
        }
    }

    /// A closure for `map_err`: `action` on `path`.
    pub fn on<'a>(
        action: &'static str,
        path: &'a Path,
    ) -> impl FnOnce(std::io::Error) -> FileError + 'a {
        move |source| FileError::new(action, path, source)
    }
}

/// An error and its causes on one line, `what: why: why`, as a person reads it.
pub fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        text.push_str(": ");
        text.push_str(&e.to_string());
        cause = e.source();
    }
    text
}
