//! `tatsu selfplay`: random games that check the executor's invariants at every ply and tally how games end.
use super::common::{print_json, progress_bar, reason_key};
use super::error::{CliError, Status};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use tatsu::audit::{self, Violation};
use tatsu::engine::{Outcome, Reason};
use tatsu::rng::SplitMix64;
use tatsu::rules::Side;

/// Play random games, checking the executor's invariants at every ply, and summarise how they ended.
///
/// The moves are uniformly random legal moves: a quick smoke test of a new variant file's end rules.
///
/// At every ply: every legal move, played and taken back, restores the FEN and the hash, and leaves the mover's
/// royal piece unattacked; the chosen move is `is_legal`, its UCI text parses back to it, and the position after it
/// round-trips through FEN with the same hash. A violation is reported with the FEN and the move, and the command
/// then exits with status 3 (a bug in tatsu, not in the variant). The checks are `tatsu::audit`'s, the same the
/// invariant tests and the fuzz targets run.
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
    /// How many games to play (1 to 1,000,000).
    #[arg(long, default_value_t = 10, value_parser = super::bounds::within(1, super::bounds::MAX_GAMES))]
    pub games: u32,
    /// The random seed: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game that has not ended after this many plies (it counts as unfinished); 1 to 100,000.
    #[arg(long, default_value_t = 500, value_parser = super::bounds::within(1, super::bounds::MAX_GAME_PLIES))]
    pub max_plies: u32,
    /// Start every game from this position instead of the game's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the summary as one JSON object (schema `tatsu.selfplay/1`).
    #[arg(long)]
    pub json: bool,
}

/// How games can end, in the order the summary lists them: the reasons of `Reason`, then unfinished games.
const ENDINGS: [(Option<Reason>, &str); 15] = [
    (Some(Reason::Checkmate), "checkmate"),
    (Some(Reason::Stalemate), "stalemate"),
    (Some(Reason::Repetition), "repetition"),
    (Some(Reason::PerpetualCheck), "perpetual check"),
    (Some(Reason::MoveLimit), "move limit"),
    (Some(Reason::BareKing), "bare king"),
    (Some(Reason::InsufficientMaterial), "insufficient material"),
    (Some(Reason::Extinction), "extinction"),
    (Some(Reason::Flag), "flag zone reached"),
    (Some(Reason::CheckLimit), "check limit"),
    (Some(Reason::Counting), "counting rule"),
    (Some(Reason::DoublePass), "two passes"),
    (Some(Reason::FacingRoyals), "pass with royals facing"),
    (Some(Reason::MaterialCount), "material count"),
    (None, "unfinished at max plies"),
];

fn ending_index(outcome: Option<Outcome>) -> usize {
    let reason = outcome.map(|o| o.reason);
    ENDINGS
        .iter()
        .position(|(r, _)| *r == reason)
        .unwrap_or(ENDINGS.len() - 1)
}

/// One broken invariant, with the game and ply it was found at.
pub struct Found {
    pub game: u32,
    pub ply: u32,
    pub violation: Violation,
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
    pub violations: Vec<Found>,
}

impl Summary {
    fn add(&mut self, plies: u32, outcome: Option<Outcome>) {
        self.games += 1;
        self.plies += u64::from(plies);
        self.shortest = Some(self.shortest.map_or(plies, |s| s.min(plies)));
        self.longest = self.longest.max(plies);
        self.endings[ending_index(outcome)] += 1;
        match outcome.map(|o| o.winner) {
            Some(Some(Side::White)) => self.white_wins += 1,
            Some(Some(Side::Black)) => self.black_wins += 1,
            Some(None) => self.draws += 1,
            None => {}
        }
    }
}

pub fn run(args: SelfplayArgs) -> Result<(), CliError> {
    let engine = super::common::load_engine(&args.variant)?;
    let start = super::position::setup(&engine, args.fen.as_deref(), &[])?;
    let bar = progress_bar(u64::from(args.games), "selfplay", "games");
    let clock = std::time::Instant::now();
    let mut summary = Summary::default();
    for game in 0..args.games {
        let mut rng = SplitMix64::stream(args.seed, u64::from(game));
        let mut pos = start.clone();
        match audit::random_game(&mut pos, &mut rng, args.max_plies) {
            Ok(playout) => summary.add(playout.plies, playout.outcome),
            Err((ply, violation)) => {
                summary.add(ply, None);
                summary.violations.push(Found {
                    game: game + 1,
                    ply,
                    violation,
                });
            }
        }
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    for found in &summary.violations {
        eprintln!(
            "violation in game {} at ply {}: {}",
            found.game, found.ply, found.violation
        );
    }
    if args.json {
        print_json(&to_json(&args, &summary))?;
    } else {
        out!("{}", to_text(&args, &summary));
    }
    if std::io::stderr().is_terminal() {
        let seconds = clock.elapsed().as_secs_f64();
        eprintln!(
            "{seconds:.2} s, {:.0} plies/s",
            summary.plies as f64 / seconds.max(1e-9)
        );
    }
    if summary.violations.is_empty() {
        Ok(())
    } else {
        Err(CliError::reported(Status::Violation))
    }
}

fn to_text(args: &SelfplayArgs, s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "selfplay {}: {} games, seed {}, at most {} plies each",
        args.variant, s.games, args.seed, args.max_plies
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
        s.white_wins,
        s.black_wins,
        s.draws,
        s.endings[ENDINGS.len() - 1]
    );
    let _ = writeln!(out, "invariant violations: {}", s.violations.len());
    out
}

/// `selfplay --json` (schema `tatsu.selfplay/1`).
#[derive(Serialize)]
struct SelfplayJson<'a> {
    schema: &'static str,
    variant: &'a str,
    seed: u64,
    max_plies: u32,
    games: u32,
    plies: u64,
    average_plies: f64,
    shortest: u32,
    longest: u32,
    /// Games per ending: the reasons of `show --json`'s `result.reason`, and `unfinished`.
    results: BTreeMap<&'static str, u32>,
    wins: WinsJson,
    violations: Vec<ViolationJson<'a>>,
}

#[derive(Serialize)]
struct WinsJson {
    white: u32,
    black: u32,
    draws: u32,
}

#[derive(Serialize)]
struct ViolationJson<'a> {
    game: u32,
    ply: u32,
    fen: &'a str,
    #[serde(rename = "move")]
    mv: Option<&'a str>,
    what: &'a str,
}

fn to_json<'a>(args: &'a SelfplayArgs, s: &'a Summary) -> SelfplayJson<'a> {
    let average = s.plies as f64 / f64::from(s.games.max(1));
    SelfplayJson {
        schema: "tatsu.selfplay/1",
        variant: &args.variant,
        seed: args.seed,
        max_plies: args.max_plies,
        games: s.games,
        plies: s.plies,
        average_plies: (average * 10.0).round() / 10.0,
        shortest: s.shortest.unwrap_or(0),
        longest: s.longest,
        results: ENDINGS
            .iter()
            .zip(s.endings)
            .map(|((reason, _), n)| (reason.map_or("unfinished", reason_key), n))
            .collect(),
        wins: WinsJson {
            white: s.white_wins,
            black: s.black_wins,
            draws: s.draws,
        },
        violations: s
            .violations
            .iter()
            .map(|f| ViolationJson {
                game: f.game,
                ply: f.ply,
                fen: &f.violation.fen,
                mv: f.violation.mv.as_deref(),
                what: &f.violation.what,
            })
            .collect(),
    }
}
