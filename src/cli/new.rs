//! `tatsu new NAME`: write a commented starting variant file, with rule tests, that passes `tatsu check`.
use super::error::CliError;
use std::path::PathBuf;

const TEMPLATE: &str = include_str!("new_game.tatsu");

/// Write a commented starting variant file NAME.tatsu (with rule tests) that passes `tatsu check`.
///
/// Examples:
///   tatsu new my-game                 # writes my-game.tatsu
///   tatsu new games/tiny.tatsu --title "Tiny Chess"
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct NewArgs {
    /// The file to write (`.tatsu` is added when missing).
    pub name: PathBuf,
    /// The game's title (default: from the file name).
    #[arg(long)]
    pub title: Option<String>,
    /// Overwrite the file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object (schema `tatsu.new/1`: the file written, its title, the commands that check and
    /// test it) on stdout instead of the message on stderr.
    #[arg(long)]
    pub json: bool,
}

/// `new --json` (schema `tatsu.new/1`).
#[derive(serde::Serialize)]
struct NewJson<'a> {
    schema: &'static str,
    file: &'a str,
    title: &'a str,
    check: String,
    test: String,
}

pub fn run(args: &NewArgs) -> Result<(), CliError> {
    // The file is NAME's last component with `.tatsu`: `.`, `..` or a name ending in `/` name a folder, and
    // appending to them would write a hidden `..tatsu` (or `folder/.tatsu`).
    // `Path::file_name` reads `sub/` as `sub`, but a trailing separator says the user meant a folder.
    let folder = args
        .name
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator);
    let Some(name) = args
        .name
        .file_name()
        .filter(|n| !folder && !n.to_string_lossy().trim_matches('.').is_empty())
    else {
        return Err(CliError::usage(format!(
            "`{}` names a folder, not a file: give the game's file name, e.g. `my-game`",
            args.name.display()
        )));
    };
    let mut path = args.name.with_file_name(name);
    if path.extension().is_none_or(|e| e != "tatsu") {
        path.as_mut_os_string().push(".tatsu");
    }
    if path.exists() && !args.force {
        return Err(CliError::input(format!(
            "`{}` exists; pass --force to overwrite it",
            path.display()
        )));
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let title = args.title.clone().unwrap_or_else(|| title_from(&stem));
    if title.contains('"') || title.contains('\n') {
        return Err(CliError::usage(
            "a title cannot contain `\"` or a line break",
        ));
    }
    let file = path.display().to_string();
    if file.contains(char::is_control) {
        // The name is written into the file's first comment, which a line break would end.
        return Err(CliError::usage(
            "a file name cannot contain a line break or a control character",
        ));
    }
    // The commands shown are meant to be pasted into a shell.
    let arg = shell_word(&file);
    let text = TEMPLATE
        .replace("{{TITLE}}", &title)
        .replace("{{FILE}}", &arg);
    std::fs::write(&path, text)
        .map_err(|e| CliError::input(format!("cannot write `{file}`: {e}")))?;
    if args.json {
        return super::common::print_json(&NewJson {
            schema: "tatsu.new/1",
            file: &file,
            title: &title,
            check: format!("tatsu check {arg}"),
            test: format!("tatsu test {arg}"),
        });
    }
    eprintln!("wrote {file}: `tatsu check {arg}` compiles it, `tatsu test {arg}` runs its tests");
    Ok(())
}

/// `text` as one shell word: as it is when it holds only characters no shell treats specially, else in single
/// quotes (a `'` inside written `'\''`).
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./+,:@%=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// `my-game` → `My Game`.
fn title_from(stem: &str) -> String {
    stem.split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}
