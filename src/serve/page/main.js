// The page's entry point: loads the served games, wires the controls to the board, the play and explore modes, the
// analysis pane and the live file. The shared state the modules read lives on `ui`.
import * as api from "./api.js";
import { Board } from "./board.js";
import { Play } from "./play.js";
import { Explore } from "./explore.js";
import { Analysis } from "./analysis.js";
import { Balance } from "./balance.js";
import { showDiagnostics } from "./live.js";

const $ = (id) => document.getElementById(id);

const ui = {
  game: null,
  gameId: null,
  tab: "play",
  picker: $("promotion-picker"),
  moveList: $("move-list"),
  say(text) {
    $("status").textContent = text;
  },
  player: (side) => $(`${side}-player`).value,
  preset: () => $("preset").value,
  zoneSquares() {
    if (!$("show-zones").checked || !ui.game) return null;
    const [name, side] = $("zone-select").value.split("|");
    const zone = ui.game.board.zones.find((z) => z.name === name);
    return zone ? new Set(zone[side]) : null;
  },
  showPosition(pos) {
    $("fen").value = pos.fen;
    const side = pos.side_to_move === "white" ? "White" : "Black";
    const check = pos.checks.length ? " (in check)" : "";
    $("result").textContent = pos.result ? `${pos.result.words} (${pos.result.reason})` : "";
    document.body.toggleAttribute("data-over", !!pos.result);
    ui.say(pos.result ? pos.result.words : `${side} to move${check}.`);
  },
};

const board = new Board($("board"), $("hand-top"), $("hand-bottom"),
  (sq) => (ui.tab === "explore" ? explore.clickSquare(sq) : play.clickSquare(sq)),
  (piece, side) => ui.tab !== "explore" && play.clickHand(piece, side));
const play = new Play(ui, board);
const explore = new Explore(ui, board, play);
new Analysis(ui, play);
new Balance(ui);

// Loads a game's description; a file that does not compile shows its diagnostics and plays its last good version.
async function loadGame(id, keepLine, gameRequest) {
  // The start position is asked for at once, beside the game, to save a round trip on a new game.
  const startPosition = keepLine ? null : api.position({ game: id, start: null, moves: [] });
  startPosition?.catch(() => null);
  const answer = await (gameRequest || api.game(id));
  showDiagnostics($("diagnostics"), $("diagnostics-list"), answer.ok ? [] : answer.diagnostics);
  const game = answer.ok ? answer : answer.last_good;
  if (!game) {
    document.body.dataset.game = id;
    ui.say("This file has never compiled: fix it and save, the page reloads it.");
    return;
  }
  const sameShape = ui.game && ui.gameId === id;
  ui.game = game;
  ui.gameId = id;
  document.body.dataset.game = id;
  document.body.dataset.version = answer.version;
  $("game-title").textContent = game.describe && game.describe.title ? game.describe.title : id;
  // The rule book is drawn when its tab opens: on a large board its diagrams are thousands of SVG elements.
  $("tab-rules").innerHTML = "";
  ui.rulesHtml = game.rules_html || "";
  if (ui.tab === "rules") $("tab-rules").innerHTML = ui.rulesHtml;
  $("zone-select").innerHTML = game.board.zones
    .flatMap((z) => ["white", "black"].map((s) => `<option value="${z.name}|${s}">${z.name} (${s})</option>`))
    .join("");
  $("zone-select").hidden = !$("show-zones").checked || !game.board.zones.length;
  board.setGame(game, id);
  explore.setGame(game);
  if (ui.tab === "explore") selectTab("play");
  await play.setGame(id, keepLine && sameShape, startPosition);
}

