//! The `trace/1` game record: one whole game per line of gzip-compressed JSON Lines, with its
//! setup, the exact lines each player read and printed every turn, the state after each turn,
//! and the result. The official referee's recorded games use it, and so do botsim's traces and
//! replays. The game-specific parts (`setup`, `state`) stay JSON values here; each game decodes
//! its own.

use crate::error::FileError;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;

/// The format tag of every record.
pub const FORMAT: &str = "trace/1";

/// What can go wrong reading or writing traces.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// The file could not be opened, created or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The trace could not be read (a damaged gzip stream, say).
    #[error("{origin}: cannot read line {line}")]
    Read {
        /// The file.
        origin: String,
        /// The line, from 1 (0: before the first).
        line: usize,
        /// What the reader said.
        #[source]
        source: std::io::Error,
    },
    /// A line is not a trace/1 game.
    #[error("{origin}:{line}: not a trace/1 game")]
    NotAGame {
        /// The file.
        origin: String,
        /// The line, from 1.
        line: usize,
        /// What the JSON reader said.
        #[source]
        source: serde_json::Error,
    },
    /// A game of another format.
    #[error("{origin}:{line}: format is '{found}', expected '{FORMAT}'")]
    Format {
        /// The file.
        origin: String,
        /// The line, from 1.
        line: usize,
        /// The format it names.
        found: String,
    },
    /// A game could not be written as JSON.
    #[error("cannot write a game as JSON: {0}")]
    Encode(serde_json::Error),
}

/// One recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub format: String,
    /// `csb` or `fb`.
    pub game: String,
    pub rules: String,
    /// The referee's seed property.
    #[serde(default)]
    pub seed: Option<i64>,
    /// Every referee property that was set, as strings.
    #[serde(default)]
    pub props: BTreeMap<String, String>,
    /// Descriptions of the players' bots, player 0 first.
    #[serde(default)]
    pub bots: Vec<String>,
    pub setup: serde_json::Value,
    pub turns: Vec<Turn>,
    pub result: TraceResult,
}

/// One turn: what each player read and printed, and the state after the turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub input: Vec<Vec<String>>,
    pub output: Vec<Vec<String>>,
    /// What each player wrote on stderr during the turn (botsim's games of program players;
    /// empty, and left out of the file, when no player wrote any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<Vec<String>>,
    pub state: serde_json::Value,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceResult {
    pub scores: Vec<i32>,
    pub turns: usize,
    pub reason: String,
}

/// Reads every game of a trace file (gzip, or plain JSON Lines if not gzip), calling `each`
/// with the 1-based line number and the parsed game. Stops at the first error, naming the file
/// and line.
pub fn for_each_game<E: From<TraceError>>(
    path: &Path,
    each: impl FnMut(usize, Trace) -> Result<(), E>,
) -> Result<(), E> {
    let file = File::open(path)
        .map_err(|e| TraceError::from(FileError::new("open trace file", path, e)))?;
    games_in(BufReader::new(file), &path.display().to_string(), each)
}

/// [`for_each_game`] over any reader; `origin` names it in errors. The one reader of traces.
pub fn games_in<'a, E: From<TraceError>>(
    mut reader: impl BufRead + 'a,
    origin: &str,
    mut each: impl FnMut(usize, Trace) -> Result<(), E>,
) -> Result<(), E> {
    let read_error = |line: usize| {
        move |source| TraceError::Read {
            origin: origin.to_string(),
            line,
            source,
        }
    };
    let gz = reader
        .fill_buf()
        .map_err(read_error(0))?
        .starts_with(&[0x1f, 0x8b]);
    let reader: Box<dyn BufRead + 'a> = if gz {
        Box::new(BufReader::new(MultiGzDecoder::new(reader)))
    } else {
        Box::new(reader)
    };
    for (k, line) in reader.lines().enumerate() {
        let line = line.map_err(read_error(k + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let game: Trace = serde_json::from_str(&line).map_err(|source| TraceError::NotAGame {
            origin: origin.to_string(),
            line: k + 1,
            source,
        })?;
        if game.format != FORMAT {
            return Err(TraceError::Format {
                origin: origin.to_string(),
                line: k + 1,
                found: game.format,
            }
            .into());
        }
        each(k + 1, game)?;
    }
    Ok(())
}

/// Reads all games of a trace file.
pub fn read_file(path: &Path) -> Result<Vec<Trace>, TraceError> {
    let mut games = Vec::new();
    for_each_game(path, |_, g| {
        games.push(g);
        Ok::<(), TraceError>(())
    })?;
    Ok(games)
}

/// Writes games to a file: gzip if the name ends in `.gz`, plain JSON Lines otherwise.
pub fn write_file(path: &Path, games: &[Trace]) -> Result<(), TraceError> {
    let mut text = Vec::new();
    for g in games {
        serde_json::to_writer(&mut text, g).map_err(TraceError::Encode)?;
        text.push(b'\n');
    }
    let file = File::create(path).map_err(FileError::on("create trace file", path))?;
    let mut out = BufWriter::new(file);
    let write = FileError::on("write trace file", path);
    let written = if path.extension().is_some_and(|e| e == "gz") {
        let mut gz = GzEncoder::new(&mut out, Compression::default());
        gz.write_all(&text).and_then(|()| gz.finish().map(drop))
    } else {
        out.write_all(&text)
    };
    written.and_then(|()| out.flush()).map_err(write)?;
    Ok(())
}

/// Reads the games of a trace held in memory (gzip or plain). Used by tests that embed traces.
pub fn read_bytes(bytes: &[u8]) -> Result<Vec<Trace>, TraceError> {
    let mut games = Vec::new();
    games_in(bytes, "trace", |_, g| {
        games.push(g);
        Ok::<(), TraceError>(())
    })?;
    Ok(games)
}
