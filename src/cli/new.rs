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
}

pub fn run(args: &NewArgs) -> Result<(), CliError> {
    let mut path = args.name.clone();
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
    let text = TEMPLATE
        .replace("{{TITLE}}", &title)
        .replace("{{FILE}}", &file);
    std::fs::write(&path, text)
        .map_err(|e| CliError::input(format!("cannot write `{file}`: {e}")))?;
    eprintln!("wrote {file}: `tatsu check {file}` compiles it, `tatsu test {file}` runs its tests");
    Ok(())
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
