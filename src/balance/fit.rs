//! Piece values from play: a logistic regression of the first player's final score on the material difference
//! per piece type, sampled every few plies of every finished game.
//!
//! The model is `P(first player scores) = σ(b₀ + Σ βₜ·Δₜ)`, Δₜ the first player's pieces of type `t` (board and
//! hand) minus the second player's; a draw counts as half a point (a fractional response, fitted by Newton's
//! method on the binomial log-likelihood). βₜ is what one more piece of type `t` adds to the log-odds of scoring.
//! The samples of one game are not independent, so the standard errors are cluster-robust by game (the sandwich
//! `H⁻¹ (Σ_g s_g s_gᵀ) H⁻¹`, s_g a game's score vector): honest, and wide when the games are few.
use super::tally::Sample;

/// A small ridge on the Hessian, so that a type whose difference never varies (or always varies with another's)
/// does not make the system singular; it shrinks such coefficients towards 0.
const RIDGE: f64 = 1e-3;
const ITERATIONS: usize = 50;
/// A type is fitted only if its difference was non-zero in at least this many games: a coefficient resting on
/// fewer clusters has a standard error that means nothing.
pub const MIN_GAMES: usize = 10;
/// The cluster-robust errors are trustworthy only with many more games than coefficients (they are biased low
/// with few clusters); below this many games per coefficient the report says so.
pub const GAMES_PER_COEFFICIENT: usize = 10;

/// One type's fitted coefficient (log-odds per piece) and its standard error.
#[derive(Clone, Debug)]
pub struct Coefficient {
    /// Index into the piece types.
    pub piece: usize,
    pub beta: f64,
    pub se: f64,
    /// Samples, and games, in which this type's difference was not zero.
    pub samples_nonzero: usize,
    pub games_nonzero: usize,
}

/// The fit: one coefficient per type whose difference was ever non-zero, and how much data it used.
#[derive(Clone, Debug)]
pub struct Fit {
    pub coefficients: Vec<Coefficient>,
    pub samples: usize,
    pub games: usize,
    /// Enough games per coefficient for the standard errors to be taken at their word.
    pub trusted: bool,
}

/// Fits the model; `None` when there is nothing to fit (no samples, or no type differed in `MIN_GAMES` games).
pub fn fit(samples: &[Sample], types: usize) -> Option<Fit> {
    let games_nonzero = |t: usize| {
        let mut ids: Vec<u64> = samples
            .iter()
            .filter(|s| s.diff[t] != 0)
            .map(|s| s.game)
            .collect();
        ids.dedup();
        ids.len()
    };
    let used: Vec<usize> = (0..types)
        .filter(|&t| games_nonzero(t) >= MIN_GAMES)
        .collect();
    if samples.is_empty() || used.is_empty() {
        return None;
    }
    let k = used.len() + 1;
    let row = |s: &Sample| -> Vec<f64> {
        std::iter::once(1.0)
            .chain(used.iter().map(|&t| f64::from(s.diff[t])))
            .collect()
    };
    let rows: Vec<Vec<f64>> = samples.iter().map(row).collect();
    let mut beta = vec![0.0; k];
    let mut hessian = vec![vec![0.0; k]; k];
    for _ in 0..ITERATIONS {
        let mut gradient = vec![0.0; k];
        hessian = ridge(k);
        for (x, s) in rows.iter().zip(samples) {
            let mu = sigmoid(dot(x, &beta));
            let w = mu * (1.0 - mu);
            for i in 0..k {
                gradient[i] += x[i] * (s.score - mu);
                for j in 0..k {
                    hessian[i][j] += w * x[i] * x[j];
                }
            }
        }
        for (i, g) in gradient.iter_mut().enumerate() {
            *g -= RIDGE * beta[i];
        }
        let step = solve(&hessian, &gradient)?;
        let size = step.iter().map(|s| s.abs()).fold(0.0, f64::max);
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s.clamp(-5.0, 5.0);
        }
        if size < 1e-9 {
            break;
        }
    }
    let inverse = invert(&hessian)?;
    let meat = cluster_meat(&rows, samples, &beta);
    let covariance = multiply(&multiply(&inverse, &meat), &inverse);
    let games = {
        let mut ids: Vec<u64> = samples.iter().map(|s| s.game).collect();
        ids.dedup();
        ids.len()
    };
    Some(Fit {
        coefficients: used
            .iter()
            .enumerate()
            .map(|(i, &t)| Coefficient {
                piece: t,
                beta: beta[i + 1],
                se: covariance[i + 1][i + 1].max(0.0).sqrt(),
                samples_nonzero: samples.iter().filter(|s| s.diff[t] != 0).count(),
                games_nonzero: games_nonzero(t),
            })
            .collect(),
        samples: samples.len(),
        trusted: games >= GAMES_PER_COEFFICIENT * k,
        games,
    })
}

