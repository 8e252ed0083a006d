//! The referee's side of a game, as both games implement it: the lines each player reads, the
//! replies parsed and applied (a player who breaks the protocol is eliminated), the step, and
//! the outcome. The tools drive any game through this one trait: playing bots against each
//! other, in process or as programs, and replaying recorded games.

use crate::bot::Game;
use crate::geom::ContactLog;

/// How a player broke the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A line the referee rejects.
    InvalidOutput,
    /// No answer in time.
    NoAnswer,
    /// Fewer lines than the turn asks for (the referee waits for the rest until its clock
    /// runs out, so it ends the game as it does for no answer).
    TooFewLines,
}

/// Why a player was eliminated by what it printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerError {
    /// The player, 0 or 1.
    pub player: usize,
    /// The turn, from 0.
    pub turn: u32,
    /// What kind of fault.
    pub fault: Fault,
    /// What was wrong, in words.
    pub detail: String,
}

/// A game in progress, driven by the players' text as the contest server drives it.
pub trait Rules {
    /// The game in-process bots play (what they see and answer).
    type Game: Game;
    /// What `player` knows at the start of this turn.
    fn view(&self, player: usize) -> <Self::Game as Game>::View;
    /// The lines a bot's orders stand for.
    fn order_lines(orders: &<Self::Game as Game>::Orders) -> Vec<String>;
    /// Turns played so far.
    fn turns(&self) -> u32;
    /// The players eliminated so far, and why.
    fn errors(&self) -> &[PlayerError];
    /// Why the game ended, as traces name it; `None` while it goes on.
    fn end_reason(&self) -> Option<String>;
    /// The lines `player` reads this turn.
    fn input_lines(&self, player: usize) -> Vec<String>;
    /// Plays one turn from what each player printed (`None`: no answer). A player whose line
    /// is invalid, or who did not answer, is eliminated; the turn is still played with the
    /// orders it gave before the bad line. True once the game is over.
    fn play_turn(&mut self, replies: [Option<&[String]>; 2]) -> bool;
    /// [`Rules::play_turn`], recording the turn's collisions into `contacts`.
    fn play_turn_recording(
        &mut self,
        replies: [Option<&[String]>; 2],
        contacts: &mut ContactLog,
    ) -> bool;
    /// The final scores, once the game is over.
    fn final_scores(&self) -> Option<[i32; 2]>;
}
