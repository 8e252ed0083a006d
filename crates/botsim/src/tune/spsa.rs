//! SPSA (simultaneous perturbation stochastic approximation), with OpenBench's way of setting
//! the step sizes: each parameter gives its final perturbation `c_end` and its final learning
//! rate `r_end`; `alpha`, `gamma` and `A` shape how they shrink. Each iteration perturbs every
//! parameter at once by +/- c_k, plays theta+ against theta-, and moves theta along the result.
//! The perturbation signs of iteration k come from an RNG seeded by (seed, k), so a resumed run
//! continues exactly as an uninterrupted one.

use botsim_core::search::Rng;
use serde::{Deserialize, Serialize};

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    pub name: String,
    pub start: f64,
    pub min: f64,
    pub max: f64,
    /// Perturbation at the last iteration.
    pub c_end: f64,
    /// Learning rate at the last iteration (OpenBench's R_end: a_end = r_end * c_end^2).
    pub r_end: f64,
}

/// The shape of the step sizes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    pub iterations: u64,
    pub alpha: f64,
    pub gamma: f64,
    /// Stability constant; `None`: 10% of the iterations.
    pub a: Option<f64>,
}

impl Schedule {
    pub fn new(iterations: u64) -> Schedule {
        Schedule {
            iterations,
            alpha: 0.602,
            gamma: 0.101,
            a: None,
        }
    }

    fn big_a(&self) -> f64 {
        self.a.unwrap_or(self.iterations as f64 * 0.1)
    }

    /// Perturbation and learning rate of `p` at iteration `k` (0-based).
    pub fn steps(&self, p: &Param, k: u64) -> (f64, f64) {
        let n = self.iterations as f64;
        let c0 = p.c_end * n.powf(self.gamma);
        let a_end = p.r_end * p.c_end * p.c_end;
        let a0 = a_end * (self.big_a() + n).powf(self.alpha);
        let c_k = c0 / ((k + 1) as f64).powf(self.gamma);
        let a_k = a0 / (k as f64 + 1.0 + self.big_a()).powf(self.alpha);
        (c_k, a_k)
    }
}

/// Where a run stands: the iteration to play next and the current values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub iteration: u64,
    pub theta: Vec<f64>,
}

/// What one iteration did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub iteration: u64,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    /// theta+'s points minus theta-'s over the iteration's games.
    pub result: f64,
    /// The values after the update.
    pub theta: Vec<f64>,
}

/// The perturbed pair of iteration `k` and the signs used.
pub fn perturb(
    params: &[Param],
    schedule: &Schedule,
    seed: u64,
    state: &State,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let mut rng = Rng::new(seed ^ state.iteration.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut signs = Vec::with_capacity(params.len());
    let mut plus = Vec::with_capacity(params.len());
    let mut minus = Vec::with_capacity(params.len());
    for (p, &t) in params.iter().zip(&state.theta) {
        let (c, _) = schedule.steps(p, state.iteration);
        let s = if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 };
        signs.push(s);
        plus.push((t + c * s).clamp(p.min, p.max));
        minus.push((t - c * s).clamp(p.min, p.max));
    }
    (plus, minus, signs)
}

/// Plays one iteration: `play(plus, minus)` returns theta+'s points minus theta-'s. Returns the
/// step, and moves `state` to the next iteration.
pub fn iterate(
    params: &[Param],
    schedule: &Schedule,
    seed: u64,
    state: &mut State,
    play: impl FnOnce(&[f64], &[f64]) -> f64,
) -> Step {
    let (plus, minus, _) = perturb(params, schedule, seed, state);
    let result = play(&plus, &minus);
    update(params, schedule, seed, state, result)
}

/// Applies iteration `state.iteration`'s result (theta+'s points minus theta-'s) and moves to
/// the next iteration: the second half of [`iterate`], for results gathered elsewhere.
pub fn update(
    params: &[Param],
    schedule: &Schedule,
    seed: u64,
    state: &mut State,
    result: f64,
) -> Step {
    let (plus, minus, signs) = perturb(params, schedule, seed, state);
    let k = state.iteration;
    for ((t, p), s) in state.theta.iter_mut().zip(params).zip(&signs) {
        let (c, a) = schedule.steps(p, k);
        *t = (*t + a * result / (c * s)).clamp(p.min, p.max);
    }
    state.iteration += 1;
    Step {
        iteration: k,
        plus,
        minus,
        result,
        theta: state.theta.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Vec<Param> {
        ["x", "y"]
            .iter()
            .map(|n| Param {
                name: n.to_string(),
                start: 0.0,
                min: -10.0,
                max: 10.0,
                c_end: 0.5,
                r_end: 0.02,
            })
            .collect()
    }

    /// A noisy match whose expected result favours the side nearer (3, -2).
    fn synthetic(rng: &mut Rng, plus: &[f64], minus: &[f64]) -> f64 {
        let f = |t: &[f64]| -((t[0] - 3.0).powi(2) + (t[1] + 2.0).powi(2));
        let p = 1.0 / (1.0 + (-(f(plus) - f(minus)) / 4.0).exp());
        // 20 games, each won by theta+ with probability p.
        (0..20)
            .map(|_| if rng.unit() < p { 1.0 } else { -1.0 })
            .sum()
    }

    #[test]
    fn converges_on_a_synthetic_objective() {
        let ps = params();
        let sched = Schedule::new(600);
        let mut state = State {
            iteration: 0,
            theta: vec![0.0, 0.0],
        };
        let mut noise = Rng::new(99);
        for _ in 0..600 {
            iterate(&ps, &sched, 7, &mut state, |a, b| {
                synthetic(&mut noise, a, b)
            });
            assert!(state
                .theta
                .iter()
                .zip(&ps)
                .all(|(t, p)| *t >= p.min && *t <= p.max));
        }
        assert!(
            (state.theta[0] - 3.0).abs() < 0.5 && (state.theta[1] + 2.0).abs() < 0.5,
            "{:?}",
            state.theta
        );
    }

    #[test]
    fn parameters_stay_within_bounds() {
        let mut ps = params();
        ps[0].min = 1.0;
        ps[0].max = 1.5;
        let sched = Schedule::new(50);
        let mut state = State {
            iteration: 0,
            theta: vec![1.2, 0.0],
        };
        for _ in 0..50 {
            // A match that always pushes hard: huge results.
            let step = iterate(&ps, &sched, 3, &mut state, |_, _| 1e6);
            for v in [&step.plus, &step.minus, &step.theta] {
                assert!(v[0] >= 1.0 && v[0] <= 1.5, "{v:?}");
            }
        }
    }

    #[test]
    fn a_resumed_run_continues_exactly() {
        let ps = params();
        let sched = Schedule::new(40);
        let run = |from: Option<State>, upto: u64| {
            let mut state = from.unwrap_or(State {
                iteration: 0,
                theta: vec![0.0, 0.0],
            });
            while state.iteration < upto {
                let k = state.iteration;
                // A deterministic match of the iteration and the pair.
                iterate(&ps, &sched, 5, &mut state, |a, b| {
                    (a[0] - b[0]) * 3.0 - (a[1] - b[1]) + k as f64 % 3.0
                });
            }
            state
        };
        let whole = run(None, 40);
        let half = run(None, 17);
        let resumed = run(Some(half), 40);
        assert_eq!(whole, resumed);
    }
}
