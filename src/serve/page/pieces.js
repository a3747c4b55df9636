// Piece pictures, drawn as SVG text by script (no image files): chess figures for pieces that are a chess
// K Q R B N P, shogi-style pentagons pointing at the opponent in rotated (shogi-like) games, and round tokens with
// the piece's letters otherwise. A glyph given by the variant file wins over letters. Each picture is built once
// per (piece, side, orientation) and cached, because a 36x36 board draws the same few strings a thousand times.

const cache = new Map();

// Simple figures of our own, on a 100x100 canvas; each is a list of SVG elements without colours.
const FIGURES = {
  P: `<circle cx="50" cy="32" r="13"/><path d="M34 78 Q36 52 50 45 Q64 52 66 78 Z"/>`,
  R: `<path d="M27 20 h11 v8 h7 v-8 h10 v8 h7 v-8 h11 v20 h-46 Z"/><rect x="33" y="40" width="34" height="38"/>`,
  B: `<path d="M36 78 Q28 56 50 22 Q72 56 64 78 Z"/><circle cx="50" cy="17" r="6"/>` +
    `<path d="M55 40 L45 54 M42 64 H58" fill="none" stroke="DETAIL"/>`,
  Q: `<path d="M30 78 L20 34 L38 56 L50 26 L62 56 L80 34 L70 78 Z"/>` +
    `<circle cx="20" cy="31" r="6"/><circle cx="50" cy="22" r="6"/><circle cx="80" cy="31" r="6"/>`,
  K: `<path d="M30 78 Q22 52 40 46 H60 Q78 52 70 78 Z"/><path d="M46 14 h8 v8 h8 v8 h-8 v16 h-8 v-16 h-8 v-8 h8 Z"/>`,
  N: `<path d="M30 78 H70 Q72 44 58 26 L56 14 L48 22 Q30 28 22 50 L27 60 L40 53 Q46 58 34 70 Z"/>` +
    `<circle cx="47" cy="34" r="3" fill="DETAIL" stroke="none"/>`,
};
const BASE = `<rect x="24" y="78" width="52" height="10" rx="3"/>`;

function escapeXml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The text drawn on a piece: its glyph when the file gives one, else its letters (the FEN id, without brackets).
export function pieceLabel(info, id) {
  if (info && info.glyph) return info.glyph;
  return id.replace(/[()]/g, "");
}

function chessFigure(kind, white) {
  const fill = white ? "#fbfbf7" : "#2a2a2a";
  const line = white ? "#1a1a1a" : "#000";
  const detail = white ? "#1a1a1a" : "#e8e8e8";
  const shape = FIGURES[kind].replaceAll("DETAIL", detail);
  return `<g fill="${fill}" stroke="${line}" stroke-width="3" stroke-linejoin="round">${shape}${BASE}</g>`;
}

// Text fitted into a box `width` wide around (cx, cy), as large as it can be: a piece on a 36x36 board is 30 px,
// so every unit counts. One character large; two CJK characters stacked (the way they are written on a shogi
// piece), three or four in two rows; Latin letters beyond two squeezed to the width (textLength) rather than
// shrunk, since height is what keeps "WHT" or "DSP" legible.
function fittedText(label, cx, cy, colour, maxSize, width) {
  const chars = [...label];
  const cjk = chars.every((c) => c.codePointAt(0) > 0x2e80);
  const text = (x, y, size, t, squeeze) =>
    `<text x="${x}" y="${y}" font-size="${size.toFixed(1)}" fill="${colour}"` +
    (squeeze ? ` textLength="${squeeze}" lengthAdjust="spacingAndGlyphs"` : "") + `>${escapeXml(t)}</text>`;
  if (cjk && chars.length >= 2) {
    const rows = chars.length === 2 ? [chars[0], chars[1]] : [chars.slice(0, Math.ceil(chars.length / 2)).join(""),
      chars.slice(Math.ceil(chars.length / 2)).join("")];
    const perRow = Math.max(...rows.map((r) => [...r].length));
    const size = Math.min(maxSize * 0.86, (width * 0.98) / perRow);
    return rows.map((r, i) => text(cx, cy + (i - 0.5) * size * 1.02, size, r)).join("");
  }
  if (chars.length <= 1) return text(cx, cy, maxSize, label);
  // Latin capitals are about 0.68 of the font size wide (bold sans); squeeze only what would not fit.
  const size = chars.length === 2 ? maxSize * 0.8 : maxSize * 0.72;
  const natural = chars.length * size * 0.68;
  return text(cx, cy, size, label, natural > width ? width : 0);
}

function pentagon(label, promoted) {
  const colour = promoted ? "#c01818" : "#111";
  return `<path d="M50 5 L80 20 L90 95 L10 95 L20 20 Z" fill="#f4dca6" stroke="#5a4520" stroke-width="3"` +
    ` stroke-linejoin="round"/>` + fittedText(label, 50, 57, colour, 46, 62);
}

function token(label, white, promoted) {
  const fill = white ? "#fbfbf7" : "#2a2a2a";
  const ink = promoted ? (white ? "#c01818" : "#ff8a80") : white ? "#111" : "#f4f4f4";
  return `<circle cx="50" cy="50" r="42" fill="${fill}" stroke="${white ? "#222" : "#000"}" stroke-width="4"/>` +
    fittedText(label, 50, 52, ink, 48, 70);
}

// One piece as an SVG string. `id` is the FEN id without case (e.g. "N", "+P", "(N2)"), `white` its side,
// `info` the game's description of the piece ({glyph, chess, name}), `style` the game's ("shogi" or "chess"),
// `pointsUp` whether the piece faces the top of the screen (shogi pentagons point at the opponent).
export function pieceSvg(id, white, info, style, pointsUp) {
  const key = `${id}|${white}|${style}|${pointsUp}|${info && info.glyph}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const promoted = id.startsWith("+");
  const label = pieceLabel(info, id);
  let body;
  if (style === "shogi") {
    body = pentagon(label, promoted);
    if (!pointsUp) body = `<g transform="rotate(180 50 50)">${body}</g>`;
  } else if (info && info.chess && !info.glyph && FIGURES[info.chess]) {
    body = chessFigure(info.chess, white);
  } else {
    body = token(label, white, promoted);
  }
  const title = info && info.name ? `<title>${escapeXml((white ? "White " : "Black ") + info.name)}</title>` : "";
  const svg = `<svg class="piece" viewBox="0 0 100 100" aria-hidden="true" text-anchor="middle" ` +
    `dominant-baseline="central" font-family="'Noto Sans CJK JP','Noto Serif CJK JP',sans-serif" ` +
    `font-weight="600">${title}${body}</svg>`;
  cache.set(key, svg);
  return svg;
}