function selectTab(name) {
  const old = ui.tab;
  ui.tab = name;
  for (const b of document.querySelectorAll("[role=tab]")) b.setAttribute("aria-selected", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${name}`;
  document.body.dataset.tab = name;
  if (name === "rules" && !$("tab-rules").innerHTML) $("tab-rules").innerHTML = ui.rulesHtml;
  if (name === "explore" && old !== "explore") explore.enter();
  if (old === "explore" && name !== "explore") explore.leave();
}

function wire() {
  for (const b of document.querySelectorAll("[role=tab]")) b.onclick = () => selectTab(b.dataset.tab);
  $("explore-done").onclick = () => selectTab("play");
  $("game-select").onchange = (e) => {
    history.replaceState(null, "", `?game=${encodeURIComponent(e.target.value)}`);
    loadGame(e.target.value, false);
  };
  $("flip").onclick = () => board.setFlipped(!board.flipped);
  $("show-coords").onchange = (e) => board.setCoordinates(e.target.checked);
  $("show-glyphs").onchange = (e) => board.setGlyphs(e.target.checked);
  // A rule book diagram is drawn to the pane's width (10 px squares for 36x36): a click shows it at its own size,
  // scrolling in the pane, and another click fits it again.
  $("tab-rules").addEventListener("click", (e) => {
    const figure = e.target.closest("figure");
    if (figure && figure.querySelector("svg")) figure.classList.toggle("zoomed");
  });
  $("zoom-in").onclick = () => board.setZoom("in");
  $("zoom-out").onclick = () => board.setZoom("out");
  $("zoom-fit").onclick = () => board.setZoom(board.zoom === "fit" ? null : "fit");
  board.onZoom = (size) => { $("zoom-size").textContent = `${size} px`; };
  board.onInfo = (text) => { $("piece-info").textContent = text; };
  $("show-zones").onchange = () => {
    $("zone-select").hidden = !$("show-zones").checked || !ui.game.board.zones.length;
    if (ui.tab === "explore") explore.draw($("explore-board").value === "position");
    else play.mark();
  };
  $("zone-select").onchange = $("show-zones").onchange;
  $("new-game").onclick = () => play.newGame();
  $("engine-move").onclick = () => play.engineMove();
  $("take-back").onclick = () => play.takeBack();
  $("nav-first").onclick = () => play.goTo(0);
  $("nav-prev").onclick = () => play.goTo(play.cursor - 1);
  $("nav-next").onclick = () => play.goTo(play.cursor + 1);
  $("nav-last").onclick = () => play.goTo(play.moves.length);
  $("move-list").onclick = (e) => {
    const b = e.target.closest("[data-ply]");
    if (b) play.goTo(Number(b.dataset.ply));
  };
  for (const side of ["white", "black"]) $(`${side}-player`).onchange = () => play.maybeEngine();
  $("fen-load").onclick = () => play.newGame($("fen").value.trim() || null);
  $("fen-copy").onclick = () => navigator.clipboard && navigator.clipboard.writeText($("fen").value);
  $("pgn-save").onclick = () => play.savePgn().catch((err) => ui.say(err.message));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea, #board")) return;
    if (e.key === "ArrowLeft") play.goTo(play.cursor - 1);
    else if (e.key === "ArrowRight") play.goTo(play.cursor + 1);
    else if (e.key === "f") board.setFlipped(!board.flipped);
    else if (e.key === "+" || e.key === "=") board.setZoom("in");
    else if (e.key === "-") board.setZoom("out");
    else if (e.key === "0") board.setZoom(board.zoom === "fit" ? null : "fit");
    else if (e.key === "Escape" && ui.tab === "play") play.clickSquare(null);
  });
}

// A served file changed on disk: reload it when it compiles (keeping the line), show its diagnostics otherwise.
// The stream starts with every file's state as it is (a save the page has not seen): a version it shows is skipped.
function onFileChange(change) {
  if (change.id !== ui.gameId && !(ui.gameId === null && document.body.dataset.game === change.id)) return;
  if (String(change.version) === document.body.dataset.version) return;
  $("file-status").textContent = `${change.id}: version ${change.version}${change.ok ? "" : " (does not compile)"}`;
  document.body.dataset.version = change.version;
  if (change.ok) loadGame(change.id, true).catch((err) => ui.say(err.message));
  else showDiagnostics($("diagnostics"), $("diagnostics-list"), change.diagnostics);
}

// Served on another address than loopback, the server asks for an access token: the URL it printed carries it, and
// a cookie carries it on every request of the page (fetches and event streams alike).
function keepToken() {
  const token = new URLSearchParams(location.search).get("token");
  if (token) document.cookie = `tatsu_token=${encodeURIComponent(token)}; path=/; SameSite=Strict`;
}

async function init() {
  keepToken();
  wire();
  // The game named in the URL is asked for beside the list of games, to save a round trip.
  const wanted = new URLSearchParams(location.search).get("game");
  const early = wanted ? api.game(wanted) : null;
  early?.catch(() => null);
  const { games } = await api.games();
  $("game-select").innerHTML = games
    .map((g) => `<option value="${g.id}">${g.title || g.name}${g.source === "file" ? " (file)" : ""}</option>`)
    .join("");
  const first = games.find((g) => g.id === wanted) || games.find((g) => g.source === "file") || games[0];
  if (!first) return ui.say("No game is served.");
  $("game-select").value = first.id;
  await loadGame(first.id, false, first.id === wanted ? early : null);
  // When the first board is laid out (the next frame): the browser test reads it to measure the page load.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  window.tatsuReady = performance.now();
  document.body.dataset.ready = "";
  // The file watch is an endless event stream: opened before the window's load event, it would hold that event
  // (and whoever waits for the page to load) for as long as the page lives.
  if (games.some((g) => g.source === "file")) {
    if (document.readyState !== "complete") {
      const loaded = new Promise((r) => addEventListener("load", r, { once: true }));
      await Promise.race([loaded, new Promise((r) => setTimeout(r, 2000))]);
    }
    api.watch(onFileChange);
  }
}

init().catch((err) => ui.say(`Could not start: ${err.message}`));
