//! Fuzzed readers: the order parsers of both games, the trace reader and the arena's results
//! reader (with the reports made from what it reads) get generated input and must answer, never
//! panic. The input is a real line (an order, a recorded game, a game's result) cut, spliced and
//! sprinkled with the tokens that break parsers, so that the cases reach past the first field.
//!
//! `BOTSIM_FUZZ_CASES` sets the cases per reader: 20,000 by default, a million for a real run:
//! `BOTSIM_FUZZ_CASES=1000000 cargo test --release --test fuzz`.

use botsim::arena;
use botsim::games::GameKind;
use botsim::trace::{self, Trace};
use proptest::prelude::*;
use std::io::Write;
use std::sync::OnceLock;

fn cases() -> u32 {
    std::env::var("BOTSIM_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Pieces that break parsers: numbers at and past the limits, JSON's punctuation and keywords,
/// whitespace of every kind, characters that are more than one byte.
const TOKENS: &[&str] = &[
    "",
    "0",
    "-1",
    "-0",
    "1e999",
    "-1e999",
    "NaN",
    "2147483648",
    "-2147483649",
    "99999999999999999999999",
    "0.5",
    "\"",
    "\\",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "true",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\u{85}",
    "\u{2028}",
    "é",
    "\u{0}",
    "MOVE",
    "THROW",
    "BOOST",
    "SHIELD",
    "ACCIO",
    "FLIPENDO",
    "PETRIFICUS",
    "OBLIVIATE",
    "\"times\"",
    "\"turns\"",
];

/// One change to a text, at a position taken modulo its length.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, &'static str),
    Replace(usize, &'static str),
    InsertChar(usize, char),
    Cut(usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let token = prop::sample::select(TOKENS);
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(p, n)| Edit::Delete(p, n)),
        (any::<usize>(), token.clone()).prop_map(|(p, t)| Edit::Insert(p, t)),
        (any::<usize>(), token).prop_map(|(p, t)| Edit::Replace(p, t)),
        (any::<usize>(), any::<char>()).prop_map(|(p, c)| Edit::InsertChar(p, c)),
        any::<usize>().prop_map(Edit::Cut),
        (any::<usize>(), 1usize..60).prop_map(|(p, n)| Edit::Duplicate(p, n)),
    ]
}

/// `base` with the edits applied, in order.
fn apply(base: &str, edits: &[Edit]) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for e in edits {
        let at = |p: usize, s: &Vec<char>| p % (s.len() + 1);
        match *e {
            Edit::Delete(p, n) => {
                let a = at(p, &s);
                let b = (a + n).min(s.len());
                s.drain(a..b);
            }
            Edit::Insert(p, t) => {
                let a = at(p, &s);
                s.splice(a..a, t.chars());
            }
            Edit::Replace(p, t) => {
                let a = at(p, &s);
                let b = (a + 1).min(s.len());
                s.splice(a..b, t.chars());
            }
            Edit::InsertChar(p, c) => {
                let a = at(p, &s);
                s.insert(a, c);
            }
            Edit::Cut(p) => {
                let a = at(p, &s);
                s.truncate(a);
            }
            Edit::Duplicate(p, n) => {
                let a = at(p, &s);
                let b = (a + n).min(s.len());
                let copy: Vec<char> = s[a..b].to_vec();
                s.splice(b..b, copy);
            }
        }
    }
    s.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(edit(), 0..6)
}

const CSB_ORDERS: &[&str] = &[
    "8000 4500 100",
    "8000 4500 BOOST go",
    "-12 7 SHIELD",
    "0 0 0 a message with spaces",
];

const FB_ORDERS: &[&str] = &[
    "MOVE 100 200 150",
    "THROW 16000 3750 500 shot",
    "FLIPENDO 5",
    "ACCIO 7 come here",
    "PETRIFICUS 2",
    "OBLIVIATE 12",
];

