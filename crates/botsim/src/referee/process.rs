//! A bot that is a program: the referee writes each turn's input lines to its stdin and reads
//! its answer lines from its stdout within a time limit, as the contest server does. The child
//! is killed and reaped when the player is dropped, whatever happened.

use super::{Player, Stop};
use botsim_core::bot::{Answer, Game};
use std::io::{Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
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
    /// Answer lines, each with the moment the reader thread read it.
    lines: Receiver<(Instant, String)>,
    /// The turn under way: when its input was written, its time limit, and the CPU time the
    /// program had used then; `None` when the write failed (the program closed its input).
    sent: Option<(Instant, Duration, Duration)>,
    /// Which time a turn's limit is on.
    pub clock: Clock,
    /// The processes of the program's group, as last found (see [`Process::send`]).
    members: Vec<i32>,
    /// Lines a turn must answer with.
    pub expected_lines: usize,
    /// Time limit of the first turn and of the later ones.
    pub first_turn: Duration,
    pub later_turns: Duration,
    /// Most memory (kB) the program's process group may hold: the sum of its processes' peak
    /// resident sizes, checked after every turn. `None`: no limit.
    pub memory_limit_kb: Option<u64>,
    /// Why the program stopped playing: the arena stopped it (over a limit), or it exited.
    fault: Option<Stop>,
    turn: u32,
    /// The stderr lines not yet taken.
    stderr: Arc<Mutex<StderrLines>>,
    /// The thread that reads stdout and stderr.
    reader: JoinHandle<()>,
    /// The reader has let go of its answers (the program closed its output): known a moment
    /// before `reader` counts as finished.
    closed: bool,
}

