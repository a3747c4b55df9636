// The live file: the server tells of every change to a served file (/api/watch). A change that compiles reloads the
// game and keeps the line as far as it is still legal; a broken one shows its diagnostics, and the last good
// version stays playable.

function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// One diagnostic as the terminal shows it: where, the message, the source line, the caret and the advice.
function diagnosticHtml(d) {
  const where = `${d.file ?? ""}:${d.line ?? "?"}:${d.column ?? "?"}`;
  const notes = [...(d.notes || []).map((n) => `note: ${n}`), ...(d.help || []).map((h) => `help: ${h}`)];
  return `<article class="diagnostic" data-line="${d.line ?? ""}">` +
    `<p><strong class="${escapeHtml(d.severity)}">${escapeHtml(d.severity)}</strong>: ${escapeHtml(d.message)}</p>` +
    `<p class="where">--&gt; ${escapeHtml(where)}</p>` +
    (d.source_line !== undefined
      ? `<pre class="source">${escapeHtml(d.source_line)}\n<span class="caret">${escapeHtml(d.caret)}</span></pre>`
      : "") +
    notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join("") +
    `</article>`;
}

export function showDiagnostics(panel, list, diagnostics) {
  if (!diagnostics || !diagnostics.length) {
    panel.hidden = true;
    list.innerHTML = "";
    document.body.removeAttribute("data-broken");
    return;
  }
  list.innerHTML = diagnostics.map(diagnosticHtml).join("");
  panel.hidden = false;
  document.body.setAttribute("data-broken", "");
}
