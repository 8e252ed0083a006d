//! The Fantastic Bits game state: `Copy`, fixed size. Every moving body (4 wizards, up to 7
//! snaffles, 2 bludgers) lives in one array of slots, so the collision engine can treat them
//! alike; what is particular to each kind lives beside it.

use crate::geom::Vec2;

/// Slots of the bodies: wizards 0..4, snaffles 4..11, bludgers 11..13.
pub const WIZARDS: usize = 4;
/// Snaffles a game can have.
pub const MAX_SNAFFLES: usize = 7;
/// The first snaffle's slot.
pub const FIRST_SNAFFLE: usize = WIZARDS;
/// The first bludger's slot.
pub const FIRST_BLUDGER: usize = FIRST_SNAFFLE + MAX_SNAFFLES;
/// Slots in all.
pub const BODIES: usize = FIRST_BLUDGER + 2;

/// A moving circle's position and speed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Body {
    /// Where its centre is.
    pub pos: Vec2,
    /// How far it moves this turn, before collisions.
    pub vel: Vec2,
}

/// The four spells, in the order their countdowns are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spell {
    /// Pulls a snaffle or bludger toward the caster (15 magic, 6 turns).
    Accio = 0,
    /// Pushes a snaffle, bludger or opponent wizard away from the caster (20 magic, 3 turns).
    Flipendo = 1,
    /// Stops a snaffle, bludger or opponent wizard: its speed becomes zero (10 magic, 1 turn).
    Petrificus = 2,
    /// Keeps a bludger from targeting the caster's team (5 magic, 4 turns).
    Obliviate = 3,
}

impl Spell {
    /// Every spell, in storage order.
    pub const ALL: [Spell; 4] = [
        Spell::Accio,
        Spell::Flipendo,
        Spell::Petrificus,
        Spell::Obliviate,
    ];

    /// Magic it costs.
    pub fn cost(self) -> i32 {
        match self {
            Spell::Accio => 15,
            Spell::Flipendo => 20,
            Spell::Petrificus => 10,
            Spell::Obliviate => 5,
        }
    }

    /// Turns it acts, starting the turn after it is cast.
    pub fn duration(self) -> u8 {
        match self {
            Spell::Accio => 6,
            Spell::Flipendo => 3,
            Spell::Petrificus => 1,
            Spell::Obliviate => 4,
        }
    }

    /// The keyword in an order line.
    pub fn keyword(self) -> &'static str {
        match self {
            Spell::Accio => "ACCIO",
            Spell::Flipendo => "FLIPENDO",
            Spell::Petrificus => "PETRIFICUS",
            Spell::Obliviate => "OBLIVIATE",
        }
    }
}

/// A spell's effect in progress: turns left and the target's slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Turns left; 0: no effect.
    pub countdown: u8,
    /// The target's slot.
    pub target: Option<u8>,
}

/// What a wizard has beyond its body.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wizard {
    /// Turns before it may grab again (decremented at the start of each turn's physics).
    pub grab_cooldown: i8,
    /// The snaffle (slot) it grabbed during the last movement.
    pub holding: Option<u8>,
    /// Effects by [`Spell`] index.
    pub effects: [Effect; 4],
    /// Spells paid this turn, to act from the next.
    pub pending: [bool; 4],
    /// Target (slot) of its latest valid spell command, paid or not.
    pub spell_target: Option<u8>,
    /// This turn's acceleration from MOVE.
    pub accel: Vec2,
}

/// What a snaffle has beyond its body.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Snaffle {
    /// False once scored; a scored snaffle keeps drifting and only bludgers meet it.
    pub alive: bool,
    /// Held by a wizard.
    pub captured: bool,
    /// Snaffles it passes through, after a release left them overlapping.
    pub ignore: IgnoreList,
    /// This turn's acceleration from a THROW.
    pub accel: Vec2,
}

