//! The page's files, inside the binary (no network and no files at run time): `GET /` and `GET /static/NAME`.
//! A fixed list, agreed with the page: a name not in it is a 404, so no request can name a path.

/// `(name, content type, bytes)`.
const ASSETS: [(&str, &str, &str); 11] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "main.js",
        "text/javascript; charset=utf-8",
        include_str!("page/main.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("page/api.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("page/board.js"),
    ),
    (
        "pieces.js",
        "text/javascript; charset=utf-8",
        include_str!("page/pieces.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("page/play.js"),
    ),
    (
        "explore.js",
        "text/javascript; charset=utf-8",
        include_str!("page/explore.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("page/analysis.js"),
    ),
    (
        "balance.js",
        "text/javascript; charset=utf-8",
        include_str!("page/balance.js"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_str!("page/live.js"),
    ),
];

/// The asset called `name`: its content type and text.
pub fn asset(name: &str) -> Option<(&'static str, &'static str)> {
    ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, kind, text)| (*kind, *text))
}
