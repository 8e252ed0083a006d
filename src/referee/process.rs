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
        Process::spawn_logged(command, env, None)
    }

    /// Starts `command`, its stderr written to `log` (discarded if `None`).
    pub fn spawn_logged(
        command: &str,
        env: &[(&str, &str)],
        log: Option<std::path::PathBuf>,
    ) -> Result<Process> {
        let stderr = match log {
            Some(path) => Stdio::from(
                std::fs::File::create(&path)
                    .with_context(|| format!("cannot create log {}", path.display()))?,
            ),
            None => Stdio::null(),
        };
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        // Its own process group, so that everything it starts dies with it.
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot start bot '{command}'"))?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            // Lines are cut at MAX_LINE while they are read: a bot that floods its output
            // costs no memory, only the rest of its line, which is discarded.
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                let chunk = match reader.fill_buf() {
                    Ok([]) | Err(_) => return,
                    Ok(chunk) => chunk,
                };
                let (part, ends) = match chunk.iter().position(|&c| c == b'\n') {
                    Some(k) => (&chunk[..k], Some(k + 1)),
                    None => (chunk, None),
                };
                let room = MAX_LINE.saturating_sub(line.len());
                line.extend_from_slice(&part[..part.len().min(room)]);
                let used = ends.unwrap_or(chunk.len());
                reader.consume(used);
                if ends.is_some() {
                    let text = String::from_utf8_lossy(&line)
                        .trim_end_matches('\r')
                        .to_string();
                    line.clear();
                    if tx.send(text).is_err() {
                        return;
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

    /// One turn: writes the lines, reads the answer. `None` if the program printed nothing in
    /// time (or has exited); fewer lines than expected if it stopped short.
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
                    // Out of time: what came is the answer (the referee names it short).
                    return (!out.is_empty()).then_some(out);
                }
            }
        }
        Some(out)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        drop(self.stdin.take());
        // The whole process group (the shell and whatever it started), then reap the child.
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals a process group; it touches no memory.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
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