/// Σ over games of s_g s_gᵀ, s_g the sum of a game's samples' score contributions (samples arrive game by game).
fn cluster_meat(rows: &[Vec<f64>], samples: &[Sample], beta: &[f64]) -> Vec<Vec<f64>> {
    let k = beta.len();
    let mut meat = vec![vec![0.0; k]; k];
    let mut i = 0;
    while i < samples.len() {
        let game = samples[i].game;
        let mut score = vec![0.0; k];
        while i < samples.len() && samples[i].game == game {
            let residual = samples[i].score - sigmoid(dot(&rows[i], beta));
            for (s, x) in score.iter_mut().zip(&rows[i]) {
                *s += x * residual;
            }
            i += 1;
        }
        for a in 0..k {
            for b in 0..k {
                meat[a][b] += score[a] * score[b];
            }
        }
    }
    meat
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn ridge(k: usize) -> Vec<Vec<f64>> {
    (0..k)
        .map(|i| (0..k).map(|j| if i == j { RIDGE } else { 0.0 }).collect())
        .collect()
}

fn multiply(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = b[0].len();
    a.iter()
        .map(|row| {
            (0..n)
                .map(|j| row.iter().zip(b).map(|(x, r)| x * r[j]).sum())
                .collect()
        })
        .collect()
}

/// Solves `a x = b` by Gauss–Jordan elimination with partial pivoting; `None` if `a` is singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let inverse = invert(a)?;
    Some(inverse.iter().map(|row| dot(row, b)).collect())
}

fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let p = m[col][col];
        for v in m[col].iter_mut() {
            *v /= p;
        }
        for r in 0..n {
            if r != col {
                let f = m[r][col];
                if f != 0.0 {
                    let pivot_row = m[col].clone();
                    for (v, pv) in m[r].iter_mut().zip(&pivot_row) {
                        *v -= f * pv;
                    }
                }
            }
        }
    }
    Some(m.into_iter().map(|r| r[n..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples drawn from a known model are fitted back within their standard errors.
    #[test]
    fn logistic_fit_recovers_a_known_coefficient() {
        let mut rng = crate::rng::SplitMix64::new(3);
        let true_beta = 0.8;
        let samples: Vec<Sample> = (0..4000)
            .map(|g| {
                let d = rng.below(5) as i32 - 2;
                let p = sigmoid(true_beta * f64::from(d));
                let u = rng.next_u64() as f64 / u64::MAX as f64;
                Sample {
                    game: g,
                    diff: vec![d, 0],
                    score: if u < p { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let fit = fit(&samples, 2).expect("a fit");
        assert_eq!(fit.coefficients.len(), 1, "the constant type is left out");
        let c = &fit.coefficients[0];
        assert!((c.beta - true_beta).abs() < 3.0 * c.se, "{c:?}");
        assert!(c.se > 0.01 && c.se < 0.1, "{c:?}");
    }
}
