//! The statistics the reports use: Wilson's score interval, quantiles, the normal distribution, and the
//! two-sample tests of `--compare`.

/// The 97.5% quantile of the standard normal distribution: a 95% two-sided interval is ±`Z95` standard errors.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson's score interval for a proportion `p` observed over `n` trials, at ±`z` (Wilson 1927). Unlike the
/// normal approximation it stays inside [0, 1] and is sound for small `n` and for `p` near 0 or 1. Draws enter
/// as half a win, so `p` is the score and `n` the finished games.
pub fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The `q`-quantile of sorted values by linear interpolation between order statistics (Hyndman and Fan's type 7,
/// the default of R and NumPy).
pub fn quantile(sorted: &[u32], q: f64) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n => {
            let h = (n - 1) as f64 * q;
            let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
            f64::from(sorted[lo]) + (h - lo as f64) * f64::from(sorted[hi] - sorted[lo])
        }
    }
}

/// The complementary error function, to about 1e-7 relative error (Numerical Recipes' Chebyshev fit `erfcc`).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The two-sided p-value of a standard normal statistic `z`.
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// A difference between two samples: the difference, its 95% interval, the test statistic and its p-value.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    pub diff: f64,
    pub low: f64,
    pub high: f64,
    pub z: f64,
    pub p: f64,
}

/// The two-proportion z-test of `p2 - p1` (pooled variance for the test, unpooled for the interval).
pub fn two_proportions(p1: f64, n1: f64, p2: f64, n2: f64) -> Difference {
    let diff = p2 - p1;
    let pooled = (p1 * n1 + p2 * n2) / (n1 + n2).max(1.0);
    let se_test = (pooled * (1.0 - pooled) * (1.0 / n1.max(1.0) + 1.0 / n2.max(1.0))).sqrt();
    let se = (p1 * (1.0 - p1) / n1.max(1.0) + p2 * (1.0 - p2) / n2.max(1.0)).sqrt();
    let z = if se_test > 0.0 { diff / se_test } else { 0.0 };
    Difference {
        diff,
        low: diff - Z95 * se,
        high: diff + Z95 * se,
        z,
        p: if se_test > 0.0 { two_sided_p(z) } else { 1.0 },
    }
}

/// The difference of two means (`b - a`) with Welch's standard error and a normal test (the samples of a balance
/// run are large enough that Student's correction does not matter at the precision printed).
pub fn two_means(a: &[u32], b: &[u32]) -> Difference {
    let stats = |v: &[u32]| {
        let n = v.len().max(1) as f64;
        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
        let var = v
            .iter()
            .map(|&x| (f64::from(x) - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        (mean, var / n)
    };
    let ((ma, va), (mb, vb)) = (stats(a), stats(b));
    let se = (va + vb).sqrt();
    let diff = mb - ma;
    let z = if se > 0.0 { diff / se } else { 0.0 };
    Difference {
        diff,
        low: diff - Z95 * se,
        high: diff + Z95 * se,
        z,
        p: if se > 0.0 { two_sided_p(z) } else { 1.0 },
    }
}

/// Rounds for reports, so that a report's text does not depend on the last bits of a floating-point sum.
pub fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erfc_matches_known_values() {
        // erfc(0) = 1, erfc(1) = 0.157299207..., erfc(-1) = 1.842700792...
        assert!((erfc(0.0) - 1.0).abs() < 1e-7);
        assert!((erfc(1.0) - 0.157_299_207).abs() < 1e-7);
        assert!((erfc(-1.0) - 1.842_700_793).abs() < 1e-7);
        assert!((two_sided_p(Z95) - 0.05).abs() < 1e-6);
    }

    #[test]
    fn quantiles_interpolate_between_order_statistics() {
        let v = [1, 2, 3, 4];
        assert_eq!(quantile(&v, 0.5), 2.5);
        assert_eq!(quantile(&v, 0.25), 1.75);
        assert_eq!(quantile(&[7], 0.9), 7.0);
    }
}
