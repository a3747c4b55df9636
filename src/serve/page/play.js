// Playing a game: the line of moves (start FEN + move texts), the position shown (a cursor into the line), move entry
// by clicks (a piece then its destination; a hand piece then a square; multi-leg moves square by square, as the
// Interactive Diagram does; a promotion choice in a small picker), the move list, FEN in/out, PGN and the engine.
import * as api from "./api.js";

export class Play {
  constructor(ui, board) {
    this.ui = ui;
    this.board = board;
    this.start = null;
    this.moves = [];
    this.cursor = 0;
    this.pos = null;
    this.entry = null;
    this.engineJob = null;
    this.generation = 0;
  }

  // A new game (or a reloaded one): keep the line when `keep` and as much of it as is still legal.
  // `startPosition`, when given, is the answer (or its promise) for the game's start position, asked for while
  // the game itself was loading.
  async setGame(gameId, keep, startPosition) {
    this.gameId = gameId;
    if (!keep) {
      this.start = null;
      this.moves = [];
      this.cursor = 0;
    }
    await this.refresh(keep ? null : startPosition);
  }

  request(plies = this.cursor) {
    return { game: this.gameId, start: this.start, moves: this.moves.slice(0, plies) };
  }

  // Asks the server for the position at the cursor and redraws. A move the (reloaded) game no longer allows cuts
  // the line there.
  async refresh(prefetched) {
    const generation = ++this.generation;
    this.stopEngine();
    let pos;
    try {
      pos = await (prefetched || api.position(this.request()));
    } catch (err) {
      if (err.body && Number.isInteger(err.body.index) && err.body.index < this.cursor) {
        this.moves = this.moves.slice(0, err.body.index);
        this.cursor = Math.min(this.cursor, this.moves.length);
        this.ui.say(`The line was cut at move ${err.body.index + 1}: ${err.message}`);
        return this.refresh();
      }
      this.ui.say(err.message);
      return;
    }
    if (generation !== this.generation) return;
    // A redraw of the position already shown (the start loaded twice while the page opens, a reloaded file that
    // left it as it was) keeps a piece the user has picked up, as long as it can still move: a click between the
    // two loads is not lost.
    const same = this.pos && this.pos.fen === pos.fen;
    this.pos = pos;
    if (!same || !this.candidates().length) this.entry = null;
    // For the browser test and scripts: the ply shown and a count of redraws, as attributes of the page.
    document.body.dataset.ply = this.cursor;
    document.body.dataset.refreshes = Number(document.body.dataset.refreshes || 0) + 1;
    this.hidePicker();
    this.board.setPosition(pos.board, pos.hands);
    this.mark();
    this.drawMoveList();
    this.ui.showPosition(pos);
    this.maybeEngine();
  }

  // --- move entry ---------------------------------------------------------------------------------------------

  // The legal moves still possible after the squares entered so far.
  candidates() {
    const e = this.entry;
    if (!e || !this.pos) return [];
    return this.pos.legal_moves.filter((m) => {
      if (e.hand ? m.drop !== e.hand : m.drop !== null || m.from !== e.from) return false;
      return e.legs.every((sq, i) => m.legs[i] === sq);
    });
  }

  clickSquare(sq) {
    if (!this.pos || this.pos.result || this.engineTurn()) return;
    const e = this.entry;
    if (e) {
      const entered = e.legs.length;
      const done = this.candidates().filter((m) => m.legs.length === entered);
      if (entered > (e.hand ? 0 : 1) && sq === e.legs[entered - 1] && done.length) return this.finish(done);
      const next = this.candidates().filter((m) => m.legs[entered] === sq);
      if (next.length) {
        e.legs.push(sq);
        const complete = next.filter((m) => m.legs.length === entered + 1);
        if (complete.length === next.length) return this.finish(complete);
        return this.mark();
      }
    }
    // Not a continuation: select the piece on this square if it can move, else clear the selection.
    const own = this.pos.legal_moves.some((m) => m.drop === null && m.from === sq);
    this.entry = own ? { from: sq, hand: null, legs: [sq] } : null;
    this.hidePicker();
    this.mark();
  }

  clickHand(piece, side) {
    if (!this.pos || this.pos.result || this.engineTurn() || side !== this.pos.side_to_move) return;
    const any = this.pos.legal_moves.some((m) => m.drop === piece);
    this.entry = any ? { from: null, hand: piece, legs: [] } : null;
    if (!any) this.ui.say(`${piece} cannot be dropped now.`);
    this.mark();
  }

  // The squares entered match whole moves: play the one, or ask which promotion.
  finish(moves) {
    if (moves.length === 1) return this.play(moves[0].text);
    this.showPicker(moves);
  }

  showPicker(moves) {
    const picker = this.ui.picker;
    const side = this.pos.side_to_move;
    picker.innerHTML = `<p>Promote to</p>` + moves
      .map((m) => {
        const letter = m.promotion || this.movingPiece(m);
        const label = m.promotion ? `promote to ${m.promotion}` : "do not promote";
        return `<button type="button" data-promotion="${m.promotion || ""}" data-move="${m.text}" ` +
          `aria-label="${label}" title="${label}">${this.board.pieceSvg(letter, side)}</button>`;
      })
      .join("") + `<button type="button" class="cancel" data-cancel>Cancel</button>`;
    picker.hidden = false;
    picker.onclick = (ev) => {
      const b = ev.target.closest("button");
      if (!b) return;
      if (b.hasAttribute("data-cancel")) {
        this.entry = null;
        this.hidePicker();
        return this.mark();
      }
      this.play(b.dataset.move);
    };
    picker.querySelector("button").focus();
  }

