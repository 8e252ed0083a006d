//! A loaded machine on demand: threads that keep cores busy while an arena plays, so that a
//! program's clock can be tried where it will run, on a server whose cores other work shares
//! (a JVM opponent's collector, another game). The answer times the arena reports then show
//! how late a bot's answers come when it waits for a core.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Busy threads, spinning at normal priority from [`Load::start`] until the value is dropped.
pub struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<u64>>,
}

impl Load {
    /// Starts `threads` busy threads (none for 0).
    pub fn start(threads: usize) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..threads)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut spins = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        spins = std::hint::black_box(spins.wrapping_add(1));
                    }
                    spins
                })
            })
            .collect();
        Load { stop, threads }
    }

    /// Stops the threads and returns how many times each went round its loop.
    pub fn stop(mut self) -> Vec<u64> {
        self.halt()
    }

    fn halt(&mut self) -> Vec<u64> {
        self.stop.store(true, Ordering::Relaxed);
        self.threads
            .drain(..)
            .map(|t| t.join().unwrap_or(0))
            .collect()
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.halt();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_threads_spin_until_stopped() {
        let load = Load::start(2);
        std::thread::sleep(std::time::Duration::from_millis(20));
        let spins = load.stop();
        assert_eq!(spins.len(), 2);
        assert!(spins.iter().all(|&n| n > 0), "{spins:?}");
        assert!(Load::start(0).stop().is_empty());
    }
}
