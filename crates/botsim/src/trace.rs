//! The `trace/1` game record: one whole game per line of gzip-compressed JSON Lines, with its
//! setup, the exact lines each player read and printed every turn, the state after each turn,
//! and the result. The official referee's recorded games use it, and so do botsim's traces and
//! replays. The game-specific parts (`setup`, `state`) stay JSON values here; each game decodes
//! its own.

use anyhow::{bail, Context, Result};
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
pub fn for_each_game(path: &Path, each: impl FnMut(usize, Trace) -> Result<()>) -> Result<()> {
    let file =
        File::open(path).with_context(|| format!("cannot open trace file {}", path.display()))?;
    games_in(BufReader::new(file), &path.display().to_string(), each)
}

/// [`for_each_game`] over any reader; `origin` names it in errors. The one reader of traces.
pub fn games_in<'a>(
    mut reader: impl BufRead + 'a,
    origin: &str,
    mut each: impl FnMut(usize, Trace) -> Result<()>,
) -> Result<()> {
    let gz = reader
        .fill_buf()
        .with_context(|| format!("cannot read {origin}"))?
        .starts_with(&[0x1f, 0x8b]);
    let reader: Box<dyn BufRead + 'a> = if gz {
        Box::new(BufReader::new(MultiGzDecoder::new(reader)))
    } else {
        Box::new(reader)
    };
    for (k, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("{origin}: cannot read line {}", k + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let game: Trace = serde_json::from_str(&line)
            .with_context(|| format!("{origin}:{}: not a trace/1 game", k + 1))?;
        if game.format != FORMAT {
            bail!(
                "{origin}:{}: format is '{}', expected '{FORMAT}'",
                k + 1,
                game.format
            );
        }
        each(k + 1, game)?;
    }
    Ok(())
}

/// Reads all games of a trace file.
pub fn read_file(path: &Path) -> Result<Vec<Trace>> {
    let mut games = Vec::new();
    for_each_game(path, |_, g| {
        games.push(g);
        Ok(())
    })?;
    Ok(games)
}

/// Writes games to a file: gzip if the name ends in `.gz`, plain JSON Lines otherwise.
pub fn write_file(path: &Path, games: &[Trace]) -> Result<()> {
    let mut text = Vec::new();
    for g in games {
        serde_json::to_writer(&mut text, g)?;
        text.push(b'\n');
    }
    let file = File::create(path)
        .with_context(|| format!("cannot create trace file {}", path.display()))?;
    let mut out = BufWriter::new(file);
    if path.extension().is_some_and(|e| e == "gz") {
        let mut gz = GzEncoder::new(&mut out, Compression::default());
        gz.write_all(&text)?;
        gz.finish()?;
    } else {
        out.write_all(&text)?;
    }
    out.flush()
        .with_context(|| format!("cannot write trace file {}", path.display()))?;
    Ok(())
}

/// Reads the games of a trace held in memory (gzip or plain). Used by tests that embed traces.
pub fn read_bytes(bytes: &[u8]) -> Result<Vec<Trace>> {
    let mut games = Vec::new();
    games_in(bytes, "trace", |_, g| {
        games.push(g);
        Ok(())
    })?;
    Ok(games)
}
