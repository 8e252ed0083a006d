//! Plane geometry shared by both games: a `Vec2` of doubles and the time of contact of two
//! moving circles.
//!
//! Every operation is written so that it rounds exactly like the referees' Java code: the
//! components are computed independently, in the same order, with no fused multiply-add.
//! Bundle-safe: std only.

use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// A point or a vector in the plane.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2 {
    /// The horizontal coordinate.
    pub x: f64,
    /// The vertical coordinate.
    pub y: f64,
}

impl Vec2 {
    /// The origin.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    /// The vector (x, y).
    #[inline]
    pub const fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }

    /// The dot product.
    #[inline]
    pub fn dot(self, o: Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// `x^2 + y^2`.
    #[inline]
    pub fn norm2(self) -> f64 {
        self.dot(self)
    }

    /// The Euclidean length, `sqrt(x^2 + y^2)`.
    #[inline]
    pub fn norm(self) -> f64 {
        self.norm2().sqrt()
    }

    /// Distance between two points.
    #[inline]
    pub fn dist(self, o: Vec2) -> f64 {
        (self - o).norm()
    }

    /// The unit vector, each component divided by the length (Java's `normalize`).
    #[inline]
    pub fn normalized(self) -> Vec2 {
        let n = self.norm();
        Vec2::new(self.x / n, self.y / n)
    }

    /// Each component rounded by Java's `Math.round`.
    #[inline]
    pub fn round(self) -> Vec2 {
        // `java::round` of each component, with the fast path's range checked for both at
        // once (every body's coordinates are in it): the same operations side by side, which
        // the compiler makes packed instructions of, one of each for both components.
        use crate::java::{floor, floor_below_limit, FLOOR_LIMIT};
        let y = [self.x + 0.5, self.y + 0.5];
        let [x, y] = if (y[0].abs() < FLOOR_LIMIT) & (y[1].abs() < FLOOR_LIMIT) {
            y.map(floor_below_limit)
        } else {
            y.map(floor)
        };
        Vec2::new(x, y)
    }

    /// Each component truncated toward zero, as Java's `(int)`.
    #[inline]
    pub fn trunc(self) -> Vec2 {
        Vec2::new(crate::java::trunc(self.x), crate::java::trunc(self.y))
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    #[inline]
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl AddAssign for Vec2 {
    #[inline]
    fn add_assign(&mut self, o: Vec2) {
        self.x += o.x;
        self.y += o.y;
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    #[inline]
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Vec2 {
    type Output = Vec2;
    #[inline]
    fn mul(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    #[inline]
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

/// Receives the collisions an engine resolves, as it resolves them: the instant within the turn
/// (0 to 1), the body, the other body (`None`: a wall or a post), and where they touch. The
/// engines' usual steps pass `()`, which does nothing and costs nothing; a replay records into a
/// `Vec`.
pub trait Contacts {
    /// A collision at `time`, between body `a` and body `b` (`None`: a wall or a post), touching at `at`.
    fn contact(&mut self, time: f64, a: usize, b: Option<usize>, at: Vec2);
}

impl Contacts for () {
    #[inline(always)]
    fn contact(&mut self, _: f64, _: usize, _: Option<usize>, _: Vec2) {}
}

/// Collisions as recorded: (time in the turn, body, other body or `None`, where they touched).
pub type ContactLog = Vec<(f64, usize, Option<usize>, Vec2)>;

impl Contacts for ContactLog {
    fn contact(&mut self, time: f64, a: usize, b: Option<usize>, at: Vec2) {
        self.push((time, a, b, at));
    }
}

/// `x.round() as i32` (half away from zero, saturating; NaN gives 0) without the library call
/// that `round` is on the x86-64 baseline: the bots' coordinates for their orders. One
/// truncating conversion, then the fraction it dropped, which is exact (below 2^52 the
/// difference of a double and its truncation is representable; above, there is none).
#[inline]
pub fn round_to_i32(x: f64) -> i32 {
    let t = x as i64;
    let fraction = x - t as f64;
    let r = if fraction >= 0.5 {
        t.saturating_add(1)
    } else if fraction <= -0.5 {
        t.saturating_sub(1)
    } else {
        t
    };
    r.clamp(i32::MIN.into(), i32::MAX.into()) as i32
}

/// The turn from angle `from` to angle `to`, in radians, within [-pi, pi).
#[inline]
pub fn turn_between(from: f64, to: f64) -> f64 {
    use std::f64::consts::{PI, TAU};
    (to - from + PI).rem_euclid(TAU) - PI
}

/// Sine and cosine for the search's fast physics: a two-part reduction by pi/2 and fdlibm's
/// kernel polynomials on [-pi/4, pi/4]. Within an ulp or two of the platform's functions for
/// the angles pods reach (|a| < 10^6), and several times cheaper.
#[allow(clippy::excessive_precision)]
#[inline]
pub fn fast_sin_cos(a: f64) -> (f64, f64) {
    const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
    // pi/2 as a 33-bit head (exact times any k below 2^20) and its tail.
    const PIO2_HI: f64 = 1.570_796_326_734_125_614_17;
    const PIO2_LO: f64 = 6.077_100_506_506_192_249_32e-11;
    const S: [f64; 6] = [
        -1.666_666_666_666_663_243_48e-1,
        8.333_333_333_322_489_461_24e-3,
        -1.984_126_982_985_794_931_34e-4,
        2.755_731_370_707_006_767_89e-6,
        -2.505_076_025_340_686_341_95e-8,
        1.589_690_995_211_550_102_21e-10,
    ];
    const C: [f64; 6] = [
        4.166_666_666_666_660_190_37e-2,
        -1.388_888_888_887_410_957_49e-3,
        2.480_158_728_947_672_941_78e-5,
        -2.755_731_435_139_066_330_35e-7,
        2.087_572_321_298_174_827_90e-9,
        -1.135_964_755_778_819_482_65e-11,
    ];
    // The nearest quadrant k without a conversion: its low bits (two's complement) are those
    // of the rounded sum's mantissa.
    let big = a * TWO_OVER_PI + crate::java::ROUNDER;
    let kf = big - crate::java::ROUNDER;
    let k = big.to_bits();
    let r = (a - kf * PIO2_HI) - kf * PIO2_LO;
    let z = r * r;
    let sin = r + r * z * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
    let cos = 1.0 - 0.5 * z
        + z * z * (C[0] + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * C[5])))));
    // The quadrant without a jump (its branch is unpredictable in a search): odd quadrants swap
    // sine and cosine; quadrants 2 and 3 negate the sine, quadrants 1 and 2 the cosine.
    let swap = k & 1 != 0;
    let (s, c) = if swap { (cos, sin) } else { (sin, cos) };
    let negate = |x: f64, yes: bool| f64::from_bits(x.to_bits() ^ (yes as u64) << 63);
    (negate(s, k & 2 != 0), negate(c, (k + 1) & 2 != 0))
}

/// Sine and cosine of a small angle, |a| <= pi/10 (a pod's turn): Taylor polynomials, within
/// an ulp or two of the platform's functions there, with no range reduction.
#[inline]
pub fn small_sin_cos(a: f64) -> (f64, f64) {
    // Terms to a^13 and a^14: the first left out is below 1e-17 at pi/10.
    const S: [f64; 6] = [
        -1.0 / 6.0,
        1.0 / 120.0,
        -1.0 / 5040.0,
        1.0 / 362_880.0,
        -1.0 / 39_916_800.0,
        1.0 / 6_227_020_800.0,
    ];
    const C: [f64; 7] = [
        -1.0 / 2.0,
        1.0 / 24.0,
        -1.0 / 720.0,
        1.0 / 40_320.0,
        -1.0 / 3_628_800.0,
        1.0 / 479_001_600.0,
        -1.0 / 87_178_291_200.0,
    ];
    let z = a * a;
    let sin = a + a * z * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
    let cos = 1.0
        + z * (C[0] + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * (C[5] + z * C[6]))))));
    (sin, cos)
}

