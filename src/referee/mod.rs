//! Whole games: bots against each other under the contest's rules, and recorded games replayed
//! against the engines (`verify`).

pub mod csb;
