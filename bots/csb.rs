//! The Coders Strike Back contest submission: reads the protocol on stdin, searches with the
//! genetic-search bot for its time budget, prints two orders a turn. Thin glue only.
//!
//! Settings (see `botsim_core::contest::Settings`): `--ms N` (default 65), `--first-ms N` (default 900),
//! `--rollouts N`, `--seed N`, `--params FILE`, or the same from `BOTSIM_MS`, `BOTSIM_FIRST_MS`,
//! `BOTSIM_ROLLOUTS`, `BOTSIM_SEED`, `BOTSIM_PARAMS`.

/// Parameters tuned offline: `botsim bundle --params FILE` writes them here.
const TUNED: &[(&str, f64)] = &[];

fn main() {
    // 65 of the contest's 75 ms: with two games on two cores, a 70 ms budget ran over 75 ms
    // in 3 turns of 47,469 (the machine, not the search: p99 was 70.2 ms), and lost 3 games.
    botsim_core::contest::contest_main(65, TUNED, botsim_core::csb::ga::GaBot::new);
}
