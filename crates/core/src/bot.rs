//! The in-process bot interface the referee calls (the contest binaries' loop is
//! [`crate::contest`]).
//!
//! A bot sees each turn twice over: the exact lines the contest server would send (so a
//! contest submission can run unchanged) and the same information already decoded (so a
//! built-in bot need not parse). It answers with the lines it would print, or with orders the
//! referee prints for it. Bundle-safe: std only.

/// A game, as the referee and the bots see it.
pub trait Game {
    /// What a player knows at the start of a turn, decoded.
    type View;
    /// A player's orders for one turn, in a form that has an exact text line.
    type Orders;
    /// The game's short name: `csb` or `fb`.
    const NAME: &'static str;
}

/// A bot's answer for one turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<O> {
    /// The lines the bot printed, which the referee parses as it would a program's.
    Lines(Vec<String>),
    /// Orders, which the referee turns into their canonical lines.
    Orders(O),
    /// No answer: the player loses by timeout.
    Silent,
}

/// A bot that plays in process.
pub trait Bot<G: Game> {
    /// A short description, recorded in traces.
    fn name(&self) -> String;
    /// One turn: `lines` are the input lines of this turn (on the first turn the init lines
    /// come first), `view` the same information decoded.
    fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders>;
    /// Starts a turn without waiting for the answer, for a bot that thinks in a process of
    /// its own: the referee gives every such player its input before it waits for any, as the
    /// contest server does, so that the two players of a game think at the same time and
    /// finish together. False (the default): the bot thinks when [`Bot::play`] is called.
    fn start_turn(&mut self, _lines: &[String]) -> bool {
        false
    }

    /// The answer to the turn [`Bot::start_turn`] began, and the time it took by the
    /// referee's clock.
    fn finish_turn(&mut self) -> (Answer<G::Orders>, std::time::Duration) {
        (Answer::Silent, std::time::Duration::ZERO)
    }

    /// Why the bot stopped playing during the game, when the one who runs it knows (a program
    /// over a limit, or one that exited); its last answer was then [`Answer::Silent`].
    fn fault(&self) -> Option<Stop> {
        None
    }
    /// What the bot wrote on stderr since the last call (a program's debug lines; in-process
    /// bots write none). `last`: the game is over, and this is the last call.
    fn take_stderr(&mut self, _last: bool) -> Vec<String> {
        Vec::new()
    }
}

/// Why a bot that thinks in a process of its own stopped playing during a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// Over its time limit on a turn, by the CPU time its processes ran.
    OutOfTime {
        /// The turn, from 0.
        turn: u32,
        /// The CPU time it took, in milliseconds.
        took_ms: f64,
        /// The limit, in milliseconds.
        limit_ms: u128,
    },
    /// Over its memory limit: stopped.
    Memory {
        /// Its processes' peak resident size, in MB.
        peak_mb: u64,
        /// The limit, in MB.
        limit_mb: u64,
    },
    /// The program ended, as the system says it did (`exit status 3`, `signal 11 (SIGSEGV)`).
    Exited(String),
}

impl Stop {
    /// Whether the bot lost on time.
    pub fn is_time(&self) -> bool {
        matches!(self, Stop::OutOfTime { .. })
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::OutOfTime {
                turn,
                took_ms,
                limit_ms,
            } => write!(
                f,
                "out of time on turn {turn}: {took_ms:.1} ms of CPU, over the {limit_ms} ms limit"
            ),
            Stop::Memory { peak_mb, limit_mb } => write!(
                f,
                "memory: {peak_mb} MB at its peak, over the {limit_mb} MB limit (--memory-mb); stopped"
            ),
            Stop::Exited(how) => write!(f, "exited ({how})"),
        }
    }
}
