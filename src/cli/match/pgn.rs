//! A refereed game in standard PGN: the seven tag roster (Event, Site, Date, Round, White, Black, Result), then
//! Variant, SetUp/FEN when the game does not start from the standard chess position, TimeControl and
//! Termination; movetext in SAN; the result's reason in a comment. Everything an engine chose (its name, the text
//! of an illegal move) passes through [`tatsu::pgn`]'s escapes first, so that no engine can end a tag or a comment
//! early and forge a result.
use super::game::{Record, TimeControl};
use tatsu::engine::{Engine, Position};

/// The FEN of standard chess's start: a game from it needs no SetUp/FEN tags.
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What a game of the match is told apart by, besides its record.
pub struct Header<'a> {
    pub engine: &'a Engine,
    /// The variant's name as the engines know it (`normal` for chess).
    pub variant: &'a str,
    pub names: [&'a str; 2],
    pub round: usize,
    pub date: &'a str,
    pub tc: TimeControl,
}

/// The result in PGN's words.
pub fn result(record: &Record) -> &'static str {
    tatsu::pgn::result(Some(record.winner))
}

/// PGN's Termination word: `normal` for a game its rules or a resignation ended, `time forfeit`, `rules
/// infraction` for another fault, `adjudication` for the ply limit.
fn termination(record: &Record) -> &'static str {
    match record.faulty {
        Some(_) if record.reason.contains(" lost on time") => "time forfeit",
        Some(_) => "rules infraction",
        None if record.reason.starts_with("draw by adjudication") => "adjudication",
        None => "normal",
    }
}

/// The game as PGN text, ending with a blank line.
pub fn write(record: &Record, header: &Header) -> String {
    let game = &header.engine.game;
    let tc = header.tc;
    let mut tags = vec![
        ("Event", "tatsu match".to_string()),
        ("Site", "?".to_string()),
        ("Date", header.date.to_string()),
        ("Round", header.round.to_string()),
        ("White", header.names[0].to_string()),
        ("Black", header.names[1].to_string()),
        ("Result", result(record).to_string()),
    ];
    if header.variant != "normal" {
        tags.push(("Variant", header.variant.to_string()));
    }
    if game.start_fen != CHESS_START || header.variant != "normal" {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", game.start_fen.clone()));
    }
    tags.push(("TimeControl", tc.pgn_tag()));
    tags.push(("Termination", termination(record).to_string()));
    let mut text = String::new();
    for (name, value) in tags {
        if name == "FEN" {
            text += &tatsu::pgn::fen_tag(&value);
        } else {
            text += &format!("[{name} \"{}\"]\n", tag_value(&value));
        }
    }
    text.push('\n');
    text += &movetext(record, header.engine);
    text += &format!(" {{{}}} {}\n\n", comment(&record.reason), result(record));
    text
}

/// The moves in SAN with move numbers ([`tatsu::pgn::movetext`], which numbers them by the game's own turns).
fn movetext(record: &Record, engine: &Engine) -> String {
    tatsu::pgn::movetext(&Position::start(engine), &record.moves)
}

pub use tatsu::pgn::{comment, tag_value};

/// Today's date as PGN writes it (`2026.11.29`), from the system clock (UTC).
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}
