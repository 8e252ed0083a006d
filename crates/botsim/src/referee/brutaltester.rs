//! botsim's exact referees behind both of cg-brutaltester's referee protocols, so that its users
//! can plug them in.
//!
//! - The old protocol (`-o`), on stdin/stdout: the tester writes `###Seed N` (optional) and
//!   `###Start 2`; the referee then writes `###Input P` followed by player P's lines, and
//!   `###Output P N` to have the tester forward N lines from player P; `###End` ranks the
//!   players, best first, tied players in one group (`###End 0 1`, `###End 01`).
//! - The new protocol, the one CodinGame's SDK referees speak through their command-line runner:
//!   the tester starts the referee with `-p1 CMD -p2 CMD`, and `-d seed=N` (with its `-s` or
//!   `-i`) and `-l FILE` (with its `-l DIR`). The referee runs the players itself and, when the
//!   game is over, prints each player's score on a line of its own (-1 for a player eliminated
//!   by its output or its clock), then the game's parameters (`seed=N`), which the tester shows
//!   to replay a game. Anything on the referee's stderr is reported as an error.

use super::Traced;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// What can go wrong between botsim and the tester.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// A flag without its value.
    #[error("referee: {flag} needs a value")]
    NeedsValue {
        /// The flag.
        flag: String,
    },
    /// A third or fourth player.
    #[error("referee: botsim's games are for 2 players, the tester gives {flag}")]
    ExtraPlayer {
        /// `-p3` or `-p4`.
        flag: String,
    },
    /// An argument the new protocol does not have.
    #[error("referee: unknown argument '{arg}' (expected -p1 CMD -p2 CMD [-d seed=N] [-l FILE])")]
    UnknownArgument {
        /// The argument.
        arg: String,
    },
    /// `-p1` or `-p2` missing.
    #[error("referee: the new protocol needs both -p1 CMD and -p2 CMD")]
    MissingPlayers,
    /// `-d seed=X` with X not a number.
    #[error("referee: -d '{data}': bad seed '{seed}'")]
    DataSeed {
        /// The game parameters given.
        data: String,
        /// The seed's text.
        seed: String,
        /// What the number reader said.
        #[source]
        source: std::num::ParseIntError,
    },
    /// The old protocol's input ended before the game started.
    #[error("the tester closed the input before ###Start")]
    ClosedBeforeStart,
    /// A `###Seed` line whose seed is not a number.
    #[error("bad seed line '{line}'")]
    SeedLine {
        /// The line.
        line: String,
        /// What the number reader said.
        #[source]
        source: std::num::ParseIntError,
    },
    /// A `###Start` line whose player count is not a number.
    #[error("bad start line '{line}'")]
    StartLine {
        /// The line.
        line: String,
        /// What the number reader said.
        #[source]
        source: std::num::ParseIntError,
    },
    /// A game for another number of players.
    #[error("botsim's games are for 2 players, the tester asks for {0}")]
    PlayerCount(usize),
    /// A line the opening does not have.
    #[error("expected ###Seed or ###Start, found '{0}'")]
    Unexpected(String),
    /// The old protocol's input ended in the middle of a turn.
    #[error("the tester closed the input during a turn")]
    ClosedDuringTurn,
    /// Reading from or writing to the tester failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

type Result<T> = std::result::Result<T, ProtocolError>;

/// The new protocol's arguments, as cg-brutaltester appends them to the referee's command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invocation {
    /// The two players' command lines, in seat order.
    pub players: [String; 2],
    /// From `-d seed=N`; without it the referee draws one.
    pub seed: Option<i64>,
    /// From `-l FILE`: where the game's record goes.
    pub log: Option<PathBuf>,
}

