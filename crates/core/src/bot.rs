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

/// A bot that plays in process. (The referee drives programs too, through the tools' own
/// player interface; a contest bundle carries only this.)
pub trait Bot<G: Game> {
    /// A short description, recorded in traces.
    fn name(&self) -> String;
    /// One turn: `lines` are the input lines of this turn (on the first turn the init lines
    /// come first), `view` the same information decoded.
    fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders>;
}
