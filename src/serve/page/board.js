// The board: a CSS grid of squares built once per game and updated in place per position, so that a 36x36 board
// (1,296 squares) redraws only what changed. Every square carries data attributes (data-square, data-piece,
// data-side, data-mark, ...) that the styles and the browser test read. Hands are drawn beside it.
import { pieceSvg } from "./pieces.js";

const FIGURE_LETTERS = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N", pawn: "P" };

export class Board {
  constructor(element, handTop, handBottom, onSquare, onHand) {
    this.el = element;
    this.handTop = handTop;
    this.handBottom = handBottom;
    this.onSquare = onSquare;
    this.onHand = onHand;
    this.flipped = false;
    this.coords = true;
    this.glyphs = true;
    this.cursor = 0;
    this.cells = new Map();
    this.el.addEventListener("click", (e) => {
      const cell = e.target.closest("[data-square]");
      if (cell && !cell.hasAttribute("data-hole")) this.onSquare(cell.dataset.square);
    });
    this.el.addEventListener("keydown", (e) => this.key(e));
    for (const hand of [handTop, handBottom]) {
      hand.addEventListener("click", (e) => {
        const item = e.target.closest("[data-hand-piece]");
        if (item) this.onHand(item.dataset.handPiece, item.dataset.side);
      });
    }
    new ResizeObserver(() => this.fit()).observe(this.el.parentElement);
  }

  // A new game: its geometry (board.files, ranks, squares, holes), picture style and pieces.
  setGame(game) {
    this.game = game;
    this.info = new Map();
    for (const p of game.pieces) {
      this.info.set(p.letter.toUpperCase(), { ...p, chess: FIGURE_LETTERS[p.figure] || null });
    }
    this.style = game.rotated ? "shogi" : "chess";
    this.el.classList.toggle("shogi", game.rotated);
    this.holes = new Set(game.board.holes);
    this.hasHands = game.pieces.some((p) => p.droppable);
    this.build();
  }

  // Piece info by the letter a position uses ("p", "+P", "(N2)"): the game lists upper-case letters.
  pieceInfo(letter) {
    return this.info.get(letter.toUpperCase()) || null;
  }

  pieceSvg(letter, side) {
    const pointsUp = (side === "white") !== this.flipped;
    let info = this.pieceInfo(letter);
    if (info && info.glyph && !this.glyphs) info = { ...info, glyph: null };
    return pieceSvg(letter.toUpperCase(), side === "white", info, this.style, pointsUp);
  }

  // Glyphs (kanji) or letters on the pieces whose file gives a glyph.
  setGlyphs(on) {
    this.glyphs = on;
    this.build();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.build();
  }

  setCoordinates(on) {
    this.coords = on;
    this.build();
  }

  // Squares in screen order: the top rank first, file a on the left (the other way round when flipped).
  screenOrder() {
    const { files, ranks, squares } = this.game.board;
    const order = [];
    for (let row = 0; row < ranks; row++) {
      const rank = this.flipped ? row : ranks - 1 - row;
      for (let col = 0; col < files; col++) {
        const file = this.flipped ? files - 1 - col : col;
        order.push(squares[rank * files + file]);
      }
    }
    return order;
  }

  build() {
    const { files, ranks } = this.game.board;
    const labels = this.coords ? 1 : 0;
    this.el.style.setProperty("--files", files);
    this.el.style.setProperty("--ranks", ranks);
    this.el.style.gridTemplateColumns = `${labels ? "var(--label) " : ""}repeat(${files}, var(--sq))`;
    this.el.style.gridTemplateRows = `repeat(${ranks}, var(--sq))${labels ? " var(--label)" : ""}`;
    const html = [];
    const order = this.screenOrder();
    for (let row = 0; row < ranks; row++) {
      if (labels) {
        const rank = this.flipped ? row + 1 : ranks - row;
        html.push(`<div class="label rank-label">${rank}</div>`);
      }
      for (let col = 0; col < files; col++) {
        const sq = order[row * files + col];
        const rank = this.flipped ? row : ranks - 1 - row;
        const file = this.flipped ? files - 1 - col : col;
        const dark = (rank + file) % 2 === 0;
        const hole = this.holes.has(sq) ? " data-hole" : "";
        html.push(`<div class="sq ${dark ? "dark" : "light"}" role="gridcell" data-square="${sq}"${hole}></div>`);
      }
    }
    if (labels) {
      html.push(`<div class="label"></div>`);
      for (let col = 0; col < files; col++) {
        const sq = order[(ranks - 1) * files + col];
        html.push(`<div class="label file-label">${sq.replace(/\d+$/, "")}</div>`);
      }
    }
    this.el.innerHTML = html.join("");
    this.cells = new Map();
    for (const cell of this.el.querySelectorAll("[data-square]")) this.cells.set(cell.dataset.square, cell);
    this.drawn = new Map();
    this.fit();
    if (this.position) this.setPosition(this.position, this.hands);
    if (this.marks) this.setMarks(this.marks);
  }

