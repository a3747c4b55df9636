//! The report as one self-contained HTML page, its charts SVG drawn here from the report's numbers.
use super::report::Report;
use std::fmt::Write as _;

const WIDTH: f64 = 640.0;
const STYLE: &str = "body{font:14px/1.4 sans-serif;max-width:720px;margin:2em auto;color:#222}\
h1{font-size:22px}h2{font-size:17px;margin-top:1.6em}table{border-collapse:collapse;font-size:13px}\
td,th{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd}td:first-child,th:first-child,\
td:nth-child(2){text-align:left}svg{display:block;margin:.5em 0}.note{color:#666;font-size:12px}\
.warning{background:#fff4d6;border-left:4px solid #d9a400;padding:4px 8px}";

/// Escapes text for HTML and SVG.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub fn render(r: &Report) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Balance: {}</title><style>{STYLE}</style>\
         </head><body><h1>Balance: {}</h1>",
        esc(&r.title),
        esc(&r.title)
    );
    let run = &r.run;
    let _ = write!(
        h,
        "<p>{} of {} games, seed {}, {} nodes per move (±20%){}, {} random opening plies, at most {} plies. \
         {} finished, {} unfinished.</p>",
        r.games,
        run.games,
        run.seed,
        run.nodes,
        run.depth.map_or(String::new(), |d| format!(", depth at most {d}")),
        run.opening_plies,
        run.max_plies,
        r.finished,
        r.unfinished
    );
    if let Some(warning) = super::depth::warning(&r.depth, run.nodes) {
        let _ = write!(
            h,
            "<p class=\"warning\"><b>Warning:</b> {}.</p>",
            esc(&warning)
        );
    }
    score_chart(&mut h, r);
    h += "<h2>How the games ended</h2><table><tr><th>ending</th><th></th><th>games</th></tr>";
    for e in &r.endings {
        let _ = write!(
            h,
            "<tr><td>{}</td><td></td><td>{}</td></tr>",
            esc(&e.text),
            e.games
        );
    }
    h += "</table>";
    length_chart(&mut h, r);
    piece_chart(&mut h, r);
    piece_table(&mut h, r);
    values_chart(&mut h, r);
    h += "</body></html>\n";
    h
}

fn score_chart(h: &mut String, r: &Report) {
    let s = &r.score;
    let x = |p: f64| 20.0 + p * (WIDTH - 40.0);
    let _ = write!(
        h,
        "<h2>First player ({}): score {:.1}%, 95% interval {:.1}% to {:.1}%, draws {:.1}%</h2>\
         <svg width=\"{WIDTH}\" height=\"70\" viewBox=\"0 0 {WIDTH} 70\" role=\"img\">\
         <rect x=\"{}\" y=\"20\" width=\"{}\" height=\"16\" fill=\"#cfe0f5\"/>\
         <line x1=\"{}\" y1=\"10\" x2=\"{}\" y2=\"46\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\
         <circle cx=\"{}\" cy=\"28\" r=\"6\" fill=\"#1f5fa8\"/>",
        r.first_player,
        s.score * 100.0,
        s.low * 100.0,
        s.high * 100.0,
        s.draw_rate * 100.0,
        x(s.low),
        x(s.high) - x(s.low),
        x(0.5),
        x(0.5),
        x(s.score)
    );
    for tick in 0..=10 {
        let p = f64::from(tick) / 10.0;
        let _ = write!(
            h,
            "<line x1=\"{0}\" y1=\"46\" x2=\"{0}\" y2=\"50\" stroke=\"#444\"/>\
             <text x=\"{0}\" y=\"64\" font-size=\"11\" text-anchor=\"middle\">{1}%</text>",
            x(p),
            tick * 10
        );
    }
    let _ = write!(
        h,
        "<line x1=\"{}\" y1=\"46\" x2=\"{}\" y2=\"46\" stroke=\"#444\"/></svg>\
         <p class=\"note\">The dot is the score (draws count half) over finished games; the band its Wilson 95% \
         interval; the dashed line an even game.</p>",
        x(0.0),
        x(1.0)
    );
}

fn length_chart(h: &mut String, r: &Report) {
    let l = &r.length;
    let _ = write!(
        h,
        "<h2>Length: median {} plies (quartiles {} and {}), from {} to {}</h2>",
        l.median, l.q1, l.q3, l.min, l.max
    );
    let bins = l.histogram.len().max(1) as f64;
    let most = l
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    // Room above the tallest bar for its count.
    let (left, top, height) = (40.0, 22.0, 160.0);
    let bar = (WIDTH - left - 10.0) / bins;
    let _ = write!(
        h,
        "<svg width=\"{WIDTH}\" height=\"222\" viewBox=\"0 0 {WIDTH} 222\" role=\"img\">"
    );
    for (i, b) in l.histogram.iter().enumerate() {
        let bh = b.games as f64 / most * height;
        let x = left + i as f64 * bar;
        let _ =
            write!(
            h,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"#4a8c5c\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            x + 1.0,
            top + height - bh,
            bar - 2.0,
            x + bar / 2.0,
            top + height - bh - 3.0,
            if b.games > 0 { b.games.to_string() } else { String::new() },
            top + height + 16.0,
            b.from
        );
    }
    let _ = write!(
        h,
        "<line x1=\"{left}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"#444\"/>\
         <text x=\"{2}\" y=\"217\" font-size=\"11\" text-anchor=\"middle\">plies (games per bar above it)</text></svg>",
        top + height,
        WIDTH - 10.0,
        WIDTH / 2.0
    );
}