/// Two short recorded games, one of each, as trace lines: the bases of the trace cases.
fn trace_lines() -> &'static [String; 2] {
    static LINES: OnceLock<[String; 2]> = OnceLock::new();
    LINES.get_or_init(|| {
        let short = |mut t: Trace| {
            t.turns.truncate(3);
            serde_json::to_string(&t).expect("a trace serializes")
        };
        let (mut a, mut b) = (
            botsim_core::csb::racer::Racer::default(),
            botsim_core::csb::racer::Racer::default(),
        );
        let csb = botsim::games::csb::referee::play(
            &botsim::games::csb::referee::GameSpec::Seed(5),
            [&mut a, &mut b],
            true,
        )
        .expect("a CSB game");
        let (mut a, mut b) = (
            botsim_core::fb::chaser::Chaser::default(),
            botsim_core::fb::chaser::Chaser::default(),
        );
        let fb = botsim::games::fb::referee::play(5, [&mut a, &mut b], true).expect("an FB game");
        [
            short(csb.trace.expect("recorded")),
            short(fb.trace.expect("recorded")),
        ]
    })
}

/// A results file of four games of each game, as the arena writes it: the base of the results
/// cases.
fn results_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut text = String::new();
        for (game, players) in [
            (GameKind::Csb, ["builtin:racer", "builtin:interceptor"]),
            (GameKind::Fb, ["builtin:chaser", "builtin:chaser:accio=1"]),
        ] {
            let cfg = arena::Config::new(game, players.map(|p| p.parse().unwrap()).to_vec(), 4, 9);
            for g in 0..4 {
                let (r, _) = arena::play_game(&cfg, g).expect("a game");
                text.push_str(&serde_json::to_string(&r).expect("a result serializes"));
                text.push('\n');
            }
        }
        text
    })
}

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(text).expect("gzip in memory");
    gz.finish().expect("gzip in memory")
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn csb_orders(base in prop::sample::select(CSB_ORDERS), e in edits()) {
        let line = apply(base, &e);
        let _ = botsim_core::csb::parse_order(&line);
    }

    #[test]
    fn fb_orders(base in prop::sample::select(FB_ORDERS), e in edits()) {
        let line = apply(base, &e);
        let _ = botsim_core::fb::parse_action(&line);
    }

    #[test]
    fn traces(which in 0..2usize, e in edits(), zipped in any::<bool>(), flips in prop::collection::vec((any::<usize>(), any::<u8>()), 0..3)) {
        let text = apply(&trace_lines()[which], &e);
        let mut bytes = if zipped { gzip(text.as_bytes()) } else { text.into_bytes() };
        // Damage to the compressed stream too.
        for (p, b) in flips {
            if !bytes.is_empty() {
                let k = p % bytes.len();
                bytes[k] ^= b;
            }
        }
        if let Ok(games) = trace::read_bytes(&bytes) {
            for g in &games {
                prop_assert_eq!(&g.format, trace::FORMAT);
            }
        }
    }

    #[test]
    fn results(e in edits()) {
        let text = apply(results_text(), &e);
        if let Ok(rs) = arena::results::parse(&text, "fuzz") {
            let summary = arena::summarize(&rs);
            let _ = botsim::stats::report(&summary, None);
            let _ = arena::time_report(&rs);
            let _ = arena::ratings_report(&rs);
        }
    }
}

#[test]
fn the_bases_are_read_whole() {
    // The cases start from input the readers accept, so that edits reach every field.
    let csb = botsim_core::csb::parse_order(CSB_ORDERS[1]);
    assert!(csb.is_ok(), "{csb:?}");
    for line in FB_ORDERS {
        assert!(botsim_core::fb::parse_action(line).is_ok(), "{line}");
    }
    for line in trace_lines() {
        let games = trace::read_bytes(line.as_bytes()).expect("a trace line");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].turns.len(), 3);
    }
    let rs = arena::results::parse(results_text(), "base").expect("results");
    assert_eq!(rs.len(), 8);
    let s = arena::summarize(&rs[..4]);
    assert_eq!(s.wins + s.draws + s.losses, 4);
}
