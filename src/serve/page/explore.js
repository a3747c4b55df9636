// Explore: put one piece on an empty board or on the current position and see every destination, marked by kind
// with a legend (the words of `tatsu piece --explain`); clicking a destination shows the XBetza component and the
// zone rule behind it (`/api/piece`).
import * as api from "./api.js";

// The words of `tatsu piece --explain`'s legend (src/render/mod.rs, kind_label), by the JSON kind names.
const KIND_WORDS = {
  "move": "move only (no capture)",
  "capture": "capture only",
  "move-or-capture": "move or capture",
  "initial": "initial move only (from its start squares)",
  "castling": "castling (where the king lands)",
  "hop": "by hopping over a piece (or through a piece on a turning square)",
  "borrow": "a friendly piece here lends its moves",
  "destroy": "captures (destroys) a friendly piece",
  "second-leg": "second leg: lands here after capturing on the way",
  "induced": "a friend it makes move (induction) lands here",
  "first-leg": "first leg: captures a piece here on the way and moves on (not a stop)",
  "lame-path": "must be empty (lame leap), not a destination",
  "dead-end": "dead square: it could never move again from there, so it may not stop there",
};

function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

export class Explore {
  constructor(ui, board, play) {
    this.ui = ui;
    this.board = board;
    this.play = play;
    this.square = null;
    this.diagram = null;
    this.$ = (id) => document.getElementById(id);
    this.asked = 0;
    for (const id of ["explore-piece", "explore-side", "explore-board"]) {
      this.$(id).onchange = () => this.square && this.put(this.square);
    }
  }

  setGame(game) {
    this.$("explore-piece").innerHTML = game.pieces
      .map((p) => `<option value="${escapeHtml(p.letter)}">${escapeHtml(p.letter)}${p.glyph ? ` ${escapeHtml(p.glyph)}` : ""}` +
        `: ${escapeHtml(p.name)}</option>`)
      .join("");
    this.square = null;
    this.diagram = null;
  }

  // Entering the tab: an empty board with the piece in the middle, to begin with.
  enter() {
    const { squares, files, ranks } = this.ui.game.board;
    const middle = squares[Math.floor(ranks / 2) * files + Math.floor((files - 1) / 2)];
    this.put(this.square || middle);
  }

  leave() {
    this.square = null;
    this.$("explore-detail").innerHTML = "";
    this.play.refresh();
  }

  clickSquare(sq) {
    const move = this.diagram && this.diagram.moves.find((m) => m.to === sq);
    if (move && sq !== this.square) return this.detail(move);
    this.put(sq);
  }

  async put(square) {
    // Set at once, so that a menu changed while the answer is on its way asks again for the same square; only
    // the answer to the latest question is drawn.
    this.square = square;
    const asked = ++this.asked;
    const onPosition = this.$("explore-board").value === "position";
    const req = { game: this.ui.gameId, piece: this.$("explore-piece").value, side: this.$("explore-side").value,
      square };
    if (onPosition) Object.assign(req, { start: this.play.start, moves: this.play.moves.slice(0, this.play.cursor) });
    let answer;
    try {
      answer = await api.piece(req);
    } catch (err) {
      this.$("explore-summary").textContent = err.message;
      return;
    }
    if (asked !== this.asked || this.ui.tab !== "explore") return;
    const diagrams = answer.diagrams || [answer];
    this.diagram = diagrams.find((d) => d.from === square) || diagrams[0];
    this.square = this.diagram.from;
    this.draw(onPosition);
  }

  draw(onPosition) {
    const d = this.diagram;
    const base = onPosition && this.play.pos ? this.play.pos.board.filter((p) => p.square !== d.from) : [];
    const letter = this.$("explore-piece").value;
    this.board.setPosition([...base, { square: d.from, piece: letter, side: d.side }],
      onPosition && this.play.pos ? this.play.pos.hands : null);
    const dests = new Map();
    for (const sq of d.must_be_empty || []) dests.set(sq, "lame-path");
    for (const sq of d.first_legs || []) dests.set(sq, "first-leg");
    for (const sq of d.dead_ends || []) dests.set(sq, "dead-end");
    for (const m of d.moves) dests.set(m.to, m.kind);
    this.ui.say(`Exploring: ${d.side} ${d.name} on ${d.from}. Click a mark to see why, another square to move it.`);
    const also = new Set(d.moves.filter((m) => m.also && m.also.length).map((m) => m.to));
    this.board.setMarks({ selected: null, origin: d.from, hand: null, dests, last: [], checks: [],
      zone: this.ui.zoneSquares(), also });
    const zone = d.zone ? ` (its moves in zone ${escapeHtml(d.zone)})` : "";
    this.$("explore-summary").innerHTML = `<p>${escapeHtml(d.side)} ${escapeHtml(d.name)} (${escapeHtml(d.piece)})` +
      ` on ${escapeHtml(d.from)}${zone}: ${d.moves.length} destinations.</p>`;
    const kinds = [...new Set(dests.values())];
    this.$("explore-legend").innerHTML = kinds
      .map((k) => `<dt><span class="mark-swatch" data-mark="${k}"></span></dt><dd>${escapeHtml(KIND_WORDS[k] || k)}</dd>`)
      .join("") + (also.size ? `<dt><span class="mark-swatch" data-also></span></dt><dd>(the small corner dot) also ` +
        `reached another way, e.g. as a leg of a multi-leg move: click it to see how</dd>` : "") +
      (dests.has(d.from) ? `<dt><span class="mark-swatch" data-origin-mark></span></dt><dd>(the frame on its own ` +
        `square) its own square is a destination too: it may end its move where it started</dd>` : "");
    this.$("explore-detail").innerHTML = "";
  }

  // Why the piece may go to this square: each XBetza component that reaches it, and the zone whose moves apply.
  detail(move) {
    const also = (move.also || []).map((k) => KIND_WORDS[k] || k);
    const promotion = move.promotion && move.promotion.length
      ? `<p>Promotes${move.must_promote ? " (must)" : " (may)"} to ${move.promotion.map(escapeHtml).join(", ")}.</p>` : "";
    this.$("explore-detail").innerHTML = `<h3>${escapeHtml(this.diagram.from)} → ${escapeHtml(move.to)}: ` +
      `${escapeHtml(KIND_WORDS[move.kind] || move.kind)}</h3>` +
      (also.length ? `<p>Also: ${also.map(escapeHtml).join("; ")}.</p>` : "") + promotion +
      `<ul>` + move.sources.map((s) => `<li><code>${escapeHtml(s.component)}</code> of <code>` +
        `${escapeHtml(s.betza)}</code>: ${escapeHtml(s.description || s.text)}` +
        `${s.zone ? ` <em>(in zone ${escapeHtml(s.zone)})</em>` : " <em>(everywhere)</em>"}</li>`).join("") +
      `</ul>`;
    this.board.setMarks({ ...this.board.marks, selected: move.to });
  }
}
