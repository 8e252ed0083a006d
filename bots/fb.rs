//! The Fantastic Bits contest submission: reads the protocol on stdin, searches with the
//! genetic-search bot for its time budget, prints two orders a turn. Thin glue only.
//!
//! Settings (see `botsim_core::contest::Settings`): `--ms N` (default 85, leaving 15 ms of the contest's
//! 100 ms for a loaded machine), `--first-ms N` (default 900), `--rollouts N`, `--seed N`,
//! `--params FILE`, or the same from `BOTSIM_MS`, `BOTSIM_FIRST_MS`, `BOTSIM_ROLLOUTS`,
//! `BOTSIM_SEED`, `BOTSIM_PARAMS`.

/// Parameters tuned offline: `botsim bundle --params FILE` writes them here.
const TUNED: &[(&str, f64)] = &[];

fn main() {
    botsim_core::contest::contest_main(85, TUNED, <botsim_core::fb::ga::GaBot>::new);
}
