//! JSON Lines, as the arena's results and the tuner's history are kept: one record a line,
//! appended as each is made, so that a run killed at any moment loses at most the line it was
//! writing. Reading skips that cut last line and names any other bad line.

use anyhow::{bail, Result};
use serde::de::DeserializeOwned;

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
            Err(e) => bail!("{origin}:{}: not {what}: {e}", k + 1),
        }
    }
    Ok(out)
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
}
