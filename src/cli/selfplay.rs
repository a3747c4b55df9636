//! `tatsu selfplay`: random games that check the executor's invariants at every ply and tally how games end.
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::process::ExitCode;
use tatsu::engine::{Move, Outcome, Position, Reason};
use tatsu::rules::Side;

/// Play games of uniformly random legal moves, checking the executor's invariants at every ply, and summarise how
/// the games ended. A quick smoke test of a new variant file's end rules.
///
/// At every ply: every legal move, played and taken back, restores the FEN and the hash, and leaves the mover's
/// royal piece unattacked; the chosen move is `is_legal`, its UCI text parses back to it, and the position after it
/// round-trips through FEN with the same hash. A violation is reported with the FEN and the move, and the command
/// then exits with status 1.
///
/// Examples:
///   tatsu selfplay ryugi --games 100 --seed 1
///   tatsu selfplay chess --games 20 --max-plies 200 --json
///   tatsu selfplay path/to/my-variant.tatsu --games 50 --fen "..."
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct SelfplayArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// How many games to play.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// The random seed: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game that has not ended after this many plies (it counts as unfinished).
    #[arg(long, default_value_t = 500)]
    pub max_plies: u32,
    /// Start every game from this position instead of the game's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// SplitMix64: a small, good-enough generator that makes runs reproducible without a dependency.
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (n > 0), by rejection so that no index is favoured.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// How games ended, in the order the summary lists them.
const ENDINGS: [(&str, &str); 11] = [
    ("checkmate", "checkmate"),
    ("stalemate", "stalemate"),
    ("repetition", "repetition"),
    ("perpetual_check", "perpetual check"),
    ("move_limit", "move limit"),
    ("bare_king", "bare king"),
    ("insufficient_material", "insufficient material"),
    ("extinction", "extinction"),
    ("flag", "flag zone reached"),
    ("check_limit", "check limit"),
    ("unfinished", "unfinished at max plies"),
];

const UNFINISHED: usize = ENDINGS.len() - 1;

fn ending_index(outcome: Option<Outcome>) -> usize {
    match outcome.map(|o| o.reason) {
        Some(Reason::Checkmate) => 0,
        Some(Reason::Stalemate) => 1,
        Some(Reason::Repetition) => 2,
        Some(Reason::PerpetualCheck) => 3,
        Some(Reason::MoveLimit) => 4,
        Some(Reason::BareKing) => 5,
        Some(Reason::InsufficientMaterial) => 6,
        Some(Reason::Extinction) => 7,
        Some(Reason::Flag) => 8,
        Some(Reason::CheckLimit) => 9,
        None => UNFINISHED,
    }
}

/// One broken invariant.
pub struct Violation {
    pub game: u32,
    pub ply: u32,
    pub fen: String,
    pub mv: Option<String>,
    pub what: String,
}

/// What a run of games came to.
#[derive(Default)]
pub struct Summary {
    pub games: u32,
    pub plies: u64,
    pub shortest: Option<u32>,
    pub longest: u32,
    pub endings: [u32; ENDINGS.len()],
    pub white_wins: u32,
    pub black_wins: u32,
    pub draws: u32,
    pub violations: Vec<Violation>,
}

