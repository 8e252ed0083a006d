//! Progress of a long run (an arena's games, a tune's iterations). On a terminal, a bar. Anywhere
//! else (a log file, `nohup`, CI) a bar shows nothing until the run ends, so there a plain line
//! goes to stderr at each tenth of the run and at most once a minute between them: a run of an
//! hour left in the background says how far it is.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often, at most, a line is written between the tenths of a run when stderr is no terminal.
const EVERY: Duration = Duration::from_secs(60);

/// A run's progress, shown as the run goes.
pub struct Progress {
    /// What is counted (`games`, `iterations`).
    unit: &'static str,
    total: u64,
    /// On a terminal, the bar; else lines.
    bar: Option<indicatif::ProgressBar>,
    started: Instant,
    /// When the last line was written, and at what count.
    last: (Instant, u64),
    /// The count at the first update less one: what an earlier run did (`--resume`), left out
    /// of the rate.
    before: Option<u64>,
}

impl Progress {
    /// The progress of a run of `total` of `unit`.
    pub fn new(total: u64, unit: &'static str) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total);
            bar.set_style(
                indicatif::ProgressStyle::with_template(&format!(
                    "{{bar:30}} {{pos}}/{{len}} {unit}  {{msg}}  [{{elapsed_precise}}, eta {{eta}}]"
                ))
                .expect("a valid template"),
            );
            bar
        });
        let now = Instant::now();
        Progress {
            unit,
            total,
            bar,
            started: now,
            last: (now, 0),
            before: None,
        }
    }

    /// `done` of the run's total are done; `message` says how it stands (made only when shown).
    pub fn update(&mut self, done: u64, message: impl FnOnce() -> String) {
        let before = *self.before.get_or_insert(done.saturating_sub(1));
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            bar.set_message(message());
            return;
        }
        let tenth = |n: u64| n * 10 / self.total.max(1);
        let (at, count) = self.last;
        let due = tenth(done) > tenth(count) || (done > count && at.elapsed() >= EVERY);
        if !due {
            return;
        }
        self.last = (Instant::now(), done);
        let elapsed = self.started.elapsed();
        let now_done = done.saturating_sub(before);
        let eta = if now_done > 0 && done < self.total {
            let left = elapsed.as_secs_f64() * (self.total - done) as f64 / now_done as f64;
            format!(", eta {}", clock(Duration::from_secs_f64(left)))
        } else {
            String::new()
        };
        eprintln!(
            "{done}/{} {}  {}  [{}{eta}]",
            self.total,
            self.unit,
            message(),
            clock(elapsed)
        );
    }

    /// The run has ended: the bar goes (the lines stay).
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A duration as `h:mm:ss`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duration_reads_as_hours_minutes_seconds() {
        assert_eq!(clock(Duration::from_secs(0)), "0:00:00");
        assert_eq!(clock(Duration::from_secs(59)), "0:00:59");
        assert_eq!(clock(Duration::from_secs(3 * 3600 + 7 * 60 + 5)), "3:07:05");
    }
}
