//! The arena's HTML report: one self-contained page (no script, no external file) with player
//! A's W-D-L, Elo and interval, how its games ended, the Elo and the SPRT's LLR over the games
//! as plots, each player's time use, and every game with a link to its replay. It is made from
//! the results alone, so a resumed run or shards merged give the same page as one
//! uninterrupted run.

use super::{ends_report, positions_report, search_use, summarize, time_use, GameResult};
use crate::stats::{verdict_text, Sprt, Summary};
use std::fmt::Write;
use std::path::Path;

/// Escapes text for HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Player A's summary after each complete pair of `results` (sorted by game).
fn by_pair(results: &[GameResult]) -> Vec<Summary> {
    (1..results.len())
        .filter(|&i| results[i].game % 2 == 1 && results[i - 1].game + 1 == results[i].game)
        .map(|i| summarize(&results[..=i]))
        .collect()
}

/// A line plot as inline SVG: `series` of (points, colour), `lines` horizontal markers (value,
/// label), the y range from all of them.
fn plot(title: &str, series: &[(&[f64], &str)], lines: &[(f64, &str)]) -> String {
    let (w, h, pad) = (640.0, 220.0, 40.0);
    let values = series
        .iter()
        .flat_map(|(s, _)| s.iter().copied())
        .chain(lines.iter().map(|l| l.0))
        .filter(|v| v.is_finite());
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (lo.min(0.0) - 1.0, hi.max(0.0) + 1.0)
    };
    let n = series
        .iter()
        .map(|(s, _)| s.len())
        .max()
        .unwrap_or(0)
        .max(2);
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / (n - 1) as f64;
    let y = |v: f64| h - pad - (h - 2.0 * pad) * (v.clamp(lo, hi) - lo) / (hi - lo);
    let mut svg = format!(
        "<figure><figcaption>{}</figcaption><svg viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">",
        esc(title)
    );
    let _ = write!(
        svg,
        "<rect x=\"{pad}\" y=\"{pad}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#ccc\"/>",
        w - 2.0 * pad,
        h - 2.0 * pad
    );
    for (v, label) in lines {
        let _ = write!(
            svg,
            "<line x1=\"{pad}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#999\" stroke-dasharray=\"4\"/>\
             <text x=\"{}\" y=\"{:.1}\" font-size=\"11\">{}</text>",
            w - pad,
            w - pad + 2.0,
            y(*v) + 4.0,
            esc(label),
            y = y(*v)
        );
    }
    for (s, colour) in series {
        let points: Vec<String> = s
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
            .collect();
        let _ = write!(
            svg,
            "<polyline class=\"series\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
            points.join(" ")
        );
    }
    let _ = write!(
        svg,
        "<text x=\"4\" y=\"{:.1}\" font-size=\"11\">{lo:.0}</text><text x=\"4\" y=\"{:.1}\" font-size=\"11\">{hi:.0}</text>\
         <text x=\"{pad}\" y=\"{}\" font-size=\"11\">pair 1</text><text x=\"{}\" y=\"{}\" font-size=\"11\">pair {}</text></svg></figure>",
        y(lo),
        y(hi) + 10.0,
        h - 8.0,
        w - pad - 40.0,
        h - 8.0,
        n
    );
    svg
}

