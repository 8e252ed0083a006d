//! A bot that is a program: the referee writes each turn's input lines to its stdin and reads
//! its answer lines from its stdout within a time limit, as the contest server does. The child
//! is killed and reaped when the player is dropped, whatever happened.

use crate::bot::{Answer, Bot, Game};
use anyhow::{Context, Result};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest output line kept; a longer one is cut (a flood is treated as garbage, not stored).
const MAX_LINE: usize = 4096;

/// A running bot program.
pub struct Process {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Lines a turn must answer with.
    pub expected_lines: usize,
    /// Time limit of the first turn and of the later ones.
    pub first_turn: Duration,
    pub later_turns: Duration,
    turn: u32,
}

impl Process {
    /// Starts `command` (run by `sh -c`), with `env` added to its environment and its stderr
    /// discarded.
    pub fn spawn(command: &str, env: &[(&str, &str)]) -> Result<Process> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot start bot '{command}'"))?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        buf.truncate(MAX_LINE);
                        let line = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Process {
            name: command.to_string(),
            stdin: child.stdin.take(),
            child,
            lines: rx,
            expected_lines: 2,
            first_turn: Duration::from_millis(1000),
            later_turns: Duration::from_millis(100),
            turn: 0,
        })
    }

    /// One turn: writes the lines, reads the answer. `None` if the program does not answer in
    /// time (or has exited).
    pub fn exchange(&mut self, input: &[String]) -> Option<Vec<String>> {
        let limit = if self.turn == 0 {
            self.first_turn
        } else {
            self.later_turns
        };
        self.turn += 1;
        let stdin = self.stdin.as_mut()?;
        let mut text = input.join("\n");
        text.push('\n');
        if stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return None;
        }
        let deadline = Instant::now() + limit;
        let mut out = Vec::with_capacity(self.expected_lines);
        while out.len() < self.expected_lines {
            match self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) => out.push(line),
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => {
                    return None
                }
            }
        }
        Some(out)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl<G: Game> Bot<G> for Process {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&mut self, _view: &G::View, lines: &[String]) -> Answer<G::Orders> {
        match self.exchange(lines) {
            Some(lines) => Answer::Lines(lines),
            None => Answer::Silent,
        }
    }
}