/// Horizontal bars per piece type: moves per game, with captures and times captured beside.
fn piece_chart(h: &mut String, r: &Report) {
    let rows: Vec<_> = r.pieces.iter().filter(|p| p.games_present > 0).collect();
    let games = r.games.max(1) as f64;
    let most = rows
        .iter()
        .map(|p| {
            p.moves_per_game
                .max(p.captures as f64 / games)
                .max(p.captured as f64 / games)
        })
        .fold(0.0, f64::max)
        .max(0.1);
    let (left, row) = (150.0, 30.0);
    let scale = (WIDTH - left - 50.0) / most;
    let height = rows.len() as f64 * row + 30.0;
    let _ = write!(
        h,
        "<h2>Per piece type, per game: moves (blue), captures made (orange), times captured (grey)</h2>\
         <svg width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\">"
    );
    for (i, p) in rows.iter().enumerate() {
        let y = i as f64 * row + 4.0;
        let values = [
            (p.moves_per_game, "#1f5fa8"),
            (p.captures as f64 / games, "#e08a1e"),
            (p.captured as f64 / games, "#999"),
        ];
        let _ = write!(
            h,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{} {}</text>",
            left - 6.0,
            y + 14.0,
            esc(&p.symbol),
            esc(&p.name)
        );
        for (j, (v, colour)) in values.iter().enumerate() {
            let _ = write!(
                h,
                "<rect x=\"{left}\" y=\"{:.1}\" width=\"{:.1}\" height=\"7\" fill=\"{colour}\"/>",
                y + j as f64 * 8.0,
                v * scale
            );
        }
        let _ = write!(
            h,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{:.1}</text>",
            left + p.moves_per_game * scale + 4.0,
            y + 7.0,
            p.moves_per_game
        );
    }
    h.push_str("</svg>");
}

fn piece_table(h: &mut String, r: &Report) {
    h.push_str(
        "<table><tr><th>piece</th><th>name</th><th>moves</th><th>captures</th><th>captured</th>\
         <th>promotions</th><th>drops</th><th>squares/move</th><th>never moved</th></tr>",
    );
    for p in &r.pieces {
        let never = if p.games_present == 0 {
            "absent".into()
        } else {
            format!("{:.0}%", p.never_moved * 100.0)
        };
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td>\
             <td>{never}</td></tr>",
            esc(&p.symbol),
            esc(&p.name),
            p.moves,
            p.captures,
            p.captured,
            p.promotions,
            p.drops,
            p.distance_per_move
        );
    }
    h.push_str("</table>");
    if !r.zones.is_empty() {
        h.push_str("<h2>Per zone</h2><table><tr><th>zone</th><th></th><th>promotions</th><th>drops</th><th>zone moves</th></tr>");
        for z in &r.zones {
            let _ = write!(
                h,
                "<tr><td>{}</td><td></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&z.name),
                z.promotions,
                z.drops,
                z.zone_moves
            );
        }
        h.push_str("</table>");
    }
}

/// Fitted values with ±1 standard error bars beside the static estimates (squares).
fn values_chart(h: &mut String, r: &Report) {
    let Some(v) = &r.values else {
        let _ = write!(
            h,
            "<h2>Piece values from play</h2><p>No piece type differed in material in {} or more finished games: nothing to fit.</p>",
            super::fit::MIN_GAMES
        );
        return;
    };
    let Some(_) = v.scale else {
        h.push_str("<h2>Piece values from play</h2><p>The fit disagrees with the static values in sign.</p>");
        return;
    };
    let spans = v.pieces.iter().map(|p| {
        let f = p.fitted.unwrap_or(0.0);
        let e = p.fitted_se.unwrap_or(0.0);
        (f - e)
            .abs()
            .max((f + e).abs())
            .max(f64::from(p.static_value))
    });
    let top = spans.fold(100.0, f64::max).min(4000.0);
    let (left, row) = (60.0, 24.0);
    let x =
        |cp: f64| left + 10.0 + (cp.clamp(-top, top) + top) / (2.0 * top) * (WIDTH - left - 30.0);
    let height = v.pieces.len() as f64 * row + 30.0;
    let _ = write!(
        h,
        "<h2>Piece values from play (circles, ±1 standard error) and the static estimate (squares), centipawns</h2>\
         <svg width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\">\
         <line x1=\"{0}\" y1=\"0\" x2=\"{0}\" y2=\"{1}\" stroke=\"#bbb\"/>",
        x(0.0),
        height - 20.0
    );
    for (i, p) in v.pieces.iter().enumerate() {
        let y = i as f64 * row + 12.0;
        let (f, e) = (p.fitted.unwrap_or(0.0), p.fitted_se.unwrap_or(0.0));
        let _ = write!(
            h,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{}</text>\
             <line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#1f5fa8\" stroke-width=\"2\"/>\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"#1f5fa8\"/>\
             <rect x=\"{:.1}\" y=\"{:.1}\" width=\"8\" height=\"8\" fill=\"#e08a1e\"/>",
            left,
            y + 4.0,
            esc(&p.symbol),
            x(f - e),
            x(f + e),
            x(f),
            x(f64::from(p.static_value)) - 4.0,
            y - 4.0
        );
    }
    let _ = write!(
        h,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">0</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{top:.0}</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">-{top:.0}</text></svg>\
         <p class=\"note\">{} samples from {} finished games{}. Types whose material differed in fewer than 10 games are \
         left out. See docs/balance.md for how many games a fit needs.</p>",
        x(0.0),
        height - 6.0,
        x(top),
        height - 6.0,
        x(-top),
        height - 6.0,
        v.samples,
        v.games,
        if v.trusted {
            ""
        } else {
            ": too few games per coefficient, so these bars are narrower than the truth"
        }
    );
}
