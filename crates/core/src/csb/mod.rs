//! Coders Strike Back (Legend rules: 2 players, 2 pods each, BOOST, SHIELD), exact to the
//! official referee.
//!
//! - [`state`]: the `Track` (fixed per game) and the `State` (pods; `Copy`, fixed size).
//! - [`setup`]: maps and spawns from a seed, with Java's `Random`, or from an explicit map.
//! - [`mod@step`]: one turn of physics and rules, and the outcome.
//! - [`protocol`]: the text each player reads and the order lines it prints.
//! - [`racer`], [`interceptor`]: the built-in heuristic bots; [`ga`]: the genetic-search bot
//!   (plans decoded into commands, scored by `ga::eval`), as in FB; [`annealer`], [`brawler`] and
//!   [`duelist`]: search bots of other designs, opponents outside our lineage.

pub mod annealer;
pub mod brawler;
pub mod duelist;
pub mod ga;
pub mod interceptor;
pub mod protocol;
pub mod racer;
pub mod referee;
pub mod setup;
pub mod state;
pub mod step;
#[cfg(test)]
mod testing;

pub use protocol::{parse_order, Order, OrderError};
pub use setup::Setup;
pub use state::{Pod, State, Track, TrackError, PODS};
pub use step::{outcome, step, Command, EndReason, Outcome, Steer, Thrust};

/// Coders Strike Back as a [`crate::bot::Game`].
pub struct Csb;

/// What a player knows at the start of a turn: everything (the game has no hidden state).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The race's checkpoints and laps.
    pub track: Track,
    /// The pods and the turn.
    pub state: State,
    /// 0 or 1: which pods are this player's (0 and 1, or 2 and 3).
    pub player: usize,
}

impl View {
    /// Pod indices in the order this player sees them: its own two first.
    pub fn own_pods(&self) -> [usize; PODS] {
        protocol::pod_order(self.player)
    }
}

impl crate::bot::Game for Csb {
    type View = View;
    type Orders = [Order<'static>; 2];
    const NAME: &'static str = "csb";
}
