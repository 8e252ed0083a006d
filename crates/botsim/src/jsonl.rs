//! JSON Lines, as the arena's results and the tuner's history are kept: one record a line,
//! appended as each is made, so that a run killed at any moment loses at most the line it was
//! writing. Reading skips that cut last line and names any other bad line.

use crate::error::FileError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What can go wrong with a JSON Lines file.
#[derive(Debug, thiserror::Error)]
pub enum JsonlError {
    /// The file could not be read, written or repaired.
    #[error(transparent)]
    File(#[from] FileError),
    /// A line (not the last) is not a record of the kind expected.
    #[error("{origin}:{line}: not {what}: {error}")]
    Line {
        /// The file.
        origin: String,
        /// The line, from 1.
        line: usize,
        /// The kind of record expected.
        what: String,
        /// What the JSON reader said.
        error: serde_json::Error,
    },
    /// A record could not be written as JSON.
    #[error("cannot write a record as JSON: {0}")]
    Encode(serde_json::Error),
}

type Result<T> = std::result::Result<T, JsonlError>;

/// The records of the file at `path` (none if it does not exist); `what` names the kind of
/// record in errors. See [`parse`].
pub fn read<T: DeserializeOwned>(path: &Path, what: &str) -> Result<Vec<T>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(FileError::new("read", path, e).into()),
    };
    parse(&text, &path.display().to_string(), what)
}

/// The records in `text`; `origin` (a file name) and `what` (the kind of record) name a bad
/// line in the error. Blank lines are skipped, and so is a last line that does not parse (cut
/// short by an interruption).
pub fn parse<T: DeserializeOwned>(text: &str, origin: &str, what: &str) -> Result<Vec<T>> {
    let lines: Vec<&str> = text.lines().collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<T>(line) {
            Ok(r) => out.push(r),
            Err(_) if Some(k) == last => {}
            Err(error) => {
                return Err(JsonlError::Line {
                    origin: origin.to_string(),
                    line: k + 1,
                    what: what.to_string(),
                    error,
                })
            }
        }
    }
    Ok(out)
}

/// A JSON Lines file that records are appended to, each line written whole and flushed at
/// once.
pub struct Appender {
    file: std::fs::File,
    path: PathBuf,
}

impl Appender {
    /// Opens `path` for appending, creating it, after cutting off a last line that an
    /// interrupted run left unfinished (so that the next record starts a line of its own).
    pub fn open(path: &Path) -> Result<Appender> {
        drop_cut_line(path)?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(FileError::on("write", path))?;
        Ok(Appender {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one record as a line.
    pub fn append<T: Serialize>(&mut self, record: &T) -> Result<()> {
        let mut line = serde_json::to_string(record).map_err(JsonlError::Encode)?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| FileError::new("write", &self.path, e).into())
    }
}

/// Removes a last line left unfinished by an interrupted run.
fn drop_cut_line(path: &Path) -> Result<()> {
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(());
    };
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        return Ok(());
    }
    let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(FileError::on("repair", path))?;
    file.set_len(keep as u64)
        .map_err(FileError::on("repair", path))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_a_cut_last_line_and_names_any_other_bad_one() {
        let read = |text: &str| parse::<Vec<u8>>(text, "f.jsonl", "a list");
        assert_eq!(
            read("[1]\n\n[2,3]\n[4,").unwrap(),
            vec![vec![1], vec![2, 3]]
        );
        assert_eq!(read("[1]\n[2\n\n").unwrap(), vec![vec![1]]);
        let err = read("[1]\nx\n[2]\n").unwrap_err().to_string();
        assert!(err.starts_with("f.jsonl:2: not a list"), "{err}");
    }

    #[test]
    fn an_appender_starts_after_a_cut_line() {
        let dir = std::env::temp_dir().join(format!("botsim-jsonl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log.jsonl");
        std::fs::write(&path, "[1]\n[2,").unwrap();
        let mut log = Appender::open(&path).unwrap();
        log.append(&vec![3u8]).unwrap();
        drop(log);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[1]\n[3]\n");
        assert_eq!(
            read::<Vec<u8>>(&path, "a list").unwrap(),
            vec![vec![1], vec![3]]
        );
        assert!(read::<Vec<u8>>(&dir.join("none"), "a list")
            .unwrap()
            .is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }
}