/// The report's page. `replays` is the directory given to `--replays`, if any: each game links
/// to its HTML replay there, or its trace when it has no page.
pub fn html(results: &[GameResult], sprt: Option<&Sprt>, replays: Option<&Path>) -> String {
    // In the order of the games, whatever order they ended in.
    let mut sorted: Vec<GameResult> = results.to_vec();
    sorted.sort_by_key(|r| r.game);
    let results = &sorted[..];
    let summary = summarize(results);
    let (a, b) = sorted
        .first()
        .map(|r| (r.player_a().to_string(), r.opponent().to_string()))
        .unwrap_or_default();
    let mut page = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>botsim arena report</title><style>\
         body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}\
         td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td.l,th.l{text-align:left}\
         .win{background:#e6f4e6}.loss{background:#f8e4e4}figure{margin:1em 0}</style></head><body>",
    );
    let _ = write!(
        page,
        "<h1>Arena report</h1><p id=\"players\">A: <b>{}</b> against B: <b>{}</b></p>",
        esc(&a),
        esc(&b)
    );
    let _ = write!(
        page,
        "<table id=\"summary\"><tr><th>games</th><th>W-D-L</th><th>score</th><th>Elo (95%)</th><th>pentanomial</th></tr>\
         <tr><td>{}</td><td>{}-{}-{}</td><td>{:.1}%</td><td>{}</td><td>{:?}</td></tr></table>",
        summary.games(),
        summary.wins,
        summary.draws,
        summary.losses,
        100.0 * summary.score(),
        summary.elo(),
        summary.pentanomial
    );
    let _ = write!(
        page,
        "<p id=\"ends\">{}</p>",
        esc(ends_report(results).trim_end())
    );
    let positions = positions_report(results);
    if !positions.is_empty() {
        let _ = write!(
            page,
            "<p id=\"positions\">{}</p>",
            esc(positions.trim_end())
        );
    }
    let pairs = by_pair(results);
    let (mut elos, mut los, mut his) = (Vec::new(), Vec::new(), Vec::new());
    for e in pairs.iter().map(Summary::elo) {
        elos.push(e.elo.clamp(-800.0, 800.0));
        los.push(e.lo.clamp(-800.0, 800.0));
        his.push(e.hi.clamp(-800.0, 800.0));
    }
    page.push_str(&plot(
        "Elo of A after each pair, with its 95% interval",
        &[(&elos, "#1f5fbf"), (&los, "#9bb7e3"), (&his, "#9bb7e3")],
        &[(0.0, "0")],
    ));
    if let Some(t) = sprt {
        let llrs: Vec<f64> = pairs.iter().map(|s| t.verdict(s).0).collect();
        let (lower, upper) = t.bounds();
        let (llr, verdict) = t.verdict(&summary);
        let _ = write!(
            page,
            "<p id=\"sprt\">SPRT elo0={} elo1={}: LLR {:.3} in [{:.3}, {:.3}]: {}</p>",
            t.elo0,
            t.elo1,
            llr,
            lower,
            upper,
            esc(verdict_text(verdict))
        );
        page.push_str(&plot(
            "SPRT log-likelihood ratio after each pair",
            &[(&llrs, "#bf5f1f")],
            &[(lower, "H0"), (upper, "H1")],
        ));
    }
    page.push_str(
        "<h2>Time use</h2><table id=\"time\"><tr><th class=\"l\">player</th><th>turns</th><th>median ms</th>\
         <th>p99 ms</th><th>max ms</th><th>first turn max ms</th><th>timeouts</th></tr>",
    );
    for t in time_use(results) {
        let _ = write!(
            page,
            "<tr><td class=\"l\">{}</td><td>{}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{}</td></tr>",
            esc(&t.player),
            t.turns,
            t.median_ms,
            t.p99_ms,
            t.max_ms,
            t.first_max_ms,
            t.timeouts
        );
    }
    let searches = search_use(results);
    if !searches.is_empty() {
        page.push_str(
            "</table><h2>Search</h2><p>From the bots' own reports on stderr, turns after the first.</p>\
             <table id=\"search\"><tr><th class=\"l\">player</th><th>turns</th><th>rollouts a turn</th>\
             <th>rollouts per ms of its clock</th><th>per ms the arena timed</th></tr>",
        );
        for (player, u) in &searches {
            let timed = u
                .per_timed_ms()
                .map_or("-".to_string(), |r| format!("{r:.0}"));
            let _ = write!(
                page,
                "<tr><td class=\"l\">{}</td><td>{}</td><td>{:.0}</td><td>{:.0}</td><td>{timed}</td></tr>",
                esc(player),
                u.reported.turns,
                u.reported.per_turn(),
                u.reported.per_ms()
            );
        }
    }
    page.push_str(
        "</table><h2>Games</h2><table id=\"games\"><tr><th>game</th><th>seed</th><th class=\"l\">seat 0</th>\
         <th class=\"l\">seat 1</th><th>scores</th><th>turns</th><th class=\"l\">end</th><th class=\"l\">errors</th>\
         <th class=\"l\">replay</th></tr>",
    );
    for r in results {
        let class = match r.points_a() {
            p if p > 0.5 => "win",
            p if p < 0.5 => "loss",
            _ => "draw",
        };
        let replay = replays
            .map(|dir| {
                let page = dir.join(format!("game{:06}.html", r.game));
                let trace = dir.join(format!("game{:06}.jsonl.gz", r.game));
                let target = if page.exists() { page } else { trace };
                let href = target.to_string_lossy();
                format!("<a href=\"{}\">replay</a>", esc(&href))
            })
            .unwrap_or_default();
        let _ = write!(
            page,
            "<tr class=\"{class}\"><td>{}</td><td>{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{} - {}</td>\
             <td>{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{replay}</td></tr>",
            r.game,
            r.seed,
            esc(&r.seats[0]),
            esc(&r.seats[1]),
            r.scores[0],
            r.scores[1],
            r.turns,
            esc(&r.reason),
            esc(&r.errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
        );
    }
    page.push_str("</table></body></html>\n");
    page
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::SearchUse;

    fn result(game: usize, scores: [i32; 2]) -> GameResult {
        let (a, b) = ("<bot a>".to_string(), "bot b".to_string());
        GameResult {
            game,
            seed: 100 + game as i64 / 2,
            seats: if game.is_multiple_of(2) {
                [a, b]
            } else {
                [b, a]
            },
            scores,
            turns: 50,
            reason: "score_to_win".to_string(),
            errors: Vec::new(),
            times: vec![vec![9000, 800, 810], vec![9000, 700, 20000]],
            search: Vec::new(),
            position: None,
        }
    }

    #[test]
    fn the_report_shows_the_summary_the_curves_the_times_and_every_game() {
        // A wins games 0, 3 (seat 1) and 4; loses 1 and 2; game 5 is missing (pair 2 is cut).
        let results = vec![
            result(3, [0, 3]),
            result(0, [3, 1]),
            result(1, [3, 0]),
            result(2, [0, 3]),
            result(4, [3, 2]),
        ];
        let sprt = "elo0=0,elo1=30".parse::<Sprt>().unwrap();
        assert!(!html(&results, None, None).contains("<h2>Search</h2>"));
        let mut results = results;
        // Game 0: bot b (seat 1) reported 2 turns of 40,000 rollouts in 130 ms.
        let reported = SearchUse {
            turns: 2,
            rollouts: 80_000,
            ms: 130.0,
        };
        results[1].search = vec![SearchUse::default(), reported];
        let page = html(&results, Some(&sprt), Some(Path::new("replays")));
        assert!(
            page.contains(
                "<tr><td class=\"l\">bot b</td><td>2</td><td>40000</td><td>615</td><td>39</td></tr>"
            ),
            "{page}"
        );
        assert!(!page.contains("<td class=\"l\">&lt;bot a&gt;</td><td>0</td>"));
        assert!(page.contains("A: <b>&lt;bot a&gt;</b> against B: <b>bot b</b>"));
        assert!(page.contains("<td>3-0-2</td><td>60.0%</td>"), "{page}");
        assert!(
            page.contains("<p id=\"ends\">ends of A's games, by the referee's reason: won 3 (score_to_win 3); lost 2 (score_to_win 2)</p>"),
            "{page}"
        );
        assert!(
            !page.contains("id=\"positions\""),
            "no game from a position"
        );
        let mut from = results.clone();
        for r in &mut from {
            r.position = Some(format!("p{} 70", r.game / 2));
        }
        // Each pair from a position of its own: A split pairs 0 and 1 and won game 4.
        let positioned = html(&from, None, None);
        assert!(
            positioned.contains(
                "<p id=\"positions\">from 3 positions: A scored at least half from every one</p>"
            ),
            "{positioned}"
        );
        // Two complete pairs: two points on each curve (Elo, its two bounds, the LLR).
        let curves: Vec<&str> = page.split("class=\"series\"").skip(1).collect();
        assert_eq!(curves.len(), 4);
        for c in curves {
            let points = c
                .split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            assert_eq!(points.split(' ').count(), 2, "{points}");
        }
        assert!(page.contains("id=\"sprt\">SPRT elo0=0 elo1=30: LLR"));
        // Each player's turns after the first: 2 a game, the longest 20000 tenths.
        assert!(
            page.contains("<td class=\"l\">&lt;bot a&gt;</td><td>10</td>"),
            "{page}"
        );
        assert!(page.contains("<td>2000.0</td>"));
        assert_eq!(page.matches("<tr class=\"win\">").count(), 3);
        assert_eq!(page.matches("<tr class=\"loss\">").count(), 2);
        assert!(page.contains("href=\"replays/game000004.jsonl.gz\""));
        // The same results in another order (a resumed run, merged shards): the same page.
        let mut shuffled = results.clone();
        shuffled.reverse();
        assert_eq!(
            html(&shuffled, Some(&sprt), Some(Path::new("replays"))),
            page
        );
    }
}