  hidePicker() {
    this.ui.picker.hidden = true;
  }

  movingPiece(m) {
    if (m.drop) return m.drop;
    const p = this.pos.board.find((b) => b.square === m.from);
    return p ? p.piece : "?";
  }

  // Plays a move at the cursor: the moves after it (if the user went back) are dropped.
  play(text) {
    this.moves = this.moves.slice(0, this.cursor);
    this.moves.push(text);
    this.cursor = this.moves.length;
    return this.refresh();
  }

  // The marks: the selection, where the next click may go, the last move and the checks.
  mark() {
    const dests = new Map();
    const e = this.entry;
    if (e) {
      const entered = e.legs.length;
      for (const m of this.candidates()) {
        if (m.legs.length > entered) {
          const sq = m.legs[entered];
          const last = m.legs.length === entered + 1;
          const kind = last ? (m.captures.includes(sq) ? "capture" : "move") : "leg";
          if (dests.get(sq) !== "move" && dests.get(sq) !== "capture") dests.set(sq, kind);
        } else if (entered > 1) {
          dests.set(e.legs[entered - 1], "stop");
        }
      }
    }
    if (e && e.legs.length > 1) {
      const stop = dests.get(e.legs[e.legs.length - 1]) === "stop" ? `, or ${e.legs[e.legs.length - 1]} again to stop there` : "";
      this.ui.say(`${e.legs.join("-")}: click the next square${stop}.`);
    } else if (this.pos) {
      this.ui.showPosition(this.pos);
    }
    const last = this.pos && this.pos.last_move ? this.pos.last_move.legs : [];
    this.board.setMarks({
      selected: e && e.legs.length ? e.legs[e.legs.length - 1] : null,
      origin: e ? e.from : null,
      hand: e && e.hand ? { piece: e.hand, side: this.pos.side_to_move } : null,
      dests,
      last,
      checks: this.pos ? this.pos.checks : [],
      zone: this.ui.zoneSquares(),
    });
  }

  // --- the line ------------------------------------------------------------------------------------------------

  goTo(ply) {
    this.cursor = Math.max(0, Math.min(this.moves.length, ply));
    return this.refresh();
  }

  takeBack() {
    if (!this.cursor) return;
    this.moves = this.moves.slice(0, this.cursor - 1);
    // Against the engine, take back its reply too, so that it is the human's turn again.
    const humanSide = this.ui.player("white") === "human" ? 0 : 1;
    const vsEngine = this.ui.player("white") !== this.ui.player("black");
    if (vsEngine && this.moves.length % 2 !== humanSide && this.moves.length) this.moves.pop();
    this.cursor = this.moves.length;
    return this.refresh();
  }

  newGame(start = null) {
    this.start = start;
    this.moves = [];
    this.cursor = 0;
    return this.refresh();
  }

  drawMoveList() {
    const list = this.ui.moveList;
    list.innerHTML = this.moves
      .map((m, i) => `<li class="${i % 2 ? "second" : "first"}"><button type="button" data-ply="${i + 1}"` +
        `${i + 1 === this.cursor ? ' aria-current="true"' : ""}>${m}</button></li>`)
      .join("");
    const current = list.querySelector("[aria-current]");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  async savePgn() {
    const answer = await api.pgn({ ...this.request(this.moves.length), white: this.ui.player("white"),
      black: this.ui.player("black") });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([answer.pgn], { type: "application/x-chess-pgn" }));
    link.download = `${this.gameId}.pgn`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  // --- the engine ------------------------------------------------------------------------------------------------

  engineTurn() {
    return this.pos && this.ui.player(this.pos.side_to_move) === "engine" && this.cursor === this.moves.length;
  }

  maybeEngine() {
    if (this.engineTurn() && !this.pos.result) this.engineMove();
  }

  async engineMove() {
    if (!this.pos || this.pos.result) return;
    this.stopEngine();
    const generation = this.generation;
    this.ui.say(`The engine thinks (${this.ui.preset()})…`);
    document.body.dataset.engine = "thinking";
    try {
      this.engineJob = await api.startJob("search", { ...this.request(), limit: { preset: this.ui.preset() } }, {
        done: (d) => {
          this.engineJob = null;
          delete document.body.dataset.engine;
          if (generation === this.generation && d.best) this.play(d.best);
        },
        error: (d) => {
          this.engineJob = null;
          delete document.body.dataset.engine;
          if (generation === this.generation) this.ui.say(`Engine: ${d.error}`);
        },
      });
    } catch (err) {
      delete document.body.dataset.engine;
      this.ui.say(`Engine: ${err.message}`);
    }
  }

  stopEngine() {
    if (this.engineJob) this.engineJob.stop();
    this.engineJob = null;
    delete document.body.dataset.engine;
  }
}
