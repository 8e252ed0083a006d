//! A bot that is a program: the referee writes each turn's input lines to its stdin and reads
//! its answer lines from its stdout within a time limit, as the contest server does. The child
//! is killed and reaped when the player is dropped, whatever happened.

use crate::bot::{Answer, Bot, Game};
use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest output line kept; a longer one is cut (a flood is treated as garbage, not stored).
const MAX_LINE: usize = 4096;

/// How long a bot program must keep running, unfed, to pass [`Process::check_starts`]. A bot
/// waits for its first input forever; a missing one fails within milliseconds.
pub const START_CHECK: Duration = Duration::from_millis(500);

/// A running bot program.
pub struct Process {
    name: String,
    tag: Tag,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Lines a turn must answer with.
    pub expected_lines: usize,
    /// Time limit of the first turn and of the later ones.
    pub first_turn: Duration,
    pub later_turns: Duration,
    /// Most memory (kB) the program's process group may hold: the sum of its processes' peak
    /// resident sizes, checked after every turn. `None`: no limit.
    pub memory_limit_kb: Option<u64>,
    /// Why the program was stopped, when the arena stopped it (over its memory limit).
    fault: Option<String>,
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
        let log = log
            .map(|path| {
                std::fs::File::create(&path)
                    .with_context(|| format!("cannot create log {}", path.display()))
            })
            .transpose()?;
        let tag = Tag::new();
        let mut cmd = tag.command(command);
        cmd.stdout(Stdio::piped()).stderr(if log.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot start bot '{command}'"))?;
        if let (Some(file), Some(stderr)) = (log, child.stderr.take()) {
            std::thread::spawn(move || keep_log(stderr, file));
        }
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
            tag,
            stdin: child.stdin.take(),
            child,
            lines: rx,
            expected_lines: 2,
            first_turn: Duration::from_millis(1000),
            later_turns: Duration::from_millis(100),
            memory_limit_kb: None,
            fault: None,
            turn: 0,
        })
    }

    /// Checks, before any game, that `command` starts and waits for its input as a bot does: a
    /// program that is missing, not executable, or exits within [`START_CHECK`] without being
    /// sent a line cannot play, and every game it would play is lost before it starts. The
    /// error names the command, how it ended and the first lines it wrote to stderr.
    pub fn check_starts(command: &str) -> Result<()> {
        let tag = Tag::new();
        let mut child = tag
            .command(command)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start bot '{command}'"))?;
        let stdin = child.stdin.take();
        let stderr = child.stderr.take();
        let waited = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if waited.elapsed() < START_CHECK => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break None,
            }
        };
        let Some(status) = status else {
            // Still waiting for its first turn, as a bot should: stop it and everything it started.
            tag.end(&mut child);
            return Ok(());
        };
        tag.end(&mut child);
        drop(stdin);
        let mut said = String::new();
        if let Some(stderr) = stderr {
            use std::io::Read;
            let _ = stderr.take(2000).read_to_string(&mut said);
        }
        let said: Vec<&str> = said
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(3)
            .collect();
        let how = match status.code() {
            Some(127) => "command not found (exit status 127)".to_string(),
            Some(126) => "not executable (exit status 126)".to_string(),
            Some(code) => format!("exit status {code}"),
            None => format!("{status}"),
        };
        bail!(
            "bot '{command}' exited before its first turn: {how}{}",
            if said.is_empty() {
                String::new()
            } else {
                format!("; it said: {}", said.join(" / "))
            }
        )
    }

    /// One turn: writes the lines, reads the answer. `None` if the program printed nothing in
    /// time (or has exited), or went over its memory limit (it is then stopped, and
    /// [`Process::fault`] says why); fewer lines than expected if it stopped short.
    pub fn exchange(&mut self, input: &[String]) -> Option<Vec<String>> {
        if self.fault.is_some() {
            return None;
        }
        let answer = self.answer(input);
        let Some(limit) = self.memory_limit_kb else {
            return answer;
        };
        let used = group_peak_kb(self.child.id());
        if used <= limit {
            return answer;
        }
        self.fault = Some(format!(
            "memory: {} MB at its peak, over the {} MB limit (--memory-mb); stopped",
            used.div_ceil(1024),
            limit / 1024
        ));
        drop(self.stdin.take());
        self.tag.end(&mut self.child);
        None
    }

    /// Why the arena stopped the program, if it did.
    pub fn fault(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    fn answer(&mut self, input: &[String]) -> Option<Vec<String>> {
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
        self.tag.end(&mut self.child);
    }
}

/// Most of a bot's stderr a game's log keeps: past it, the rest is read and dropped, so that a
/// bot that floods its stderr neither blocks nor fills the disk.
pub const LOG_CAP: usize = 1 << 20;