/// `word` as one word of a `sh -c` command line (programs are started so): as it is when it
/// holds only characters the shell takes literally, else in single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_=:./,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Why a program could not be started as a player.
#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    /// Its stderr log could not be created.
    #[error(transparent)]
    Log(#[from] crate::error::FileError),
    /// The shell that runs it could not be started.
    #[error("cannot start bot '{command}'")]
    Start {
        /// The command line.
        command: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// Its output pipes were not there to read.
    #[error("cannot read the output of bot '{command}'")]
    NoPipes {
        /// The command line.
        command: String,
    },
    /// It ended before its first turn, as the start check saw.
    #[error("bot '{command}' exited before its first turn: {how}{}", if said.is_empty() { String::new() } else { format!("; it said: {}", said.join(" / ")) })]
    Exited {
        /// The command line.
        command: String,
        /// How it ended: `exit status 127, command not found`, `exit status 1`, a signal.
        how: String,
        /// The first lines it wrote on stderr.
        said: Vec<String>,
    },
}

type Result<T> = std::result::Result<T, ProcessError>;

impl Process {
    /// Starts `command` (run by `sh -c`), with `env` added to its environment and its stderr
    /// discarded.
    pub fn spawn(command: &str, env: &[(&str, &str)]) -> Result<Process> {
        Process::spawn_logged(command, env, None)
    }

    /// Starts `command`, its stderr written to `log` as well as kept for
    /// [`Process::take_stderr`].
    pub fn spawn_logged(
        command: &str,
        env: &[(&str, &str)],
        log: Option<std::path::PathBuf>,
    ) -> Result<Process> {
        let log = log
            .map(|path| {
                std::fs::File::create(&path)
                    .map_err(|e| crate::error::FileError::new("create log", &path, e))
            })
            .transpose()?;
        let tag = Tag::new();
        let mut cmd = tag.command(command);
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().map_err(|source| ProcessError::Start {
            command: command.to_string(),
            source,
        })?;
        let lines = Arc::new(Mutex::new(StderrLines::default()));
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            return Err(ProcessError::NoPipes {
                command: command.to_string(),
            });
        };
        let (tx, rx) = mpsc::channel();
        let kept = Arc::clone(&lines);
        let reader = std::thread::spawn(move || read_outputs(stdout, stderr, log, &tx, &kept));
        Ok(Process {
            name: command.to_string(),
            tag,
            stdin: child.stdin.take(),
            child,
            lines: rx,
            sent: None,
            clock: Clock::Cpu,
            members: Vec::new(),
            expected_lines: 2,
            first_turn: Duration::from_millis(1000),
            later_turns: Duration::from_millis(100),
            memory_limit_kb: None,
            fault: None,
            turn: 0,
            stderr: lines,
            reader,
            closed: false,
        })
    }

    /// The lines the program wrote on stderr since the last call, at most [`TURN_STDERR`]
    /// bytes of them (a note says what was cut). With `last`, the game is over: its stdin is
    /// closed and the program gets a moment to finish writing, as a bot does when its input
    /// ends.
    pub fn take_stderr(&mut self, last: bool) -> Vec<String> {
        if last {
            drop(self.stdin.take());
            let waited = Instant::now();
            while !self.reader.is_finished() && waited.elapsed() < STDERR_GRACE {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        let mut kept = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        kept.turn_bytes = 0;
        kept.cut = false;
        std::mem::take(&mut kept.lines)
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
            .map_err(|source| ProcessError::Start {
                command: command.to_string(),
                source,
            })?;
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
        let said: Vec<String> = said
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(3)
            .map(str::to_string)
            .collect();
        let how = how_it_ended(status);
        Err(ProcessError::Exited {
            command: command.to_string(),
            how,
            said,
        })
    }

    /// One turn: writes the lines, reads the answer ([`Process::send`], then
    /// [`Process::receive`]).
    pub fn exchange(&mut self, input: &[String]) -> Option<Vec<String>> {
        self.send(input);
        self.receive().0
    }

    /// Starts a turn: writes its input lines in one write and starts its clock.
    pub fn send(&mut self, input: &[String]) {
        let limit = if self.turn == 0 {
            self.first_turn
        } else {
            self.later_turns
        };
        self.turn += 1;
        self.sent = None;
        if self.fault.is_some() {
            return;
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return;
        };
        let mut text = input.join("\n");
        text.push('\n');
        let cpu = match self.clock {
            Clock::Wall => Duration::ZERO,
            Clock::Cpu => {
                if self.members.is_empty() {
                    self.members = group_members(self.child.id());
                }
                cpu_time(&self.members)
            }
        };
        let started = Instant::now();
        if stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .is_ok()
        {
            self.sent = Some((started, limit, cpu));
        }
    }

    /// The answer to the turn [`Process::send`] started, and the time it took: from the write
    /// to the moment its last line was read (or to the deadline, when it did not answer in
    /// time). Each line is judged by when it was read, not by when this is called, so that a
    /// player whose answer waits while the referee reads the other player's is not late for
    /// it. `None` if the program printed nothing in time (or has exited), or went over its
    /// memory limit (it is then stopped, and [`Process::fault`] says why); fewer lines than
    /// expected if it stopped short.
    pub fn receive(&mut self) -> (Option<Vec<String>>, Duration) {
        let Some((started, limit, cpu_before)) = self.sent.take() else {
            // Its input could not be written: it has closed it, most likely by exiting.
            if self.fault.is_none() {
                self.fault = self.exit_fault();
            }
            return (None, Duration::ZERO);
        };
        let deadline = started + self.clock.wall_limit(limit);
        let mut out = Vec::with_capacity(self.expected_lines);
        let mut last = deadline;
        while out.len() < self.expected_lines {
            match self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok((read, line)) if read <= deadline => {
                    out.push(line);
                    last = read;
                }
                // Out of time, or the program closed its output: what came is the answer (the
                // referee names it short).
                late_or_closed => {
                    self.closed |= matches!(late_or_closed, Err(RecvTimeoutError::Disconnected));
                    last = deadline.min(Instant::now());
                    break;
                }
            }
        }
        let mut took = last.saturating_duration_since(started);
        let mut answer = (!out.is_empty()).then_some(out);
        if self.clock == Clock::Cpu && answer.is_some() {
            // The group's members change seldom (a shell, the bot, what it starts early): found
            // again on the first turns and every 32nd. One that started during the turn
            // counts whole.
            if self.turn <= 4 || self.turn.is_multiple_of(32) {
                self.members = group_members(self.child.id());
            }
            took = cpu_time(&self.members).saturating_sub(cpu_before);
            if took > limit {
                self.fault = Some(Stop::OutOfTime {
                    turn: self.turn - 1,
                    took_ms: took.as_secs_f64() * 1e3,
                    limit_ms: limit.as_millis(),
                });
                answer = None;
            }
        }
        if answer.is_none() && self.fault.is_none() {
            self.fault = self.exit_fault();
        }
        let Some(limit) = self.memory_limit_kb else {
            return (answer, took);
        };
        let used = group_peak_kb(self.child.id());
        if used <= limit {
            return (answer, took);
        }
        self.fault = Some(Stop::Memory {
            peak_mb: used.div_ceil(1024),
            limit_mb: limit / 1024,
        });
        drop(self.stdin.take());
        self.tag.end(&mut self.child);
        (None, took)
    }

    /// Why the program stopped playing, if it did: the arena stopped it, or it exited.
    pub fn fault(&self) -> Option<&Stop> {
        self.fault.as_ref()
    }

    /// [`Stop::Exited`] if the program has ended: how, and the last lines it wrote on stderr
    /// (read to the end first, for a moment at most).
    fn exit_fault(&mut self) -> Option<Stop> {
        let how = self.exited()?;
        let waited = Instant::now();
        while !self.reader.is_finished() && waited.elapsed() < EXIT_GRACE {
            std::thread::sleep(Duration::from_millis(1));
        }
        let stderr = self
            .stderr
            .lock()
            .map(|kept| {
                let mut last: Vec<String> = kept
                    .lines
                    .iter()
                    .rev()
                    .filter(|l| !l.trim().is_empty())
                    .take(super::player::STDERR_QUOTED)
                    .map(|l| l.trim().to_string())
                    .collect();
                last.reverse();
                last
            })
            .unwrap_or_default();
        Some(Stop::Exited { how, stderr })
    }

    /// How the program ended, if it has (waiting a moment for a program whose output just
    /// closed to finish exiting): `None` while it runs.
    fn exited(&mut self) -> Option<String> {
        let waited = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(how_it_ended(status)),
                Ok(None)
                    if (self.closed || self.reader.is_finished())
                        && waited.elapsed() < EXIT_GRACE =>
                {
                    std::thread::sleep(Duration::from_millis(1))
                }
                _ => return None,
            }
        }
    }
}

