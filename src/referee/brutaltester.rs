//! botsim's exact referees behind cg-brutaltester's old (`-o`) referee protocol, so existing
//! cg-brutaltester users can plug them in. The tester writes `###Seed N` (optional) and
//! `###Start 2`; the referee then writes `###Input P` followed by player P's lines, and
//! `###Output P N` to have the tester forward N lines from player P; `###End` ranks the
//! players, best first, tied players in one group (`###End 0 1`, `###End 01`).

use super::Referee;
use anyhow::{bail, Context, Result};
use std::io::{BufRead, Write};

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
pub fn serve<R: Referee>(
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
