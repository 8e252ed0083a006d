//! Rolling-horizon genetic search, generic over the game: a plan (genome) is a few turns of
//! orders, scored by simulating it with the exact engine. The population lives in buffers made
//! once; a search step allocates nothing. With a fixed budget (rollouts or generations) and a
//! seed, a search is reproducible bit for bit; with a deadline it plays in real time.
//!
//! Bundle-safe: std only.

pub mod rng;

use crate::params::ParamError;
pub use rng::Rng;
use std::time::Instant;

/// A game-specific search problem: how plans are made, varied and scored.
pub trait Problem {
    /// A plan: fixed size, `Copy`.
    type Genome: Copy;
    /// A random plan.
    fn random(&self, rng: &mut Rng) -> Self::Genome;
    /// Changes each gene with probability `rate`.
    fn mutate(&self, genome: &mut Self::Genome, rate: f64, rng: &mut Rng);
    /// A child of two parents, written over `child` (a slot of the next population: a plan is
    /// hundreds of bytes, and returning it would copy it twice more).
    fn crossover(
        &self,
        a: &Self::Genome,
        b: &Self::Genome,
        rng: &mut Rng,
        child: &mut Self::Genome,
    );
    /// The plan one turn later: its first turn dropped, a new last turn.
    fn shift(&self, genome: &Self::Genome, rng: &mut Rng) -> Self::Genome;
    /// The plan's score (higher is better): [`Problem::rollouts`] rollouts.
    fn evaluate(&mut self, genome: &Self::Genome) -> f64;
    /// Rollouts one evaluation plays, which a budget of rollouts counts: one, unless a plan is
    /// scored against more than one future.
    fn rollouts(&self) -> u64 {
        1
    }
}

/// A child of two plans of units' orders (`[[order; units]; turns]`), written over `child`:
/// each unit (pod, wizard) takes its orders for every turn from one parent, drawn per unit, as
/// units play different roles.
pub fn crossover_units<T: Copy, const U: usize, const H: usize>(
    a: &[[T; U]; H],
    b: &[[T; U]; H],
    rng: &mut Rng,
    child: &mut [[T; U]; H],
) {
    let pick: [bool; U] = std::array::from_fn(|_| rng.unit() < 0.5);
    // One parent copied whole, then the other's units over it: plain copies.
    *child = *b;
    for k in (0..U).filter(|&k| pick[k]) {
        for (turn, theirs) in child.iter_mut().zip(a) {
            turn[k] = theirs[k];
        }
    }
}

/// A plan of units' orders one turn later: its first turn dropped, and a last turn of `fresh`
/// orders, unit by unit.
pub fn shift_units<T: Copy, const U: usize, const H: usize>(
    plan: &[[T; U]; H],
    mut fresh: impl FnMut() -> T,
) -> [[T; U]; H] {
    std::array::from_fn(|t| {
        if t + 1 < H {
            plan[t + 1]
        } else {
            std::array::from_fn(|_| fresh())
        }
    })
}

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many rollouts (evaluations): reproducible.
    Rollouts(u64),
    /// This many generations: reproducible.
    Generations(u64),
    /// Until this instant: real time.
    Until(Instant),
}

/// How much thinking a bot's turn gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Think {
    /// Rollouts per turn (own and opponent together): reproducible.
    Rollouts(u64),
    /// Milliseconds for the first turn, and for every later one.
    Millis {
        /// The first turn's milliseconds.
        first: u64,
        /// Every later turn's milliseconds.
        later: u64,
    },
}

impl Think {
    /// The budgets of searches run one after the other in a turn, each its share of the turn
    /// (the shares sum to 1): the last takes what the others leave, to the turn's end.
    pub fn phases<const N: usize>(
        self,
        first: bool,
        started: Instant,
        shares: [f64; N],
    ) -> [Budget; N] {
        let mut before = 0.0;
        let mut given = 0;
        std::array::from_fn(|k| {
            let last = k + 1 == N;
            match self {
                Think::Rollouts(n) => {
                    let r = if last {
                        n - given
                    } else {
                        (n as f64 * shares[k]) as u64
                    };
                    given += r;
                    Budget::Rollouts(r)
                }
                Think::Millis { .. } => {
                    let ms = self.millis(first).unwrap_or(0);
                    before += shares[k];
                    Budget::Until(if last {
                        started + std::time::Duration::from_millis(ms)
                    } else {
                        started + std::time::Duration::from_secs_f64(ms as f64 * before / 1000.0)
                    })
                }
            }
        })
    }