/// How `how_it_ended` says that the shell found no such command (exit status 127) and that the
/// command is not executable (126): a program that did not start at all.
pub const NOT_STARTED: [&str; 2] = [
    "exit status 127, command not found",
    "exit status 126, not executable",
];

/// How a program ended, as its errors say it: `exit status 3`, `exit status 127, command
/// not found` and `exit status 126, not executable` (the shell's codes), `signal 11
/// (SIGSEGV)`.
fn how_it_ended(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(127), _) => NOT_STARTED[0].to_string(),
        (Some(126), _) => NOT_STARTED[1].to_string(),
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("signal {signal}{}", signal_name(signal)),
        _ => status.to_string(),
    }
}

/// A signal's name, as ` (SIGSEGV)`, for the signals that end a crashing program.
fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => " (SIGSEGV)",
        libc::SIGABRT => " (SIGABRT)",
        libc::SIGFPE => " (SIGFPE)",
        libc::SIGILL => " (SIGILL)",
        libc::SIGBUS => " (SIGBUS)",
        libc::SIGKILL => " (SIGKILL)",
        libc::SIGTERM => " (SIGTERM)",
        libc::SIGPIPE => " (SIGPIPE)",
        _ => "",
    }
}

/// Which time a program's turn is limited on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// The CPU time its processes ran during the turn (their threads' run time as the kernel
    /// counts it, which leaves out time spent waiting for a core; a stall of a virtual machine
    /// itself can still be counted).
    /// The answer must also come within [`Clock::wall_limit`], so that a program that hangs
    /// still loses. A loaded machine delays answers but does not make them late.
    #[default]
    Cpu,
    /// Wall time from the input's write to the answer's last line, as the contest server
    /// counts it.
    Wall,
}

impl Clock {
    /// The wall time a turn may take under this clock: the limit itself for the wall clock;
    /// for the CPU clock, one second more (twice the limit, if that is more), so that a loaded
    /// machine, however slow, does not make an answer late, and a program that hangs still
    /// loses.
    pub fn wall_limit(self, limit: Duration) -> Duration {
        match self {
            Clock::Wall => limit,
            Clock::Cpu => limit + limit.max(Duration::from_secs(1)),
        }
    }
}

