//! `tatsu serve`: start the designer's board, a local web server (the server itself is `tatsu::serve`).
use super::error::CliError;
use std::net::IpAddr;
use tatsu::serve::{Config, Server};

/// Serve a web page to see, explore and play games, and reload a variant file each time it is saved.
///
/// Without a game, every bundled game is served; a folder serves its `*.tatsu` files. The server listens on
/// 127.0.0.1 (only this machine) on a free port unless told otherwise, and prints the page's URL. On another
/// address every request needs the access token that the printed URL carries. docs/serve.md describes the page
/// and its JSON API.
///
/// Examples:
///   tatsu serve
///   tatsu serve my-game.tatsu --open
///   tatsu serve chess chu-shogi --port 8080
///   tatsu serve variants/ --bind 0.0.0.0
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ServeArgs {
    /// Bundled games' names, variant files and folders of them.
    pub games: Vec<String>,
    /// The port (0: a free one).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// The address to listen on; another than loopback needs the access token in the printed URL.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Open the page in the browser (`xdg-open`).
    #[arg(long)]
    pub open: bool,
}

pub fn run(args: ServeArgs) -> Result<(), CliError> {
    let config = Config {
        games: args.games,
        bind: args.bind,
        port: args.port,
    };
    let server = Server::start(&config).map_err(CliError::input)?;
    let url = server.url();
    outln!("tatsu serve: {url}");
    if args.open {
        // The page works without it: a browser that does not start is only reported.
        if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
            eprintln!("warning: cannot run xdg-open ({e}): open {url} yourself");
        }
    }
    server.wait();
    Ok(())
}
