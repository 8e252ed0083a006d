//! What the CSB bots' unit tests share: a position from a real map, the check that a fixed
//! budget and seed replay a bot's orders, and how straight an order aims at a checkpoint.

use super::step::{self, Command, Thrust};
use super::{Csb, Order, Setup, View, PODS};
use crate::bot::Bot;
use crate::geom::Vec2;

/// Player 0's view of map seed 5 after `turns` turns of every pod making for its checkpoint at
/// thrust 100.
pub(crate) fn view_after(turns: usize) -> View {
    let setup = Setup::from_seed(5);
    let mut s = setup.initial_state();
    for _ in 0..turns {
        let commands: [Command; PODS] = std::array::from_fn(|i| {
            let cp = setup.track.checkpoint(s.pods[i].next_checkpoint());
            Command::toward(cp.x as i32, cp.y as i32, Thrust::Power(100))
        });
        step::step(&setup.track, &mut s, &commands);
    }
    View {
        track: setup.track,
        state: s,
        player: 0,
    }
}

/// Three turns of the bot `seeded(seed)` makes from the same view give the same orders for
/// the same seed, and other orders for another.
pub(crate) fn assert_reproducible<B: Bot<Csb>>(seeded: impl Fn(u64) -> B) {
    let view = view_after(10);
    let orders = |seed| {
        let mut bot = seeded(seed);
        (0..3).map(|_| bot.play(&view, &[])).collect::<Vec<_>>()
    };
    assert_eq!(orders(3), orders(3));
    assert_ne!(orders(3), orders(4), "the seed matters");
}

/// The cosine of the angle between where `order` aims pod `i` of `view` and that pod's next
/// checkpoint: 1 straight at it.
pub(crate) fn cos_to_checkpoint(view: &View, i: usize, order: &Order) -> f64 {
    let pod = &view.state.pods[i];
    let aim = Vec2::new(order.x as f64, order.y as f64) - pod.pos;
    let to_cp = view.track.checkpoint(pod.next_checkpoint()) - pod.pos;
    aim.dot(to_cp) / (aim.norm() * to_cp.norm())
}
