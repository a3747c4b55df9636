// The board: a CSS grid of squares built once per game and updated in place per position, so that a 36x36 board
// (1,296 squares) redraws only what changed. Every square carries data attributes (data-square, data-piece,
// data-side, data-mark, ...) that the styles and the browser test read. Hands are drawn beside it.
import { pieceSvg } from "./pieces.js";

const FIGURE_LETTERS = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N", pawn: "P" };
// The smallest square drawn by default, in CSS pixels: two stacked kanji stay about 12 px tall (measured by eye in
// Chromium with Noto Sans CJK: below that they blur). Boards that fit the window at this size or more look as before.
const MIN_SQUARE = 32;
// A board that fits the window whole at this size or more is drawn to fit rather than scroll by a few ranks.
const FIT_SQUARE = 28;
const MIN_ZOOM = 8;
const MAX_ZOOM = 120;
const MIN_LABEL = 14;
// Room under the board's frame for the tools and the status line, so that they stay on screen.
const FRAME_BELOW = 120;

// The width of the coordinates' row and column for a square size: readable on 36 files ("aj"), never huge.
function labelFor(size) {
  return Math.round(Math.max(MIN_LABEL, Math.min(22, size * 0.6)));
}

export class Board {
  constructor(element, handTop, handBottom, onSquare, onHand) {
    this.el = element;
    this.handTop = handTop;
    this.handBottom = handBottom;
    this.onSquare = onSquare;
    this.onHand = onHand;
    this.flipped = false;
    this.zoom = null;
    this.coords = true;
    this.glyphs = true;
    this.cursor = 0;
    this.cells = new Map();
    this.el.addEventListener("click", (e) => {
      const cell = e.target.closest("[data-square]");
      if (cell && !cell.hasAttribute("data-hole")) {
        // A tap shows the piece's name too, where there is no hover (a touch screen).
        if (this.onInfo) this.onInfo(this.describeSquare(cell.dataset.square));
        this.onSquare(cell.dataset.square);
      }
    });
    // The piece under the mouse, named under the board: on a 36x36 board the picture alone may not tell.
    this.el.addEventListener("mouseover", (e) => {
      const cell = e.target.closest("[data-square]");
      if (cell && this.onInfo) this.onInfo(this.describeSquare(cell.dataset.square));
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
  setGame(game, id) {
    // The same game again (its file saved): the zoom and the scrolled place are kept.
    const same = this.game && this.gameId === id;
    this.game = game;
    this.gameId = id;
    this.info = new Map();
    for (const p of game.pieces) {
      this.info.set(p.letter.toUpperCase(), { ...p, chess: FIGURE_LETTERS[p.figure] || null });
    }
    this.style = game.rotated ? "shogi" : "chess";
    this.el.classList.toggle("shogi", game.rotated);
    this.holes = new Set(game.board.holes);
    this.hasHands = game.pieces.some((p) => p.droppable);
    if (!same) this.zoom = null;
    this.build();
    if (!same) this.scrollHome();
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
      html.push(`<div class="label corner"></div>`);
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

  // The square size. A board that fits the window at a readable size (FIT_SQUARE or more) is drawn to fit it, as
  // before; a larger one (Maka Dai Dai or Taikyoku on a laptop) gets MIN_SQUARE and scrolls inside its frame, the
  // coordinates staying at the frame's edges. The zoom buttons set the size by hand; "Fit" shows the
  // whole board however small.
  fit() {
    if (!this.game) return;
    const wrap = this.el.parentElement;
    const { files, ranks } = this.game.board;
    const fitSize = (label) => {
      const width = wrap.clientWidth - label - 4;
      const height = Math.max(200, this.frameHeight() - label);
      return Math.floor(Math.min(width / files, height / ranks));
    };
    let size = this.zoom === "fit" ? fitSize(this.coords ? MIN_LABEL : 0) : this.zoom;
    if (!size) {
      // A board that fits at FIT_SQUARE or more is shown whole (Tai's 25x25 at 1920x1080); a larger one scrolls.
      const fit = fitSize(this.coords ? labelFor(MIN_SQUARE) : 0);
      size = fit >= FIT_SQUARE ? fit : MIN_SQUARE;
    }
    size = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, size));
    const label = this.coords ? labelFor(size) : 0;
    this.size = size;
    // On the board's area, so that the hands beside the board scale with it.
    const area = this.el.closest(".board-area") || this.el;
    area.style.setProperty("--sq", `${size}px`);
    area.style.setProperty("--label", `${label}px`);
    area.style.setProperty("--files", files);
    area.style.setProperty("--frame", `${Math.max(200, this.frameHeight())}px`);
    const scrolls = size * files + label > wrap.clientWidth || size * ranks + label > this.frameHeight();
    wrap.classList.toggle("scrolls", scrolls);
    if (this.onZoom) this.onZoom(size, scrolls);
  }

  // The height the board's frame may take: the window below its top, less room for the tools under it.
  frameHeight() {
    const wrap = this.el.parentElement;
    return window.innerHeight - Math.max(0, wrap.getBoundingClientRect().top + window.scrollY) - FRAME_BELOW;
  }

  // Zoom: "in" and "out" by a step from the size shown, "fit" the whole board, null the default (above).
  setZoom(how) {
    const current = this.size || MIN_SQUARE;
    if (how === "in") this.zoom = Math.round(current * 1.25);
    else if (how === "out") this.zoom = Math.round(current / 1.25);
    else this.zoom = how;
    this.fit();
  }

  // The bottom side's camp in view: a board larger than its frame opens scrolled to its bottom rows.
  scrollHome() {
    const wrap = this.el.parentElement;
    wrap.scrollTop = wrap.scrollHeight;
    wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
  }

  // What a square holds, in words, for the hover title and the line under the board ("e5: White Lion (N) 獅子").
  describeSquare(sq) {
    const p = this.occupant && this.occupant.get(sq);
    if (!p) return sq;
    const info = this.pieceInfo(p.piece);
    const side = p.side === "white" ? "White" : "Black";
    const name = info ? info.name : p.piece;
    const glyph = info && info.glyph ? ` ${info.glyph}` : "";
    return `${sq}: ${side} ${name} (${p.piece.replace(/[()]/g, "")})${glyph}`;
  }

  // The pieces: `board` is the API's list of {square, piece, side}; `hands` its {white: [...], black: [...]}.
  setPosition(board, hands) {
    this.position = board;
    this.hands = hands;
    const now = new Map(board.map((p) => [p.square, p]));
    this.occupant = now;
    for (const [sq, cell] of this.cells) {
      const p = now.get(sq);
      const key = p ? `${p.side}:${p.piece}` : "";
      if (this.drawn.get(sq) === key) continue;
      this.drawn.set(sq, key);
      if (p) {
        cell.innerHTML = this.pieceSvg(p.piece, p.side);
        cell.dataset.piece = p.piece;
        cell.dataset.side = p.side;
        cell.title = this.describeSquare(sq);
      } else {
        cell.innerHTML = "";
        cell.removeAttribute("title");
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
    const cell = this.cells.get(order[this.cursor]);
    cell.setAttribute("data-cursor", "");
    // On a board that scrolls in its frame, the cursor stays in view.
    cell.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

function toggle(el, attr, on) {
  if (on) {
    if (!el.hasAttribute(attr)) el.setAttribute(attr, "");
  } else if (el.hasAttribute(attr)) {
    el.removeAttribute(attr);
  }
}