impl Invocation {
    /// Parses `-p1 CMD -p2 CMD [-p3 CMD -p4 CMD] [-d DATA] [-l FILE] [-s] [-h]`. `DATA` is the
    /// game's parameters as `key=value` pairs, one per line or separated by spaces; only `seed`
    /// means something to botsim's games. `-s` (the SDK's "server mode") is accepted and ignored.
    pub fn parse(args: &[String]) -> Result<Invocation> {
        let mut players: [Option<String>; 2] = Default::default();
        let mut inv = Invocation::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || {
                it.next()
                    .ok_or_else(|| ProtocolError::NeedsValue { flag: flag.clone() })
            };
            match flag.as_str() {
                "-p1" => players[0] = Some(value()?.clone()),
                "-p2" => players[1] = Some(value()?.clone()),
                "-p3" | "-p4" => return Err(ProtocolError::ExtraPlayer { flag: flag.clone() }),
                "-d" => inv.seed = parse_data(value()?)?,
                "-l" => inv.log = Some(PathBuf::from(value()?)),
                "-s" => {}
                other => {
                    return Err(ProtocolError::UnknownArgument {
                        arg: other.to_string(),
                    })
                }
            }
        }
        match players {
            [Some(a), Some(b)] => inv.players = [a, b],
            _ => return Err(ProtocolError::MissingPlayers),
        }
        Ok(inv)
    }
}

/// The seed among the game parameters of `-d` (`seed=N`, other keys ignored).
fn parse_data(data: &str) -> Result<Option<i64>> {
    let mut seed = None;
    for pair in data.split_whitespace() {
        if let Some(v) = pair.strip_prefix("seed=") {
            seed = Some(v.parse().map_err(|source| ProtocolError::DataSeed {
                data: data.to_string(),
                seed: v.to_string(),
                source,
            })?);
        }
    }
    Ok(seed)
}

/// What the referee prints at the end of a game in the new protocol: each seat's score on a
/// line (-1 for an eliminated seat, as the SDK scores a deactivated player), then `seed=N`.
pub fn report(scores: [i32; 2], eliminated: [bool; 2], seed: i64) -> String {
    let mut out = String::new();
    for (score, out_of_game) in scores.iter().zip(eliminated) {
        let shown = if out_of_game { -1 } else { *score };
        out.push_str(&format!("{shown}\n"));
    }
    out.push_str(&format!("seed={seed}\n"));
    out
}

/// Reads the tester's opening: the seed, if it gives one, and the player count.
pub fn opening(input: &mut impl BufRead) -> Result<Option<i64>> {
    let mut seed = None;
    loop {
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Err(ProtocolError::ClosedBeforeStart);
        }
        let line = line.trim();
        if let Some(s) = line.strip_prefix("###Seed") {
            seed = Some(s.trim().parse().map_err(|source| ProtocolError::SeedLine {
                line: line.to_string(),
                source,
            })?);
        } else if let Some(n) = line.strip_prefix("###Start") {
            let n: usize = n
                .trim()
                .parse()
                .map_err(|source| ProtocolError::StartLine {
                    line: line.to_string(),
                    source,
                })?;
            if n != 2 {
                return Err(ProtocolError::PlayerCount(n));
            }
            return Ok(seed);
        } else if !line.is_empty() {
            return Err(ProtocolError::Unexpected(line.to_string()));
        }
    }
}

/// Plays a whole game through the tester: every turn each player's input, then its answer.
pub fn serve<R: Traced>(
    game: &mut R,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<()> {
    loop {
        let inputs = [game.input_lines(0), game.input_lines(1)];
        let mut replies: [Vec<String>; 2] = Default::default();
        for (player, lines) in inputs.iter().enumerate() {
            writeln!(output, "###Input {player}")?;
            for l in lines {
                writeln!(output, "{l}")?;
            }
            writeln!(output, "###Output {player} 2")?;
            output.flush()?;
            for _ in 0..2 {
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    return Err(ProtocolError::ClosedDuringTurn);
                }
                replies[player].push(line.trim_end_matches(['\n', '\r']).to_string());
            }
        }
        if game.play_turn([Some(&replies[0]), Some(&replies[1])]) {
            let scores = game.final_scores().expect("the game is over");
            let ranking = match scores[0].cmp(&scores[1]) {
                std::cmp::Ordering::Greater => "0 1",
                std::cmp::Ordering::Less => "1 0",
                std::cmp::Ordering::Equal => "01",
            };
            writeln!(output, "###End {ranking}")?;
            output.flush()?;
            return Ok(());
        }
    }
}
