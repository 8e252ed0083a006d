//! botsim-core: what a contest submission is made of. It depends on nothing but `std` (no
//! crate, no `build.rs`, no proc macro, no `unsafe`), so that `botsim bundle` can paste the
//! modules a bot uses into one file the contest server compiles; its hot paths allocate
//! nothing. The compiler keeps it so: this crate cannot see the tool side.
//! - [`java`]: Java's rounding, `atan2` and `Random`, which the official referees rely on;
//! - [`geom`]: `Vec2` and the contact time of two moving circles;
//! - [`text`]: the referees' order-line patterns, matched exactly without a regex engine;
//! - [`csb`]: Coders Strike Back: state, setup, step, protocol, built-in bots;
//! - [`fb`]: Fantastic Bits, the same shape;
//! - [`search`]: the rolling-horizon genetic search, generic over the game;
//! - [`params`]: named parameters and the file they travel in;
//! - [`rules`]: the referee's side of a game, one trait both games implement;
//! - [`input`]: what can be wrong with the lines a bot reads;
//! - [`bot`]: the in-process bot interface the referee calls;
//! - [`contest`]: the contest binaries' loop, shared by `bots/*.rs`.
//!
//! A bot of one's own is an evaluation and the search bot of its game: see [`csb::ga`] and
//! [`fb::ga`] (each with a whole bot as its example), examples/csb_my_bot.rs and
//! examples/fb_my_bot.rs, and docs/your-bot.md.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bot;
pub mod contest;
pub mod csb;
pub mod fb;
pub mod geom;
pub mod input;
pub mod java;
pub mod params;
pub mod rules;
pub mod search;
pub mod text;