/// The processes in group `group` (a bot program's, unless they left it), from /proc.
fn group_members(group: u32) -> Vec<i32> {
    let group = group.to_string();
    pids()
        .filter(|&pid| stat_field(pid, StatField::Group).as_deref() == Some(group.as_str()))
        .collect()
}

/// The CPU time the processes `pids` have run (all their threads), from each one's CPU-time
/// clock (`clock_getcpuclockid`), which the kernel brings up to date for a thread that is
/// running as it is read. Processes that ended count no more.
fn cpu_time(pids: &[i32]) -> Duration {
    pids.iter()
        .filter_map(|&pid| {
            let mut clock: libc::clockid_t = 0;
            // SAFETY: the call only writes the value passed by reference, which lives here.
            let found = unsafe { libc::clock_getcpuclockid(pid, &mut clock) == 0 };
            found.then(|| read_clock(clock)).flatten()
        })
        .sum()
}

/// The CPU time the calling thread has run (`CLOCK_THREAD_CPUTIME_ID`): an in-process bot's
/// time on the CPU clock. Zero if the clock cannot be read.
pub fn thread_cpu_time() -> Duration {
    read_clock(libc::CLOCK_THREAD_CPUTIME_ID).unwrap_or_default()
}

/// The time `clock` reads now, if it can be read.
fn read_clock(clock: libc::clockid_t) -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: the call only writes the value passed by reference, which lives here.
    let read = unsafe { libc::clock_gettime(clock, &mut now) == 0 };
    read.then(|| Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
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

/// Most of a bot's stderr kept for one turn (of a game's trace); the rest is dropped.
pub const TURN_STDERR: usize = 4096;

/// How long a bot may take to finish writing stderr once its game is over.
const STDERR_GRACE: Duration = Duration::from_millis(50);

/// How long a program whose output has closed is given to finish exiting, so that a turn it
/// did not answer can say how it ended.
const EXIT_GRACE: Duration = Duration::from_millis(100);

/// A bot's stderr lines, kept between two [`Process::take_stderr`] calls.
#[derive(Default)]
struct StderrLines {
    lines: Vec<String>,
    /// Bytes kept since the last take.
    turn_bytes: usize,
    /// Whether the lines of this turn were cut (noted once).
    cut: bool,
}

impl StderrLines {
    /// Keeps a line, unless this turn's lines already reached [`TURN_STDERR`].
    fn push(&mut self, line: &[u8]) {
        if self.turn_bytes >= TURN_STDERR {
            if !self.cut {
                self.lines.push(format!(
                    "[botsim: stderr cut at {TURN_STDERR} bytes this turn]"
                ));
                self.cut = true;
            }
            return;
        }
        let line = &line[..line.len().min(TURN_STDERR - self.turn_bytes)];
        self.turn_bytes += line.len() + 1;
        self.lines.push(line_text(line));
    }
}

/// A line a bot wrote, as text: invalid UTF-8 replaced, the carriage returns at its end
/// dropped.
fn line_text(line: &[u8]) -> String {
    String::from_utf8_lossy(line)
        .trim_end_matches('\r')
        .to_string()
}

/// Splits a stream into lines as it is read, each cut at `max` bytes while it is read (a bot
/// that floods a line costs no memory, only the rest of the line, which is discarded).
struct LineSplitter {
    line: Vec<u8>,
    max: usize,
}

impl LineSplitter {
    fn new(max: usize) -> LineSplitter {
        LineSplitter {
            line: Vec::new(),
            max,
        }
    }

    /// Feeds a chunk, calling `each` with every line it completes (without its newline).
    fn feed(&mut self, chunk: &[u8], mut each: impl FnMut(&[u8])) {
        for part in chunk.split_inclusive(|&c| c == b'\n') {
            let (text, ends) = match part.strip_suffix(b"\n") {
                Some(text) => (text, true),
                None => (part, false),
            };
            let room = self.max.saturating_sub(self.line.len());
            self.line.extend_from_slice(&text[..text.len().min(room)]);
            if ends {
                each(&self.line);
                self.line.clear();
            }
        }
    }

    /// The last line, if the stream ended without a newline.
    fn finish(&mut self, each: impl FnOnce(&[u8])) {
        if !self.line.is_empty() {
            each(&self.line);
            self.line.clear();
        }
    }
}

/// Most stderr chunks read in a row before stdout gets its turn (a bot that floods stderr must
/// not hold its answers back for long).
const STDERR_FIRST: usize = 64;

/// Reads a bot's stdout and stderr to their ends, in one thread that waits on both (poll) and
/// reads stderr first when both have data. So what a bot writes on stderr before its answer is
/// kept before the answer is passed on, and is taken as that turn's. Answer lines go to
/// `answers`; stderr goes to `log` (up to [`LOG_CAP`] bytes and a note that the rest was cut)
/// and, line by line, to `kept`.
fn read_outputs(
    mut stdout: ChildStdout,
    mut stderr: ChildStderr,
    mut log: Option<std::fs::File>,
    answers: &mpsc::Sender<(Instant, String)>,
    kept: &Mutex<StderrLines>,
) {
    use std::os::fd::AsRawFd;
    let poll_in = |fd| libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let mut fds = [poll_in(stderr.as_raw_fd()), poll_in(stdout.as_raw_fd())];
    let mut out_lines = LineSplitter::new(MAX_LINE);
    let mut err_lines = LineSplitter::new(TURN_STDERR);
    let mut logged = 0;
    let mut in_a_row = 0;
    let mut buf = [0u8; 8192];
    while fds.iter().any(|f| f.fd >= 0) {
        // SAFETY: poll(2) on an array of pollfd this function owns; a negative fd is skipped.
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) };
        if ready < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        if fds[0].revents != 0 && in_a_row < STDERR_FIRST {
            in_a_row += 1;
            match stderr.read(&mut buf) {
                Ok(n) if n > 0 => {
                    let chunk = &buf[..n];
                    if let Some(file) = log.as_mut().filter(|_| logged < LOG_CAP) {
                        let take = n.min(LOG_CAP - logged);
                        logged += take;
                        let _ = file.write_all(&chunk[..take]);
                        if logged == LOG_CAP {
                            let _ = writeln!(file, "\n[botsim: log cut at {LOG_CAP} bytes]");
                        }
                    }
                    let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                    err_lines.feed(chunk, |line| kept.push(line));
                }
                _ => {
                    err_lines
                        .finish(|line| kept.lock().unwrap_or_else(|e| e.into_inner()).push(line));
                    fds[0].fd = -1;
                }
            }
            // Stderr first, as long as it has more.
            continue;
        }
        in_a_row = 0;
        if fds[1].revents != 0 {
            match stdout.read(&mut buf) {
                // A closed receiver: the player is gone; read on to the end all the same.
                Ok(n) if n > 0 => {
                    let read = Instant::now();
                    out_lines.feed(&buf[..n], |line| {
                        let _ = answers.send((read, line_text(line)));
                    })
                }
                _ => fds[1].fd = -1,
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
    group_members(group)
        .into_iter()
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

impl<G: Game> Player<G> for Process {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&mut self, _view: &G::View, lines: &[String]) -> Answer<G::Orders> {
        match self.exchange(lines) {
            Some(lines) => Answer::Lines(lines),
            None => Answer::Silent,
        }
    }

    fn start_turn(&mut self, lines: &[String]) -> bool {
        self.send(lines);
        true
    }

    fn finish_turn(&mut self) -> (Answer<G::Orders>, Duration) {
        let (lines, took) = self.receive();
        (lines.map_or(Answer::Silent, Answer::Lines), took)
    }

    fn fault(&self) -> Option<Stop> {
        Process::fault(self).cloned()
    }

    fn take_stderr(&mut self, last: bool) -> Vec<String> {
        Process::take_stderr(self, last)
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    /// A word quoted by `shell_word` reaches a program as itself through `sh -c`, whatever it
    /// holds; a plain word is left as it is.
    #[test]
    fn shell_words_reach_the_program_unchanged() {
        assert_eq!(shell_word("target/release/csb_v1"), "target/release/csb_v1");
        for word in ["a b", "it's", "", "$HOME", "x;y", "--p1=\"a\""] {
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("printf %s {}", shell_word(word)))
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&out.stdout), word, "{word:?}");
        }
    }
}
