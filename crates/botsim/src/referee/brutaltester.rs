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
use anyhow::{bail, Context, Result};
use std::io::{BufRead, Write};
use std::path::PathBuf;

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
                    .with_context(|| format!("referee: {flag} needs a value"))
            };
            match flag.as_str() {
                "-p1" => players[0] = Some(value()?.clone()),
                "-p2" => players[1] = Some(value()?.clone()),
                "-p3" | "-p4" => {
                    bail!("referee: botsim's games are for 2 players, the tester gives {flag}")
                }
                "-d" => inv.seed = parse_data(value()?)?,
                "-l" => inv.log = Some(PathBuf::from(value()?)),
                "-s" => {}
                other => bail!(
                    "referee: unknown argument '{other}' (expected -p1 CMD -p2 CMD \
                     [-d seed=N] [-l FILE])"
                ),
            }
        }
        match players {
            [Some(a), Some(b)] => inv.players = [a, b],
            _ => bail!("referee: the new protocol needs both -p1 CMD and -p2 CMD"),
        }
        Ok(inv)
    }
}

/// The seed among the game parameters of `-d` (`seed=N`, other keys ignored).
fn parse_data(data: &str) -> Result<Option<i64>> {
    let mut seed = None;
    for pair in data.split_whitespace() {
        if let Some(v) = pair.strip_prefix("seed=") {
            seed = Some(
                v.parse()
                    .with_context(|| format!("referee: -d '{data}': bad seed '{v}'"))?,
            );
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
            bail!("the tester closed the input before ###Start");
        }
        let line = line.trim();
        if let Some(s) = line.strip_prefix("###Seed") {
            seed = Some(
                s.trim()
                    .parse()
                    .with_context(|| format!("bad seed line '{line}'"))?,
            );
        } else if let Some(n) = line.strip_prefix("###Start") {
            let n: usize = n
                .trim()
                .parse()
                .with_context(|| format!("bad start line '{line}'"))?;
            if n != 2 {
                bail!("botsim's games are for 2 players, the tester asks for {n}");
            }
            return Ok(seed);
        } else if !line.is_empty() {
            bail!("expected ###Seed or ###Start, found '{line}'");
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
                    bail!("the tester closed the input during a turn");
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
