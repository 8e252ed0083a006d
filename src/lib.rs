//! botsim: exact simulators, search and an arena for CodinGame bot contests.
//!
//! The crate has two sides.
//!
//! **The bundle-safe core** is what a contest submission is made of, so it uses `std` and
//! `rand` 0.9 only (no other crate, no `build.rs`, no proc macros, no `unsafe`), and its hot
//! paths allocate nothing:
//! - [`java`]: Java's rounding, `atan2` and `Random`, which the official referees rely on;
//! - [`geom`]: `Vec2` and the contact time of two moving circles;
//! - [`text`]: the referees' order-line patterns, matched exactly without a regex engine;
//! - [`csb`]: Coders Strike Back: state, setup, step, protocol, built-in bot;
//! - [`fb`]: Fantastic Bits, the same shape;
//! - [`search`]: the rolling-horizon genetic search, generic over the game;
//! - [`params`]: named parameters and the file they travel in;
//! - [`bot`]: the in-process bot interface.
//!
//! **The tool side** runs games and reads and writes files, and uses well-kept crates freely:
//! - [`referee`]: whole games between bots, and replaying recorded games (`verify`);
//! - [`trace`]: the `trace/1` game record (gzip JSON Lines); [`replay`]: a game as an HTML page;
//! - [`arena`]: many games in parallel, resumable results, statistics and SPRT;
//! - [`builtin`]: the built-in bots by name; [`player`]: a player spec, built in or a program;
//! - [`bundle`]: one source file for the contest server;
//! - [`tune`]: SPSA over a search bot's parameters by self-play;
//! - [`bench`]: fixed, seeded workloads with a behaviour fingerprint;
//! - [`jsonl`]: the JSON Lines files of results and histories, safe to cut at any moment;
//! - [`cli`]: the `botsim` command line, one module per group of subcommands.

pub mod bot;
pub mod csb;
pub mod fb;
pub mod geom;
pub mod java;
pub mod params;
pub mod search;
pub mod text;

pub mod arena;
pub mod bench;
pub mod builtin;
pub mod bundle;
pub mod cli;
pub mod jsonl;
pub mod player;
pub mod referee;
pub mod replay;
pub mod trace;
pub mod tune;
