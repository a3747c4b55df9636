//! The sequential probability ratio test of `tatsu match --sprt ELO0 ELO1`: after each pair of games (one opening,
//! each engine White once) the log-likelihood ratio of "the first engine is ELO1 stronger" against "it is ELO0
//! stronger", and the verdict once it crosses a bound.
//!
//! The test is the generalised SPRT on the pentanomial distribution of game pairs, as fastchess computes it with
//! its `logistic` model (and OpenBench): the five outcomes of a pair score 0, 1/4, 1/2, 3/4 or 1 for the first
//! engine, and the likelihood under each hypothesis is that of the maximum-likelihood distribution whose mean
//! score is the hypothesis's logistic score `1 / (1 + 10^(-elo/400))` (M. Van den Bergh, "Comments on Normalized
//! Elo", proposition 1.1). Pairs, not games, because the two games of an opening are correlated: a trinomial test
//! counts them as independent and overstates the variance. The Elo is the same logistic Elo the match summary
//! prints. Bounds are Wald's: `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.

/// How far `--sprt`'s Elo bounds may go: past it a hypothesis's score is so close to 0 or 1 that no match of
/// up to a million games tells it from a sweep.
pub const MAX_SPRT_ELO: f64 = 1000.0;

/// The test's settings, checked.
#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The LLR at or below which H0 (the first engine is ELO0 stronger) is accepted.
    pub lower: f64,
    /// The LLR at or above which H1 (ELO1 stronger) is accepted.
    pub upper: f64,
}

/// What the test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    H0,
    H1,
}

/// Game pairs counted by the first engine's points in the pair: `[0, 1/2, 1, 3/2, 2]` (loss-loss, loss-draw,
/// win-loss or draw-draw, win-draw, win-win).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// The score of each pentanomial outcome, per game.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Sprt {
    /// The test for `--sprt ELO0 ELO1 --alpha A --beta B`; why the numbers do not make one.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        for (name, elo) in [("ELO0", elo0), ("ELO1", elo1)] {
            if elo.is_nan() || elo.abs() > MAX_SPRT_ELO {
                return Err(format!(
                    "--sprt's {name} `{elo}` is not an Elo difference from -{MAX_SPRT_ELO} to {MAX_SPRT_ELO}"
                ));
            }
        }
        if elo0 >= elo1 {
            return Err(format!(
                "--sprt {elo0} {elo1}: ELO0 must be below ELO1 (H0 is the weaker hypothesis)"
            ));
        }
        for (name, p) in [("--alpha", alpha), ("--beta", beta)] {
            if p.is_nan() || p <= 0.0 || p >= 1.0 {
                return Err(format!(
                    "{name} `{p}` is not a probability between 0 and 1 (exclusive)"
                ));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(format!(
                "--alpha {alpha} and --beta {beta} add up to 1 or more: the test could accept both hypotheses"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        })
    }

    /// The log-likelihood ratio of H1 against H0 given the pairs played.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.0.map(|n| n as f64);
        llr_logistic(
            &counts,
            &PAIR_SCORES,
            logistic_score(self.elo0),
            logistic_score(self.elo1),
        )
    }

    /// The hypothesis accepted at this LLR, if it has crossed a bound.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        if llr >= self.upper {
            Some(Verdict::H1)
        } else if llr <= self.lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// A match's test under way: the pairs completed and the games whose partner is still being played.
pub struct SprtRun {
    test: Sprt,
    pairs: Pentanomial,
    /// The first engine's half-points in the game of each pair that finished first, by pair number.
    waiting: std::collections::HashMap<usize, u8>,
}

impl SprtRun {
    pub fn new(test: Sprt) -> SprtRun {
        SprtRun {
            test,
            pairs: Pentanomial::default(),
            waiting: std::collections::HashMap::new(),
        }
    }

    /// Counts game `game`'s result (the first engine's half-points, 0 to 2); when it completes its pair, prints
    /// the LLR line. Whether the test has decided.
    pub fn add(&mut self, game: usize, points: u8) -> bool {
        let Some(other) = self.waiting.remove(&(game / 2)) else {
            self.waiting.insert(game / 2, points);
            return false;
        };
        self.pairs.0[usize::from(points + other).min(4)] += 1;
        let llr = self.test.llr(&self.pairs);
        let verdict = self.test.verdict(llr);
        outln!(
            "{}{}",
            self.llr_text(llr),
            match verdict {
                Some(v) => format!(": {}, stopping", verdict_text(v)),
                None => String::new(),
            }
        );
        verdict.is_some()
    }

    /// `SPRT [0, 10]: LLR 1.23 (-2.94, 2.94) after 12 pairs`.
    fn llr_text(&self, llr: f64) -> String {
        format!(
            "SPRT [{}, {}]: LLR {llr:.2} ({:.2}, {:.2}) after {} pair{}",
            self.test.elo0,
            self.test.elo1,
            self.test.lower,
            self.test.upper,
            self.pairs.pairs(),
            if self.pairs.pairs() == 1 { "" } else { "s" }
        )
    }

