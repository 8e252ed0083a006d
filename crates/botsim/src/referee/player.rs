//! A player as the referee drives it: a bot in process (the core's [`Bot`], all a contest
//! bundle carries) or a program in a process of its own ([`super::process::Process`]), which
//! the referee starts early so that both players think at the same time, and which can stop
//! for reasons an in-process bot cannot (a limit, an exit) and writes on stderr. Each game
//! makes its in-process bots players (`games::csb`, `games::fb`: [`in_process_players`]).

use botsim_core::bot::{Answer, Bot, Game};
use std::time::Duration;

/// A player of game `G`, as the referee drives it.
pub trait Player<G: Game> {
    /// A short description, recorded in traces.
    fn name(&self) -> String;
    /// One turn, answered at once: `lines` are the input lines of this turn (on the first turn
    /// the init lines come first), `view` the same information decoded.
    fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders>;
    /// Starts a turn without waiting for the answer, for a player that thinks in a process of
    /// its own: the referee gives every such player its input before it waits for any, as the
    /// contest server does, so that the two players of a game think at the same time and
    /// finish together. False (the default): the player thinks when [`Player::play`] is called.
    fn start_turn(&mut self, _lines: &[String]) -> bool {
        false
    }
    /// The answer to the turn [`Player::start_turn`] began, and the time it took by the
    /// referee's clock.
    fn finish_turn(&mut self) -> (Answer<G::Orders>, Duration) {
        (Answer::Silent, Duration::ZERO)
    }
    /// Why the player stopped playing during the game, when the one who runs it knows (a
    /// program over a limit, or one that exited); its last answer was then [`Answer::Silent`].
    fn fault(&self) -> Option<Stop> {
        None
    }
    /// What the player wrote on stderr since the last call (a program's debug lines;
    /// in-process bots write none). `last`: the game is over, and this is the last call.
    fn take_stderr(&mut self, _last: bool) -> Vec<String> {
        Vec::new()
    }
}

/// Makes every in-process bot of a game a player that answers at once. One impl per game
/// (rather than one for every game) so that a program player's type cannot overlap with it.
#[macro_export]
macro_rules! in_process_players {
    ($game:ty) => {
        impl<B: botsim_core::bot::Bot<$game>> $crate::referee::Player<$game> for B {
            fn name(&self) -> String {
                botsim_core::bot::Bot::name(self)
            }

            fn play(
                &mut self,
                view: &<$game as botsim_core::bot::Game>::View,
                lines: &[String],
            ) -> botsim_core::bot::Answer<<$game as botsim_core::bot::Game>::Orders> {
                botsim_core::bot::Bot::play(self, view, lines)
            }
        }
    };
}
pub use in_process_players;

/// How many of its last stderr lines a program that exited is quoted with.
pub const STDERR_QUOTED: usize = 2;

/// A boxed in-process bot (a built-in bot made from its spec) as a player.
pub struct InProcess<G: Game>(pub Box<dyn Bot<G>>);

impl<G: Game> Player<G> for InProcess<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders> {
        self.0.play(view, lines)
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
    /// The program ended, as the system says it did (`exit status 3`, `signal 11 (SIGSEGV)`),
    /// with the last lines it wrote on stderr (a traceback's last lines, say).
    Exited {
        /// How it ended.
        how: String,
        /// Its last lines on stderr, at most [`STDERR_QUOTED`].
        stderr: Vec<String>,
    },
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
            Stop::Exited { how, stderr } if stderr.is_empty() => {
                write!(f, "exited ({how}); it wrote nothing on stderr")
            }
            Stop::Exited { how, stderr } => {
                write!(f, "exited ({how}); its stderr ended: {}", stderr.join(" / "))
            }
        }
    }
}
