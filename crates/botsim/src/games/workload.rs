//! Fixed, seeded workloads of random turns, shared by `botsim bench`, the criterion benches and
//! the ladder's checks: each returns a fingerprint, a hash of every final state, that changes
//! only when the engine's behaviour does. Each game's workloads are in its folder
//! (`csb/bench.rs`, `fb/bench.rs`).

use botsim_core::csb::State;
use botsim_core::fb;

/// A benchmark workload: random turns of a game, `(turns, seed)`.
pub type Workload = fn(u64, u64) -> Report;

/// What a workload did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    pub turns: u64,
    pub games: u64,
    pub fingerprint: u64,
}

/// FNV-1a over 64-bit words.
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    /// A double by value: -0.0 and +0.0 hash alike (the sign of a zero changes no rule).
    pub fn add_f64(&mut self, x: f64) {
        self.add((x + 0.0).to_bits());
    }

    /// Every byte of a text, each as a word.
    pub fn add_text(&mut self, text: &str) {
        for b in text.bytes() {
            self.add(u64::from(b));
        }
    }

    pub fn add(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 ^= byte as u64;
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }

    /// Every field of a CSB state.
    pub fn add_csb(&mut self, state: &State) {
        for p in &state.pods {
            for v in [
                p.pos.x,
                p.pos.y,
                p.vel.x,
                p.vel.y,
                p.angle.unwrap_or(f64::NAN),
            ] {
                self.add(v.to_bits());
            }
            self.add(p.passed as u64 | (p.last_pass as u64) << 16 | (p.boost_used as u64) << 32);
            self.add(p.shield_round.map_or(u64::MAX, u64::from));
        }
        self.add(state.round as u64 | (state.dead[0] as u64) << 16 | (state.dead[1] as u64) << 17);
    }

    /// Every field of an FB state that the rules use.
    pub fn add_fb(&mut self, state: &fb::State) {
        for b in &state.bodies {
            for v in [b.pos.x, b.pos.y, b.vel.x, b.vel.y] {
                self.add_f64(v);
            }
        }
        for w in &state.wizards {
            self.add(w.grab_cooldown as u64 | (w.holding.map_or(99, u64::from) << 8));
            for e in &w.effects {
                self.add(e.countdown as u64 | (e.target.map_or(99, u64::from) << 8));
            }
        }
        for s in &state.snaffles {
            self.add(
                s.alive as u64 | (s.captured as u64) << 1 | (s.ignore.as_slice().len() as u64) << 2,
            );
        }
        for b in &state.bludgers {
            self.add(b.last_victim.map_or(99, u64::from));
        }
        for p in &state.players {
            self.add((p.score as u64) << 32 | p.magic as u64);
        }
        self.add(state.round as u64);
    }

    pub fn value(self) -> u64 {
        self.0
    }
}