    /// The summary's lines: the pairs by score, the final LLR and the verdict.
    pub fn report(&self) -> String {
        let llr = self.test.llr(&self.pairs);
        let [ll, ld, even, wd, ww] = self.pairs.0;
        format!(
            "pairs by the first engine's points (0, 1/2, 1, 3/2, 2): [{ll}, {ld}, {even}, {wd}, {ww}]\n{}: {}",
            self.llr_text(llr),
            match self.test.verdict(llr) {
                Some(v) => verdict_text(v).to_string(),
                None => "no decision".to_string(),
            }
        )
    }
}

fn verdict_text(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::H0 => "H0 accepted",
        Verdict::H1 => "H1 accepted",
    }
}

/// The expected score per game of a side `elo` stronger.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The GSPRT's LLR for outcomes scoring `scores` seen `counts` times, between the mean scores `s0` and `s1`. An
/// outcome never seen counts as 0.001 of a time (as fastchess does), so that the maximum-likelihood distributions
/// are defined and an all-wins run still moves the test.
pub fn llr_logistic(counts: &[f64], scores: &[f64], s0: f64, s1: f64) -> f64 {
    let counts: Vec<f64> = counts
        .iter()
        .map(|&n| if n == 0.0 { 1e-3 } else { n })
        .collect();
    let total: f64 = counts.iter().sum();
    let observed: Vec<f64> = counts.iter().map(|n| n / total).collect();
    let p0 = closest_with_mean(&observed, scores, s0);
    let p1 = closest_with_mean(&observed, scores, s1);
    total
        * observed
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(q, (a, b))| q * (b.ln() - a.ln()))
            .sum::<f64>()
}

/// The distribution over `scores` of mean `s` that is most likely to have produced the frequencies `observed`:
/// `p_i = q_i / (1 + theta (a_i - s))` with `theta` the root of `sum q_i (a_i - s) / (1 + theta (a_i - s)) = 0`.
/// That sum falls strictly from +inf to -inf between `-1 / (max a - s)` and `-1 / (min a - s)`, so bisection finds
/// the root; every `q_i` is positive and `s` lies strictly between the extreme scores.
fn closest_with_mean(observed: &[f64], scores: &[f64], s: f64) -> Vec<f64> {
    let max = scores.iter().copied().fold(f64::MIN, f64::max);
    let min = scores.iter().copied().fold(f64::MAX, f64::min);
    let slope = |theta: f64| -> f64 {
        observed
            .iter()
            .zip(scores)
            .map(|(q, a)| q * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (max - s), -1.0 / (min - s));
    // 200 halvings take the interval below f64's resolution.
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if slope(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let theta = 0.5 * (low + high);
    observed
        .iter()
        .zip(scores)
        .map(|(q, a)| q / (1.0 + theta * (a - s)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// fastchess's own test cases (github.com/Disservin/fastchess, app/tests/sprt_test.cpp, "logistic
    /// pentanomial 1" and "2", model `logistic`, alpha = beta = 0.05), which it checks to within 1%. Its `Stats`
    /// takes LL, LD, WL, DD, WD, WW; WL and DD are one outcome here.
    #[test]
    fn pentanomial_llr_matches_fastchess_logistic_model() {
        let cases = [
            ([223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5, -3.07),
            ([871, 26175, 55003 + 980, 26678, 821], 0.0, 2.0, -4.98),
        ];
        for (counts, elo0, elo1, expected) in cases {
            let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
            let llr = sprt.llr(&Pentanomial(counts));
            assert!(
                (llr - expected).abs() <= 0.01 * expected.abs(),
                "{counts:?} [{elo0}, {elo1}]: LLR {llr}, fastchess {expected}"
            );
        }
    }

    /// fastchess's "logistic trinomial 1" (same file): 21404 wins, 21184 losses, 40708 draws, [0.5, 2.5] gives
    /// -1.57; the same maximum-likelihood computation on three outcomes.
    #[test]
    fn trinomial_llr_matches_fastchess_logistic_model() {
        let counts = [21184.0, 40708.0, 21404.0];
        let llr = llr_logistic(
            &counts,
            &[0.0, 0.5, 1.0],
            logistic_score(0.5),
            logistic_score(2.5),
        );
        assert!((llr - -1.57).abs() <= 0.0157, "LLR {llr}");
    }

    /// Wald's bounds at alpha = beta = 0.05 are the ±2.94 every fastchess and cutechess report prints.
    #[test]
    fn bounds_are_walds() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert!((sprt.lower - -2.944).abs() < 1e-3 && (sprt.upper - 2.944).abs() < 1e-3);
        assert_eq!(sprt.verdict(3.0), Some(Verdict::H1));
        assert_eq!(sprt.verdict(-3.0), Some(Verdict::H0));
        assert_eq!(sprt.verdict(0.0), None);
    }

    /// A sweep of won pairs accepts H1 and a sweep of lost pairs H0; nothing played is no evidence.
    #[test]
    fn one_sided_results_decide_the_test() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let won = sprt.llr(&Pentanomial([0, 0, 0, 0, 500]));
        let lost = sprt.llr(&Pentanomial([500, 0, 0, 0, 0]));
        assert_eq!(sprt.verdict(won), Some(Verdict::H1), "LLR {won}");
        assert_eq!(sprt.verdict(lost), Some(Verdict::H0), "LLR {lost}");
        assert!(sprt.llr(&Pentanomial::default()).abs() < 1e-9);
    }

    #[test]
    fn settings_that_make_no_test_are_refused() {
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5000.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 1.0).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
    }
}
