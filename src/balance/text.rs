//! The report as text: what `tatsu balance` prints.
use super::compare::Comparison;
use super::report::Report;
use std::fmt::Write as _;

pub fn render(r: &Report) -> String {
    let mut t = String::new();
    let run = &r.run;
    let level = match (run.nodes, run.depth) {
        (0, Some(d)) => format!("depth {d}"),
        (n, Some(d)) => format!("{n} nodes (±20%), depth at most {d}"),
        (n, None) => format!("{n} nodes (±20%)"),
    };
    let _ = writeln!(
        t,
        "balance {}: {} of {} games, seed {}, {} per move, {} random opening plies, at most {} plies",
        r.variant, r.games, run.games, run.seed, level, run.opening_plies, run.max_plies
    );
    let s = &r.score;
    let _ = writeln!(
        t,
        "first player ({}): +{} ={} -{} of {} finished games; score {:.1}% (95% CI {:.1}% to {:.1}%), draws {:.1}%",
        r.first_player,
        s.wins,
        s.draws,
        s.losses,
        r.finished,
        s.score * 100.0,
        s.low * 100.0,
        s.high * 100.0,
        s.draw_rate * 100.0
    );
    if r.unfinished > 0 {
        let _ = writeln!(
            t,
            "unfinished (stopped at the ply limit, not scored): {}",
            r.unfinished
        );
    }
    if let Some(warning) = super::depth::warning(&r.depth, run.nodes) {
        let _ = writeln!(t, "warning: {warning}");
    }
    t += "\nhow the games ended:\n";
    for e in &r.endings {
        let _ = writeln!(t, "  {:>5}  {}", e.games, e.text);
    }
    length(&mut t, r);
    pieces(&mut t, r);
    if !r.zones.is_empty() {
        t +=
            "\nper zone (after the opening): promotions, drops, moves under the zone's own rules\n";
        let w = r
            .zones
            .iter()
            .map(|z| z.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        let _ = writeln!(
            t,
            "  {:<w$} {:>10} {:>8} {:>10}",
            "zone", "promotions", "drops", "zone moves"
        );
        for z in &r.zones {
            let _ = writeln!(
                t,
                "  {:<w$} {:>10} {:>8} {:>10}",
                z.name, z.promotions, z.drops, z.zone_moves
            );
        }
    }
    values(&mut t, r);
    t
}

fn length(t: &mut String, r: &Report) {
    let l = &r.length;
    let _ = writeln!(
        t,
        "\nlength in plies: min {}, quartiles {} / {} / {}, max {}, mean {}",
        l.min, l.q1, l.median, l.q3, l.max, l.mean
    );
    let most = l
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1);
    for b in &l.histogram {
        let bar = "#".repeat(((b.games * 40).div_ceil(most)) as usize);
        let range = if b.to - b.from == 1 {
            b.from.to_string()
        } else {
            format!("{}-{}", b.from, b.to - 1)
        };
        let _ = writeln!(t, "  {range:>11} {:>5} {bar}", b.games);
    }
}

fn pieces(t: &mut String, r: &Report) {
    t.push_str("\nper piece type (after the opening):\n");
    let w = r
        .pieces
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(
        t,
        "  {:<4} {:<w$} {:>7} {:>7} {:>8} {:>8} {:>6} {:>9} {:>7} {:>11}",
        "sym",
        "name",
        "moves",
        "/game",
        "captures",
        "captured",
        "promos",
        "drops",
        "sq/move",
        "never moved"
    );
    for p in &r.pieces {
        let never = if p.games_present == 0 {
            "absent".to_string()
        } else {
            format!("{:.0}%", p.never_moved * 100.0)
        };
        let _ = writeln!(
            t,
            "  {:<4} {:<w$} {:>7} {:>7.1} {:>8} {:>8} {:>6} {:>9} {:>7.2} {:>11}",
            p.symbol,
            p.name,
            p.moves,
            p.moves_per_game,
            p.captures,
            p.captured,
            p.promotions,
            p.drops,
            p.distance_per_move,
            never
        );
    }
}

fn values(t: &mut String, r: &Report) {
    let Some(v) = &r.values else {
        let _ = writeln!(
            t,
            "\npiece values from play: no piece type differed in material in {} or more finished games, nothing to fit",
            super::fit::MIN_GAMES
        );
        return;
    };
    let _ = writeln!(
        t,
        "\npiece values from play: logistic fit of the first player's score on the material difference, {} samples \
         (every {} plies) from {} finished games; ±1 standard error, cluster-robust by game",
        v.samples, v.every_plies, v.games
    );
    if !v.trusted {
        let _ = writeln!(
            t,
            "  CAUTION: {} games for {} coefficients; these error bars need 10 games per coefficient to be trusted",
            v.games,
            v.pieces.len() + 1
        );
    }
    match v.scale {
        Some(s) => {
            let _ = writeln!(
                t,
                "  (centipawns = log-odds × {s}, the scale that best matches the static values)"
            );
        }
        None => t.push_str("  (the fit disagrees with the static values in sign: log-odds only)\n"),
    }
    let _ = writeln!(
        t,
        "  {:<4} {:>7} {:>16} {:>18} {:>8}",
        "sym", "static", "log-odds", "fitted", "samples"
    );
    for p in &v.pieces {
        let fitted = match (p.fitted, p.fitted_se) {
            (Some(f), Some(e)) => format!("{f:.0} ± {e:.0}"),
            _ => "-".into(),
        };
        let _ = writeln!(
            t,
            "  {:<4} {:>7} {:>16} {:>18} {:>8}",
            p.symbol,
            p.static_value,
            format!("{:.3} ± {:.3}", p.beta, p.se),
            fitted,
            p.games_nonzero
        );
    }
}

/// A comparison: both reports' headlines and the differences with their significance.
pub fn render_comparison(c: &Comparison) -> String {
    let mut t = String::new();
    let line = |r: &Report| {
        format!(
            "{}: {} games, first player {:.1}% (95% CI {:.1}% to {:.1}%), draws {:.1}%, median length {}",
            r.variant,
            r.games,
            r.score.score * 100.0,
            r.score.low * 100.0,
            r.score.high * 100.0,
            r.score.draw_rate * 100.0,
            r.length.median
        )
    };
    let _ = writeln!(t, "base:  {}", line(&c.base));
    let _ = writeln!(t, "other: {}", line(&c.other));
    let s = &c.score;
    let _ = writeln!(
        t,
        "first-player score, other - base: {:+.1} points (95% CI {:+.1} to {:+.1}), z = {:.2}, p = {:.3}{}",
        s.diff * 100.0,
        s.low * 100.0,
        s.high * 100.0,
        s.z,
        s.p,
        if s.p < 0.05 { " (significant at 5%)" } else { " (not significant at 5%)" }
    );
    let l = &c.length;
    let _ = writeln!(
        t,
        "mean length, other - base: {:+.1} plies (95% CI {:+.1} to {:+.1}), z = {:.2}, p = {:.3}",
        l.diff, l.low, l.high, l.z, l.p
    );
    t
}