/// The referee's ignore list of a snaffle: other snaffles (by index among the snaffles), in the
/// order they were added, duplicates kept (two releases of an overlapping pair add it twice).
/// Fixed capacity: past it a duplicate is not added again, which changes nothing but how the
/// list is recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IgnoreList {
    items: [u8; 15],
    len: u8,
}

impl IgnoreList {
    /// Whether snaffle `k` is on the list.
    #[inline]
    pub fn contains(&self, k: usize) -> bool {
        self.as_slice().contains(&(k as u8))
    }

    /// Adds snaffle `k` (a full list keeps what it has).
    pub fn push(&mut self, k: usize) {
        if (self.len as usize) < self.items.len() {
            self.items[self.len as usize] = k as u8;
            self.len += 1;
        } else {
            debug_assert!(self.contains(k), "ignore list full of distinct snaffles");
        }
    }

    /// Keeps the entries for which `keep` holds, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if keep(self.items[i] as usize) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }

    /// The snaffles listed, in order.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
}

/// What a bludger has beyond its body.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bludger {
    /// The last wizard (slot) it hit, ever.
    pub last_victim: Option<u8>,
}

/// A team's score and magic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Goals, or -1 once eliminated.
    pub score: i32,
    /// Magic points, for spells.
    pub magic: i32,
    /// Eliminated for invalid output or silence.
    pub dead: bool,
}

/// Everything in a game of Fantastic Bits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    /// Every body's position and speed, by slot.
    pub bodies: [Body; BODIES],
    /// What the wizards have beyond their bodies.
    pub wizards: [Wizard; WIZARDS],
    /// What the snaffles have beyond their bodies.
    pub snaffles: [Snaffle; MAX_SNAFFLES],
    /// What the bludgers have beyond their bodies.
    pub bludgers: [Bludger; 2],
    /// Each team's score and magic.
    pub players: [Player; 2],
    /// Snaffles in this game: 5 or 7.
    pub snaffle_count: u8,
    /// Goals that win: 3 with 5 snaffles, 4 with 7.
    pub score_to_win: i32,
    /// Turns played.
    pub round: u8,
    /// No snaffle was left in play at the start of the last turn's movement.
    pub no_snaffles_left: bool,
}

impl State {
    /// Slots of this game's snaffles.
    #[inline]
    pub fn snaffle_slots(&self) -> std::ops::Range<usize> {
        FIRST_SNAFFLE..FIRST_SNAFFLE + self.snaffle_count as usize
    }

    /// Whether the snaffle in slot `k` is free: still in play and held by no one, so that a
    /// wizard can run for it, grab it or cast on it. (A test in the loop over
    /// [`State::snaffle_slots`], not a filtering iterator: that one cost the search 5% more
    /// instructions.)
    #[inline]
    pub fn snaffle_free(&self, k: usize) -> bool {
        let sn = &self.snaffles[k - FIRST_SNAFFLE];
        sn.alive && !sn.captured
    }

    /// The id players see for a slot: wizards 0..4, snaffles 4.., bludgers after them.
    #[inline]
    pub fn id_of(&self, slot: usize) -> i32 {
        if slot < FIRST_BLUDGER {
            slot as i32
        } else {
            (slot - FIRST_BLUDGER) as i32 + FIRST_SNAFFLE as i32 + self.snaffle_count as i32
        }
    }

    /// The slot of an id, if such an entity exists.
    #[inline]
    pub fn slot_of(&self, id: i32) -> Option<usize> {
        let n = self.snaffle_count as i32;
        match id {
            0..=3 => Some(id as usize),
            _ if id >= 4 && id < 4 + n => Some(id as usize),
            _ if id >= 4 + n && id < 6 + n => Some(FIRST_BLUDGER + (id - 4 - n) as usize),
            _ => None,
        }
    }

    /// The team a wizard slot plays for.
    #[inline]
    pub fn team(wizard: usize) -> usize {
        wizard / 2
    }

    /// The snaffle slot a wizard holds.
    #[inline]
    pub fn held(&self, wizard: usize) -> Option<usize> {
        self.wizards[wizard].holding.map(usize::from)
    }
}