/// Copies a bot's stderr into its log, up to [`LOG_CAP`] bytes and a note that the rest was cut.
fn keep_log(mut stderr: impl Read, mut file: std::fs::File) {
    let mut buf = [0u8; 8192];
    let mut kept = 0;
    loop {
        let n = match stderr.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if kept < LOG_CAP {
            let take = n.min(LOG_CAP - kept);
            kept += take;
            let _ = file.write_all(&buf[..take]);
            if kept == LOG_CAP {
                let _ = writeln!(file, "\n[botsim: log cut at {LOG_CAP} bytes]");
            }
        }
    }
}

/// The environment variable that marks every process a bot program starts.
const TAG_VAR: &str = "BOTSIM_PLAYER";

/// A mark unique to one start of a bot program (the arena's pid and a serial number), put in
/// its environment. Its children inherit it, so the processes it started can be found and ended
/// with it, even those that left its process group (`setsid`), which a group kill misses.
struct Tag(String);

impl Tag {
    fn new() -> Tag {
        static SERIAL: AtomicU64 = AtomicU64::new(0);
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        Tag(format!("{}-{serial}", std::process::id()))
    }

    /// `sh -c command` in a process group of its own, marked, its stdin a pipe.
    fn command(&self, command: &str) -> Command {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .env(TAG_VAR, &self.0)
            .stdin(Stdio::piped());
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        cmd
    }

    /// Ends `child` and everything it started: its process group, then every process that
    /// still carries the mark (in any group or session), and reaps what it can.
    fn end(&self, child: &mut Child) {
        let mark = format!("{TAG_VAR}={}", self.0);
        // Found while they live: a killed process's environment can no longer be read, and the
        // children of `sh -c` become ours to reap (see `adopt_orphans`) when it dies.
        let mut started = marked(mark.as_bytes());
        if let Ok(pid) = i32::try_from(child.id()) {
            kill(-pid);
        }
        let _ = child.kill();
        let _ = child.wait();
        // Processes that left the group live on: end them too.
        for pid in marked(mark.as_bytes()) {
            kill(-pid);
            kill(pid);
            started.push(pid);
        }
        for pid in started {
            // Adopted orphans are ours to reap, now that `sh` is gone; a process that is not
            // our child makes waitpid return at once.
            // SAFETY: waitpid(2) writes only the status it is given.
            unsafe {
                let mut status = 0;
                libc::waitpid(pid, &mut status, 0);
            }
        }
    }
}

/// The sum of the peak resident sizes (kB, `VmHWM`) of the processes in group `group`, from
/// /proc: a bot program's memory, however many processes it runs.
fn group_peak_kb(group: u32) -> u64 {
    let group = group.to_string();
    pids()
        .filter(|&pid| stat_field(pid, StatField::Group).as_deref() == Some(group.as_str()))
        .filter_map(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .sum()
}

/// SIGKILL to a process (pid > 0) or a process group (pid < 0).
fn kill(pid: i32) {
    // SAFETY: kill(2) touches no memory.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
    }
}

/// The processes running now, from /proc.
fn pids() -> impl Iterator<Item = i32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
}

/// The fields of /proc/PID/stat that are read here, by their place after the command.
#[derive(Clone, Copy)]
enum StatField {
    Parent = 1,
    Group = 2,
}

/// A field of a process's /proc/PID/stat (`pid (comm) state ppid pgrp ...`); the command may
/// hold spaces and parentheses, so fields are counted from its closing one.
fn stat_field(pid: i32, field: StatField) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    rest.split_whitespace()
        .nth(field as usize)
        .map(str::to_string)
}

/// The processes whose environment holds `mark` (a `NAME=value` entry), from /proc.
fn marked(mark: &[u8]) -> Vec<i32> {
    pids()
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|entry| entry == mark))
        })
        .collect()
}

/// Ends the children this process still has: when every game is over these can only be
/// processes that bots left behind and that lost their mark (`env -i`), adopted by
/// [`adopt_orphans`]. For the `botsim` binary at exit, not for a library user.
pub fn end_orphans() {
    let me = std::process::id().to_string();
    for pid in pids() {
        if stat_field(pid, StatField::Parent).as_deref() == Some(me.as_str()) {
            kill(-pid);
            kill(pid);
            // SAFETY: waitpid(2) writes only the status it is given.
            unsafe {
                let mut status = 0;
                libc::waitpid(pid, &mut status, 0);
            }
        }
    }
}

/// Makes this process the reaper of orphans its descendants leave (Linux's child subreaper):
/// a bot's process that escapes its group then stays our child, and is ended and reaped with
/// its game instead of running on under init. For the `botsim` binary, not for a library user,
/// whose own children it would also adopt.
pub fn adopt_orphans() {
    // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER takes plain integers.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
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

    fn fault(&self) -> Option<String> {
        Process::fault(self).map(str::to_string)
    }
}
