//! The Coders Strike Back contest submission: reads the protocol on stdin, searches with the
//! genetic-search bot for its time budget, prints two orders a turn. Thin glue only.
//!
//! Settings (see `botsim_core::contest::Settings`): `--ms N` (default 65), `--first-ms N` (default 900),
//! `--rollouts N`, `--seed N`, `--params FILE`, or the same from `BOTSIM_MS`, `BOTSIM_FIRST_MS`,
//! `BOTSIM_ROLLOUTS`, `BOTSIM_SEED`, `BOTSIM_PARAMS`.

/// Parameters tuned offline: `botsim bundle --params FILE` writes them here.
const TUNED: &[(&str, f64)] = &[];

fn main() {
    // 65 of the contest's 75 ms: the rest is room for a loaded machine (docs/experiments/csb.md).
    botsim_core::contest::contest_main(65, TUNED, <botsim_core::csb::ga::GaBot>::new);
}