    /// The milliseconds of the first turn or of a later one; `None` for a fixed number of
    /// rollouts.
    pub fn millis(self, first: bool) -> Option<u64> {
        match self {
            Think::Rollouts(_) => None,
            Think::Millis { first: f, .. } if first => Some(f),
            Think::Millis { later, .. } => Some(later),
        }
    }

    /// `rollouts=N` or `ms=M`, as the built-in bot's parameters say it.
    pub fn describe(self) -> String {
        match self {
            Think::Rollouts(n) => format!("rollouts={n}"),
            Think::Millis { later, .. } => format!("ms={later}"),
        }
    }
}

/// Search settings; every number a named parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Plans in a generation.
    pub population: usize,
    /// Plans copied unchanged into the next generation.
    pub elites: usize,
    /// Plans drawn per tournament.
    pub tournament: usize,
    /// Mutation rate per gene at the start of a search, annealed linearly to `mutation_end`.
    pub mutation_start: f64,
    /// Mutation rate per gene at the end of a search.
    pub mutation_end: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            population: 24,
            elites: 2,
            tournament: 3,
            mutation_start: 0.35,
            mutation_end: 0.05,
        }
    }
}

impl Settings {
    /// The settings as named parameters (`search.*`).
    pub fn values(&self) -> [(&'static str, f64); 5] {
        [
            ("search.population", self.population as f64),
            ("search.elites", self.elites as f64),
            ("search.tournament", self.tournament as f64),
            ("search.mutation_start", self.mutation_start),
            ("search.mutation_end", self.mutation_end),
        ]
    }

    /// Sets a `search.*` parameter; `Ok(false)` if `name` is none of them.
    pub fn set(&mut self, name: &str, value: f64) -> Result<bool, ParamError> {
        use crate::params::count;
        match name {
            "search.population" => self.population = count(name, value, 4)?,
            "search.elites" => self.elites = count(name, value, 0)?,
            "search.tournament" => self.tournament = count(name, value, 1)?,
            "search.mutation_start" => self.mutation_start = value,
            "search.mutation_end" => self.mutation_end = value,
            _ => return Ok(false),
        }
        if self.elites >= self.population {
            return Err(ParamError::Invalid {
                name: "search.elites".to_string(),
                why: format!(
                    "({}) must be below search.population ({})",
                    self.elites, self.population
                ),
            });
        }
        Ok(true)
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// Plans scored.
    pub rollouts: u64,
    /// Generations bred.
    pub generations: u64,
    /// The best plan's score.
    pub best_score: f64,
}

/// A genetic search whose population carries over from turn to turn (warm start).
pub struct Ga<G: Copy> {
    /// Population, selection and mutation.
    pub settings: Settings,
    genomes: Vec<G>,
    scores: Vec<f64>,
    /// Indices into `genomes`, best first.
    order: Vec<usize>,
    next: Vec<G>,
    next_scores: Vec<f64>,
}

impl<G: Copy> Ga<G> {
    /// A search with these settings and no population yet.
    pub fn new(settings: Settings) -> Ga<G> {
        assert!(settings.population >= 2 && settings.elites < settings.population);
        let n = settings.population;
        Ga {
            settings,
            genomes: Vec::with_capacity(n),
            scores: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
            next: Vec::with_capacity(n),
            next_scores: Vec::with_capacity(n),
        }
    }

    /// The best plan of the last search.
    pub fn best(&self) -> Option<&G> {
        self.order.first().map(|&i| &self.genomes[i])
    }

    /// Forgets the population (a new game).
    pub fn reset(&mut self) {
        self.genomes.clear();
        self.scores.clear();
        self.order.clear();
    }

    /// Runs one search: seeds the population from last turn's (shifted by a turn) or at
    /// random, then evolves it within `budget`. Returns the best plan and the statistics.
    pub fn search<P: Problem<Genome = G>>(
        &mut self,
        problem: &mut P,
        budget: Budget,
        rng: &mut Rng,
    ) -> (G, Stats) {
        self.start(problem, rng);
        self.evolve(problem, budget, rng)
    }

    /// A turn's first population: last turn's shifted by a turn, or random plans.
    fn start<P: Problem<Genome = G>>(&mut self, problem: &mut P, rng: &mut Rng) {
        let n = self.settings.population;
        if self.genomes.len() == n {
            for g in &mut self.genomes {
                *g = problem.shift(g, rng);
            }
        } else {
            self.genomes.clear();
            for _ in 0..n {
                self.genomes.push(problem.random(rng));
            }
        }
    }

    /// Scores the population (anew: the problem may have changed since it was last scored),
    /// then evolves it within `budget`. The best plan and the statistics.
    fn evolve<P: Problem<Genome = G>>(
        &mut self,
        problem: &mut P,
        budget: Budget,
        rng: &mut Rng,
    ) -> (G, Stats) {
        let n = self.settings.population;
        let mut stats = Stats::default();
        let started = Instant::now();
        self.scores.clear();
        for g in &self.genomes {
            self.scores.push(problem.evaluate(g));
        }
        stats.rollouts += n as u64 * problem.rollouts();
        self.rank();
        loop {
            // How far through the budget: 0 at the start, 1 at the end.
            let progress = match budget {
                Budget::Rollouts(r) if stats.rollouts >= r => break,
                Budget::Rollouts(r) => stats.rollouts as f64 / r as f64,
                Budget::Generations(g) if stats.generations >= g => break,
                Budget::Generations(g) => stats.generations as f64 / g as f64,
                Budget::Until(deadline) => {
                    let now = Instant::now();
                    if now >= deadline {
                        break;
                    }
                    let whole = deadline.duration_since(started).as_secs_f64();
                    now.duration_since(started).as_secs_f64() / whole
                }
            };
            let s = &self.settings;
            let rate = s.mutation_start + (s.mutation_end - s.mutation_start) * progress.min(1.0);
            self.generation(problem, rate, rng, &mut stats);
        }
        let best = self.order[0];
        stats.best_score = self.scores[best];
        (self.genomes[best], stats)
    }

    /// One generation: elites survive, the rest are children of tournament winners, mutated.
    fn generation<P: Problem<Genome = G>>(
        &mut self,
        problem: &mut P,
        rate: f64,
        rng: &mut Rng,
        stats: &mut Stats,
    ) {
        let n = self.settings.population;
        let elites = self.settings.elites;
        // The next population's slots are overwritten in place: a plan is hundreds of bytes.
        if self.next.len() != n {
            self.next.clone_from(&self.genomes);
        }
        self.next_scores.clear();
        for (slot, &i) in self.next.iter_mut().zip(&self.order[..elites]) {
            *slot = self.genomes[i];
            self.next_scores.push(self.scores[i]);
        }
        let rounds = self.settings.tournament;
        for child in &mut self.next[elites..] {
            let a = self.order[tournament(n, rounds, rng)];
            let b = self.order[tournament(n, rounds, rng)];
            problem.crossover(&self.genomes[a], &self.genomes[b], rng, child);
            problem.mutate(child, rate, rng);
            self.next_scores.push(problem.evaluate(child));
        }
        stats.rollouts += (n - elites) as u64 * problem.rollouts();
        stats.generations += 1;
        std::mem::swap(&mut self.genomes, &mut self.next);
        std::mem::swap(&mut self.scores, &mut self.next_scores);
        self.rank();
    }

    /// Orders the population best first; ties keep their index order, so the search is
    /// reproducible.
    fn rank(&mut self) {
        self.order.clear();
        self.order.extend(0..self.genomes.len());
        let scores = &self.scores;
        for i in 1..self.order.len() {
            let mut k = i;
            while k > 0 && scores[self.order[k - 1]] < scores[self.order[k]] {
                self.order.swap(k - 1, k);
                k -= 1;
            }
        }
    }
}

/// The rank of the best of `rounds` plans drawn at random from a population of `n`.
fn tournament(n: usize, rounds: usize, rng: &mut Rng) -> usize {
    (0..rounds).map(|_| rng.below(n)).min().unwrap_or(0)
}

/// The searches of a contest bot's turn: the opponent's plan first, against a model of ours,
/// then ours against it, and as many rounds of reply as the budgets say
/// ([`Duel::search_replied`]). Both populations carry over from turn to turn, and one random
/// stream feeds both, so that a fixed budget and seed replay a game exactly.
pub struct Duel<G: Copy> {
    mine: Ga<G>,
    theirs: Ga<G>,
    rng: Rng,
}

impl<G: Copy> Duel<G> {
    /// Both searches with these settings, their random stream seeded with `seed`.
    pub fn new(settings: Settings, seed: u64) -> Duel<G> {
        Duel {
            mine: Ga::new(settings),
            theirs: Ga::new(settings),
            rng: Rng::new(seed),
        }
    }

    /// Forgets both populations (a new game).
    pub fn reset(&mut self) {
        self.mine.reset();
        self.theirs.reset();
    }

    /// One turn of our search alone, against a `problem` that foresees the opponent without
    /// searching it: the opponent's population waits untouched.
    pub fn search_ours<P: Problem<Genome = G>>(
        &mut self,
        problem: &mut P,
        budget: Budget,
    ) -> (G, Stats) {
        self.mine.search(problem, budget, &mut self.rng)
    }

    /// Our best plan of the last turn, if there was one: what the opponent's search is run
    /// against, shifted or not.
    pub fn ours_before(&self) -> Option<&G> {
        self.mine.best()
    }

    /// One turn in rounds of two searches: the opponent's plan against `model` (our last plan,
    /// or a guess), ours against it; then, each further round, the opponent's reply to our
    /// newest plan, and ours again against its first plan and that reply. `theirs` makes the
    /// opponent's problem of a plan of ours, `ours` ours of the opponent's first plan and its
    /// newest reply (None in the first round). Each search goes on from its side's last
    /// population; `budgets` holds two a round, the opponent's first. Our plan, and the
    /// statistics of all the searches together, with our last best score.
    pub fn search_replied<P, Q, const N: usize>(
        &mut self,
        budgets: [Budget; N],
        model: &G,
        mut theirs: impl FnMut(&G) -> P,
        mut ours: impl FnMut(&G, Option<&G>) -> Q,
    ) -> (G, Stats)
    where
        P: Problem<Genome = G>,
        Q: Problem<Genome = G>,
    {
        assert!(N >= 2 && N.is_multiple_of(2), "two budgets a round");
        let rng = &mut self.rng;
        let mut problem = theirs(model);
        self.theirs.start(&mut problem, rng);
        let (first, s0) = self.theirs.evolve(&mut problem, budgets[0], rng);
        let mut problem = ours(&first, None);
        self.mine.start(&mut problem, rng);
        let (mut plan, mut stats) = self.mine.evolve(&mut problem, budgets[1], rng);
        stats = stats.and(&s0);
        for round in budgets[2..].chunks(2) {
            let (reply, s) = self.theirs.evolve(&mut theirs(&plan), round[0], rng);
            let (better, s2) = self
                .mine
                .evolve(&mut ours(&first, Some(&reply)), round[1], rng);
            plan = better;
            stats = s2.and(&stats).and(&s);
        }
        (plan, stats)
    }
}

impl Stats {
    /// These statistics with another search's rollouts and generations added (the best score
    /// stays this one's).
    fn and(self, other: &Stats) -> Stats {
        Stats {
            rollouts: self.rollouts + other.rollouts,
            generations: self.generations + other.generations,
            best_score: self.best_score,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Find 8 numbers in [0, 1] close to a target.
    struct Target([f64; 8]);

    impl Problem for Target {
        type Genome = [f64; 8];
        fn random(&self, rng: &mut Rng) -> [f64; 8] {
            std::array::from_fn(|_| rng.unit())
        }
        fn mutate(&self, g: &mut [f64; 8], rate: f64, rng: &mut Rng) {
            for x in g.iter_mut() {
                if rng.unit() < rate {
                    *x = (*x + (rng.unit() - 0.5) * 0.3).clamp(0.0, 1.0);
                }
            }
        }
        fn crossover(&self, a: &[f64; 8], b: &[f64; 8], rng: &mut Rng, child: &mut [f64; 8]) {
            *child = std::array::from_fn(|i| if rng.unit() < 0.5 { a[i] } else { b[i] });
        }
        fn shift(&self, g: &[f64; 8], _: &mut Rng) -> [f64; 8] {
            *g
        }
        fn evaluate(&mut self, g: &[f64; 8]) -> f64 {
            -g.iter()
                .zip(&self.0)
                .map(|(a, b)| (a - b) * (a - b))
                .sum::<f64>()
        }
    }

    /// The phases of a turn take their shares of it in order, the last to the turn's end.
    #[test]
    fn phases_share_a_turn() {
        let started = Instant::now();
        let shares = [0.125, 0.375, 0.125, 0.375];
        assert_eq!(
            Think::Rollouts(1000).phases(false, started, shares),
            [125, 375, 125, 375].map(Budget::Rollouts)
        );
        assert_eq!(
            Think::Rollouts(7).phases(false, started, [0.5, 0.5]),
            [3, 4].map(Budget::Rollouts),
            "the last takes what rounding leaves"
        );
        let think = Think::Millis {
            first: 800,
            later: 80,
        };
        let ms = |b: Budget| match b {
            Budget::Until(end) => end.duration_since(started).as_secs_f64() * 1000.0,
            other => panic!("{other:?} is not a deadline"),
        };
        let ends = think.phases(false, started, shares).map(ms);
        for (end, want) in ends.into_iter().zip([10.0, 40.0, 50.0, 80.0]) {
            assert!((end - want).abs() < 1e-5, "{ends:?}");
        }
        assert_eq!(think.phases(true, started, [0.25, 0.75]).map(ms)[1], 800.0);
    }

    /// A problem whose evaluation plays two rollouts: a budget of rollouts counts both.
    #[test]
    fn a_budget_counts_the_rollouts_of_an_evaluation() {
        struct Twice(Target, u64);
        impl Problem for Twice {
            type Genome = [f64; 8];
            fn random(&self, rng: &mut Rng) -> [f64; 8] {
                self.0.random(rng)
            }
            fn mutate(&self, g: &mut [f64; 8], rate: f64, rng: &mut Rng) {
                self.0.mutate(g, rate, rng)
            }
            fn crossover(&self, a: &[f64; 8], b: &[f64; 8], rng: &mut Rng, c: &mut [f64; 8]) {
                self.0.crossover(a, b, rng, c)
            }
            fn shift(&self, g: &[f64; 8], rng: &mut Rng) -> [f64; 8] {
                self.0.shift(g, rng)
            }
            fn evaluate(&mut self, g: &[f64; 8]) -> f64 {
                self.1 += 1;
                self.0.evaluate(g)
            }
            fn rollouts(&self) -> u64 {
                2
            }
        }
        let mut problem = Twice(Target([0.5; 8]), 0);
        let mut ga = Ga::new(Settings::default());
        let (_, stats) = ga.search(&mut problem, Budget::Rollouts(2000), &mut Rng::new(1));
        // 24 plans scored, then 22 children a generation: 1,000 evaluations and a part of one
        // generation past the budget.
        assert_eq!(stats.rollouts, 2 * problem.1);
        assert!((1000..1000 + 22).contains(&problem.1), "{}", problem.1);
    }

    /// A replied turn: the opponent's search against the model, ours against its plan, its
    /// reply to our plan, ours against both; each on its own budget, reproducibly.
    #[test]
    fn a_replied_turn_searches_four_times_in_order() {
        let run = |seed| {
            let mut duel = Duel::new(Settings::default(), seed);
            let mut asked: Vec<String> = Vec::new();
            let calls = std::cell::RefCell::new(&mut asked);
            let model = [0.9; 8];
            let (plan, stats) = duel.search_replied(
                [100, 300, 100, 300].map(Budget::Rollouts),
                &model,
                |ours| {
                    calls
                        .borrow_mut()
                        .push(format!("theirs against {:.3}", ours[0]));
                    Target(*ours)
                },
                |theirs, reply| {
                    calls.borrow_mut().push(format!(
                        "ours against {:.3} and {:?}",
                        theirs[0],
                        reply.map(|r| format!("{:.3}", r[0]))
                    ));
                    Target(reply.copied().unwrap_or(*theirs))
                },
            );
            (plan, stats, asked)
        };
        let (plan, stats, asked) = run(1);
        assert_eq!(asked.len(), 4, "{asked:?}");
        assert_eq!(asked[0], "theirs against 0.900");
        assert!(asked[1].starts_with("ours against") && asked[1].ends_with("None"));
        assert!(asked[2].starts_with("theirs against") && asked[2] != asked[0]);
        assert!(
            asked[3].ends_with(')'),
            "the reply reaches our last search: {asked:?}"
        );
        // Each search stops within a generation of its budget.
        assert!((800..800 + 4 * 24).contains(&stats.rollouts), "{stats:?}");
        assert_eq!(run(1).0, plan, "reproducible");
    }

    #[test]
    fn converges_and_is_reproducible() {
        let target = [0.1, 0.9, 0.5, 0.3, 0.7, 0.2, 0.8, 0.4];
        let run = |seed| {
            let mut ga = Ga::new(Settings::default());
            let mut rng = Rng::new(seed);
            ga.search(&mut Target(target), Budget::Rollouts(20_000), &mut rng)
        };
        let (best, stats) = run(3);
        assert!(stats.best_score > -1e-3, "score {}", stats.best_score);
        assert!(stats.rollouts >= 20_000 && stats.generations > 100);
        for (b, t) in best.iter().zip(&target) {
            assert!((b - t).abs() < 0.03, "{best:?}");
        }
        let (again, stats2) = run(3);
        assert_eq!(best, again);
        assert_eq!(stats, stats2);
        assert_ne!(run(4).0, best, "another seed, another search");
    }
}