/// `sqrt(d2) <= r`, decided as the referees decide it (with a square root), but taking the
/// square root only in the thin band where squaring `r` could round the answer differently.
#[inline]
pub fn sqrt_le(d2: f64, r: f64) -> bool {
    let r2 = r * r;
    if d2 < r2 * (1.0 - 1e-9) {
        true
    } else if d2 > r2 * (1.0 + 1e-9) {
        false
    } else {
        d2.sqrt() <= r
    }
}

/// When do two circles, at relative position `d` and relative velocity `v` (both "first
/// minus second"), first touch at distance `r`? Solves `|d + v t| = r` by the dot-product
/// quadratic `(v*v) t^2 + 2 (d*v) t + (d*d - r^2) = 0` in half-b form and returns its smaller
/// root, exactly as the referees compute it. `None` when the paths never meet at exactly `r`
/// (a graze, `discriminant == 0`, is not a contact), when there is no relative motion, or when
/// the contact lies outside `(0, limit]`: pairs moving apart and pairs already overlapping
/// (whose smaller root is not positive) are `None`.
#[inline]
pub fn contact_time(d: Vec2, v: Vec2, r: f64, limit: f64) -> Option<f64> {
    let b = d.dot(v);
    if b >= 0.0 {
        // Moving apart (or sideways): the smaller root is not positive.
        return None;
    }
    // Early out, per axis: the gap on one axis cannot close within `limit`. The margin of one
    // unit dwarfs any rounding in the exact roots, so this never rejects a contact.
    if d.x.abs() - v.x.abs() * limit > r + 1.0 || d.y.abs() - v.y.abs() * limit > r + 1.0 {
        return None;
    }
    let a = v.norm2();
    let c = d.norm2() - r * r;
    let delta = b * b - a * c;
    if delta <= 0.0 || a == 0.0 {
        return None;
    }
    let t = (-b - delta.sqrt()) / a;
    if t > 0.0 && t <= limit {
        Some(t)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_to_i32_is_rounding_half_away_from_zero() {
        let edges = [
            0.5,
            -0.5,
            1.5,
            -2.5,
            0.49999999999999994,
            -0.49999999999999994,
            4_503_599_627_370_495.5,
            -4_503_599_627_370_497.0,
            2_147_483_647.4,
            2_147_483_647.5,
            -2_147_483_648.5,
            1e300,
            -1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -0.0,
        ];
        for x in edges {
            assert_eq!(round_to_i32(x), x.round() as i32, "{x}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100_000))]
        #[test]
        fn round_to_i32_matches_round(x in -40_000.0f64..40_000.0, half in 0i32..2) {
            let x = if half == 1 { x.trunc() + 0.5f64.copysign(x) } else { x };
            prop_assert_eq!(round_to_i32(x), x.round() as i32);
        }
    }

    /// `Vec2::round` (both components at once) gives each component what `java::round` gives
    /// it, bit for bit (a sign of zero included), about the limits of the fast path and beyond.
    fn assert_rounds_as_java(x: f64, y: f64) {
        let bits = |v: Vec2| (v.x.to_bits(), v.y.to_bits());
        let v = Vec2::new(x, y);
        let round = Vec2::new(crate::java::round(x), crate::java::round(y));
        assert_eq!(bits(v.round()), bits(round), "{v:?}");
    }

    #[test]
    fn rounding_both_components_is_rounding_each() {
        let limit = crate::java::FLOOR_LIMIT;
        let edges = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -1.5,
            0.49999999999999994,
            -0.49999999999999994,
            -0.7,
            2_147_483_647.9,
            2_147_483_648.0,
            -2_147_483_648.0,
            -2_147_483_648.5,
            -2_147_483_649.0,
            limit - 1.0,
            limit - 0.5,
            limit,
            -limit,
            -limit + 0.5,
            1e300,
            -1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for x in edges {
            for y in edges {
                assert_rounds_as_java(x, y);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        #[test]
        fn rounding_both_components_matches_java(x in -40_000.0f64..40_000.0, y in proptest::num::f64::ANY) {
            assert_rounds_as_java(x, y);
            assert_rounds_as_java(y, x);
        }
    }

    /// The reference: the same quadratic with no early outs.
    fn plain_root(d: Vec2, v: Vec2, r: f64) -> Option<f64> {
        let a = v.norm2();
        let b = d.dot(v);
        let c = d.norm2() - r * r;
        let delta = b * b - a * c;
        if delta <= 0.0 || a == 0.0 {
            return None;
        }
        let rd = delta.sqrt();
        Some(((-b + rd) / a).min((-b - rd) / a))
    }

    fn coord() -> impl Strategy<Value = f64> {
        (-20000i32..20000).prop_map(f64::from)
    }

    fn speed() -> impl Strategy<Value = f64> {
        (-1500i32..1500).prop_map(f64::from)
    }

    #[test]
    fn head_on() {
        let t = contact_time(Vec2::new(-2000.0, 0.0), Vec2::new(1200.0, 0.0), 800.0, 1.0);
        assert_eq!(t, Some(1.0));
        assert_eq!(
            contact_time(Vec2::new(-2000.0, 0.0), Vec2::new(1199.0, 0.0), 800.0, 1.0),
            None
        );
        // Grazing: the paths touch at exactly r with zero discriminant.
        assert_eq!(
            contact_time(
                Vec2::new(-2000.0, 800.0),
                Vec2::new(3000.0, 0.0),
                800.0,
                1.0
            ),
            None
        );
    }

    #[test]
    fn fast_sin_cos_is_within_two_ulps() {
        let ulps = |a: f64, b: f64| (a - b).abs() / f64::EPSILON / a.abs().max(b.abs()).max(1e-300);
        for k in -200_000..200_000 {
            let a = k as f64 * 0.001_37;
            let (s, c) = fast_sin_cos(a);
            let (s0, c0) = a.sin_cos();
            // Relative error near zeros of sin/cos is measured against 1.
            assert!(
                (s - s0).abs() <= 4.0 * f64::EPSILON * s0.abs().max(0.5) || ulps(s, s0) <= 2.0,
                "sin {a}: {s} vs {s0}"
            );
            assert!(
                (c - c0).abs() <= 4.0 * f64::EPSILON * c0.abs().max(0.5) || ulps(c, c0) <= 2.0,
                "cos {a}: {c} vs {c0}"
            );
        }
    }

    #[test]
    fn small_sin_cos_is_within_two_ulps() {
        let limit = std::f64::consts::PI / 10.0;
        for k in -100_000..=100_000 {
            let a = k as f64 / 100_000.0 * limit;
            let (s, c) = small_sin_cos(a);
            let (s0, c0) = a.sin_cos();
            assert!(
                (s - s0).abs() <= 2.0 * f64::EPSILON * s0.abs(),
                "sin {a}: {s} vs {s0}"
            );
            assert!(
                (c - c0).abs() <= 2.0 * f64::EPSILON * c0.abs(),
                "cos {a}: {c} vs {c0}"
            );
        }
    }

    #[test]
    fn sqrt_le_agrees_with_sqrt_at_the_boundary() {
        for r in [600.0f64, 800.0, 400.0, 150.0] {
            let mut x = r * r;
            for _ in 0..1000 {
                assert_eq!(sqrt_le(x, r), x.sqrt() <= r, "x={x} r={r}");
                x = f64::from_bits(x.to_bits() + 1);
            }
            let mut x = r * r;
            for _ in 0..1000 {
                assert_eq!(sqrt_le(x, r), x.sqrt() <= r, "x={x} r={r}");
                x = f64::from_bits(x.to_bits() - 1);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// The early outs never change the answer of the plain quadratic.
        #[test]
        fn same_as_plain_quadratic(dx in coord(), dy in coord(), vx in speed(), vy in speed(),
                                   limit in 0.0f64..=1.0) {
            let (d, v) = (Vec2::new(dx, dy), Vec2::new(vx, vy));
            let plain = plain_root(d, v, 800.0).filter(|&t| t > 0.0 && t <= limit);
            prop_assert_eq!(contact_time(d, v, 800.0, limit), plain);
        }

        /// At the returned time the centres are r apart, and they were farther before it.
        #[test]
        fn root_is_first_contact(dx in coord(), dy in coord(), vx in speed(), vy in speed()) {
            let (d, v) = (Vec2::new(dx, dy), Vec2::new(vx, vy));
            let r = 800.0;
            if let Some(t) = contact_time(d, v, r, 1.0) {
                prop_assert!(t > 0.0 && t <= 1.0);
                let at = (d + v * t).norm();
                prop_assert!((at - r).abs() <= 1e-9 * r, "distance {} at t={}", at, t);
                for k in 0..64 {
                    let s = t * k as f64 / 64.0;
                    prop_assert!((d + v * s).norm() >= r * (1.0 - 1e-9),
                        "contact before t: {} at s={}", (d + v * s).norm(), s);
                }
                prop_assert!(d.norm() > r * (1.0 - 1e-12));
            }
        }

        /// Separating pairs, and pairs whose closest approach stays beyond r, never touch.
        #[test]
        fn misses_return_none(dx in coord(), dy in coord(), vx in speed(), vy in speed()) {
            let (d, v) = (Vec2::new(dx, dy), Vec2::new(vx, vy));
            let r = 800.0;
            let separating = d.dot(v) >= 0.0;
            let a = v.norm2();
            let closest = if a == 0.0 { d.norm() } else {
                let s = (-d.dot(v) / a).clamp(0.0, 1.0);
                (d + v * s).norm()
            };
            if separating || closest > r * (1.0 + 1e-9) {
                prop_assert_eq!(contact_time(d, v, r, 1.0), None);
            }
        }
    }
}