pub fn run(args: SelfplayArgs) -> ExitCode {
    let engine = match super::common::load_engine(&args.variant) {
        Ok(engine) => engine,
        Err(code) => return code,
    };
    let start = match super::position::setup(&engine, args.fen.as_deref(), &[]) {
        Ok(pos) => pos,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let bar = progress_bar(args.games);
    let clock = std::time::Instant::now();
    let mut summary = Summary::default();
    for game in 0..args.games {
        let mut rng =
            SplitMix64::new(args.seed ^ u64::from(game).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut pos = start.clone();
        let (plies, outcome) = play_game(
            &mut pos,
            &mut rng,
            game + 1,
            args.max_plies,
            &mut summary.violations,
        );
        summary.games += 1;
        summary.plies += u64::from(plies);
        summary.shortest = Some(summary.shortest.map_or(plies, |s| s.min(plies)));
        summary.longest = summary.longest.max(plies);
        summary.endings[ending_index(outcome)] += 1;
        match outcome {
            Some(Outcome {
                winner: Some(Side::White),
                ..
            }) => summary.white_wins += 1,
            Some(Outcome {
                winner: Some(Side::Black),
                ..
            }) => summary.black_wins += 1,
            Some(Outcome { winner: None, .. }) => summary.draws += 1,
            None => {}
        }
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    for v in &summary.violations {
        eprintln!(
            "violation in game {} at ply {}: {}\n  FEN: {}{}",
            v.game,
            v.ply,
            v.what,
            v.fen,
            v.mv.as_ref()
                .map(|m| format!("\n  move: {m}"))
                .unwrap_or_default()
        );
    }
    let name = &args.variant;
    if args.json {
        outln!("{}", to_json(name, &args, &summary));
    } else {
        out!("{}", to_text(name, &args, &summary));
    }
    if std::io::stderr().is_terminal() {
        let seconds = clock.elapsed().as_secs_f64();
        eprintln!(
            "{seconds:.2} s, {:.0} plies/s",
            summary.plies as f64 / seconds.max(1e-9)
        );
    }
    if summary.violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Plays one random game from `pos`, checking invariants; returns the plies played and the outcome (`None` when
/// stopped at `max_plies` or by a violation).
pub fn play_game(
    pos: &mut Position,
    rng: &mut SplitMix64,
    game: u32,
    max_plies: u32,
    violations: &mut Vec<Violation>,
) -> (u32, Option<Outcome>) {
    for ply in 0..max_plies {
        if let Some(outcome) = pos.outcome() {
            return (ply, Some(outcome));
        }
        let moves = pos.legal_move_list();
        if moves.is_empty() {
            violations.push(Violation {
                game,
                ply,
                fen: pos.to_fen(),
                mv: None,
                what: "no legal move, yet the game is not over".into(),
            });
            return (ply, None);
        }
        if let Err(what) = check_moves(pos, &moves) {
            violations.push(Violation {
                game,
                ply,
                fen: pos.to_fen(),
                mv: Some(what.0),
                what: what.1,
            });
            return (ply, None);
        }
        let mv = moves[rng.below(moves.len())];
        let fen = pos.to_fen();
        let text = pos.uci(&mv);
        let fail = |what: String| Violation {
            game,
            ply,
            fen: fen.clone(),
            mv: Some(text.clone()),
            what,
        };
        if !pos.is_legal(mv) {
            violations.push(fail("a generated move is not is_legal".into()));
            return (ply, None);
        }
        match pos.parse_move(&text) {
            Ok(parsed) if parsed == mv => {}
            Ok(_) => {
                violations.push(fail(format!("`{text}` parses to another move")));
                return (ply, None);
            }
            Err(e) => {
                violations.push(fail(format!("its UCI text does not parse: {e}")));
                return (ply, None);
            }
        }
        pos.play(mv);
        if let Err(what) = check_fen_round_trip(pos) {
            violations.push(fail(format!("after the move: {what}")));
            return (ply + 1, None);
        }
    }
    (max_plies, pos.outcome())
}

/// Every legal move has a UCI text of its own and, played and taken back, restores FEN and hash and does not leave
/// the mover in check.
fn check_moves(pos: &mut Position, moves: &[Move]) -> Result<(), (String, String)> {
    let fen = pos.to_fen();
    let hash = pos.hash();
    let us = pos.side_to_move();
    let mut texts = std::collections::HashSet::new();
    for &mv in moves {
        pos.play(mv);
        let exposed = pos.side_in_check(us);
        pos.unplay();
        let text = pos.uci(&mv);
        if !texts.insert(text.clone()) {
            return Err((text, "two legal moves have this UCI text".into()));
        }
        if exposed {
            return Err((
                text,
                "a legal move leaves the mover's royal piece attacked".into(),
            ));
        }
        if pos.hash() != hash {
            return Err((text, "play/unplay changed the hash".into()));
        }
        let after = pos.to_fen();
        if after != fen {
            return Err((text, format!("play/unplay changed the FEN to {after}")));
        }
    }
    Ok(())
}

/// The position's FEN reads back to the same FEN and hash.
fn check_fen_round_trip(pos: &Position) -> Result<(), String> {
    let fen = pos.to_fen();
    let again = Position::from_fen(pos.engine(), &fen)
        .map_err(|e| format!("its FEN {fen} does not read back: {e}"))?;
    if again.to_fen() != fen {
        return Err(format!("FEN {fen} reads back as {}", again.to_fen()));
    }
    if again.hash() != pos.hash() {
        return Err(format!("FEN {fen} reads back with another hash"));
    }
    Ok(())
}

fn to_text(name: &str, args: &SelfplayArgs, s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "selfplay {name}: {} games, seed {}, at most {} plies each",
        s.games, args.seed, args.max_plies
    );
    let average = s.plies as f64 / f64::from(s.games.max(1));
    let _ = writeln!(
        out,
        "plies: {} (average {average:.1} per game, shortest {}, longest {})",
        s.plies,
        s.shortest.unwrap_or(0),
        s.longest
    );
    let _ = writeln!(out, "results:");
    for (i, (_, label)) in ENDINGS.iter().enumerate() {
        let _ = writeln!(out, "  {label:<24}{:>6}", s.endings[i]);
    }
    let _ = writeln!(
        out,
        "wins: White {}, Black {}; draws {}; unfinished {}",
        s.white_wins, s.black_wins, s.draws, s.endings[UNFINISHED]
    );
    let _ = writeln!(out, "invariant violations: {}", s.violations.len());
    out
}

fn to_json(name: &str, args: &SelfplayArgs, s: &Summary) -> String {
    let endings: Vec<String> = ENDINGS
        .iter()
        .enumerate()
        .map(|(i, (key, _))| format!("\"{key}\":{}", s.endings[i]))
        .collect();
    let violations: Vec<String> = s
        .violations
        .iter()
        .map(|v| {
            format!(
                "{{\"game\":{},\"ply\":{},\"fen\":{},\"move\":{},\"what\":{}}}",
                v.game,
                v.ply,
                json_string(&v.fen),
                v.mv.as_deref().map_or("null".into(), json_string),
                json_string(&v.what)
            )
        })
        .collect();
    format!(
        "{{\"variant\":{},\"seed\":{},\"max_plies\":{},\"games\":{},\"plies\":{},\"average_plies\":{:.1},\
         \"shortest\":{},\"longest\":{},\"results\":{{{}}},\"wins\":{{\"white\":{},\"black\":{},\"draws\":{}}},\
         \"violations\":[{}]}}",
        json_string(name),
        args.seed,
        args.max_plies,
        s.games,
        s.plies,
        s.plies as f64 / f64::from(s.games.max(1)),
        s.shortest.unwrap_or(0),
        s.longest,
        endings.join(","),
        s.white_wins,
        s.black_wins,
        s.draws,
        violations.join(",")
    )
}

fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A progress bar on a terminal; nothing when stderr is piped or redirected.
fn progress_bar(games: u32) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(u64::from(games));
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} selfplay {bar:40} {pos}/{len} games, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}