  // The square size: as large as the window allows, the board fitting both the width and the height.
  fit() {
    if (!this.game) return;
    const wrap = this.el.parentElement;
    const { files, ranks } = this.game.board;
    const label = this.coords ? Math.max(14, Math.min(22, 420 / Math.max(files, ranks))) : 0;
    const width = wrap.clientWidth - label - 4;
    const height = window.innerHeight - wrap.getBoundingClientRect().top - 120 - label;
    const size = Math.max(12, Math.floor(Math.min(width / files, Math.max(height, 200) / ranks)));
    // On the board's area, so that the hands beside the board scale with it.
    const area = this.el.closest(".board-area") || this.el;
    area.style.setProperty("--sq", `${size}px`);
    area.style.setProperty("--label", `${label}px`);
    area.style.setProperty("--files", files);
  }

  // The pieces: `board` is the API's list of {square, piece, side}; `hands` its {white: [...], black: [...]}.
  setPosition(board, hands) {
    this.position = board;
    this.hands = hands;
    const now = new Map(board.map((p) => [p.square, p]));
    for (const [sq, cell] of this.cells) {
      const p = now.get(sq);
      const key = p ? `${p.side}:${p.piece}` : "";
      if (this.drawn.get(sq) === key) continue;
      this.drawn.set(sq, key);
      if (p) {
        cell.innerHTML = this.pieceSvg(p.piece, p.side);
        cell.dataset.piece = p.piece;
        cell.dataset.side = p.side;
      } else {
        cell.innerHTML = "";
        delete cell.dataset.piece;
        delete cell.dataset.side;
      }
    }
    this.drawHands(hands);
  }

  drawHands(hands) {
    const bottom = this.flipped ? "black" : "white";
    const top = this.flipped ? "white" : "black";
    const draw = (el, side) => {
      const list = (hands && hands[side]) || [];
      el.hidden = !hands || !this.hasHands;
      el.dataset.side = side;
      el.innerHTML = list
        .map((h) => `<button type="button" class="hand-piece" data-hand-piece="${h.piece}" data-side="${side}" ` +
          `aria-label="${side} ${h.piece} in hand, ${h.count}">${this.pieceSvg(h.piece, side)}` +
          `<span class="count">${h.count}</span></button>`)
        .join("") || `<span class="muted">${side}'s hand is empty</span>`;
    };
    draw(this.handTop, top);
    draw(this.handBottom, bottom);
  }

  // Marks: {selected: square|null, hand: {piece, side}|null, dests: Map(square -> "move"|"capture"|"leg"),
  // last: [squares], checks: [squares], zone: Set(squares)|null, origin: square|null, also: Set(squares)|null:
  // destinations that are also reached another way, e.g. a Lion's second leg}.
  setMarks(marks) {
    this.marks = marks;
    for (const [sq, cell] of this.cells) {
      const mark = marks.dests && marks.dests.get(sq);
      if (mark) cell.dataset.mark = mark;
      else delete cell.dataset.mark;
      toggle(cell, "data-selected", sq === marks.selected);
      toggle(cell, "data-last", marks.last && marks.last.includes(sq));
      toggle(cell, "data-check", marks.checks && marks.checks.includes(sq));
      toggle(cell, "data-zone", marks.zone && marks.zone.has(sq));
      toggle(cell, "data-origin", sq === marks.origin);
      toggle(cell, "data-also", marks.also && marks.also.has(sq));
    }
    for (const item of document.querySelectorAll(".hand-piece")) {
      const on = marks.hand && marks.hand.piece === item.dataset.handPiece && marks.hand.side === item.dataset.side;
      toggle(item, "data-selected", on);
    }
  }

  // Keyboard: the arrow keys move a cursor over the squares, Enter or Space clicks the square under it.
  key(e) {
    if (!this.game) return;
    const { files } = this.game.board;
    const order = this.screenOrder();
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -files, ArrowDown: files };
    if (e.key in moves) {
      const next = this.cursor + moves[e.key];
      if (next >= 0 && next < order.length) this.cursor = next;
    } else if (e.key === "Enter" || e.key === " ") {
      this.onSquare(order[this.cursor]);
    } else {
      return;
    }
    e.preventDefault();
    for (const cell of this.el.querySelectorAll("[data-cursor]")) cell.removeAttribute("data-cursor");
    this.cells.get(order[this.cursor]).setAttribute("data-cursor", "");
  }
}

function toggle(el, attr, on) {
  if (on) {
    if (!el.hasAttribute(attr)) el.setAttribute(attr, "");
  } else if (el.hasAttribute(attr)) {
    el.removeAttribute(attr);
  }
}
