// The Balance tab: plays a `tatsu balance` run on the server with its progress game by game, or reads a records
// file a designer played elsewhere (`tatsu balance --out`), and shows the report as `balance --html` draws it. The
// report page is the server's own HTML, shown in a sandboxed frame with no scripts.
import * as api from "./api.js";

export class Balance {
  constructor(ui) {
    this.ui = ui;
    this.job = null;
    this.urls = [];
    this.$ = (id) => document.getElementById(id);
    this.$("balance-start").onclick = () => this.start();
    this.$("balance-stop").onclick = () => this.stop();
    this.$("balance-records").onchange = (e) => this.readRecords(e.target.files[0]);
  }

  say(text) {
    this.$("balance-status").textContent = text;
  }

  running(on) {
    this.$("balance-start").disabled = on;
    this.$("balance-stop").disabled = !on;
    this.$("balance-progress").hidden = !on;
  }

  settings() {
    const n = (id) => Number(this.$(id).value);
    return {
      game: this.ui.gameId,
      games: n("balance-games"),
      // Empty: the server measures the budget for the game, as `tatsu balance` does.
      nodes: this.$("balance-nodes").value === "" ? undefined : n("balance-nodes"),
      max_plies: n("balance-plies"),
      opening_plies: n("balance-opening"),
      seed: n("balance-seed"),
    };
  }

  async start() {
    if (this.job || !this.ui.gameId) return;
    const req = this.settings();
    const progress = this.$("balance-progress");
    progress.value = 0;
    this.running(true);
    this.say("Playing the first game…");
    try {
      this.job = await api.startJob("balance", req, {
        progress: (p) => {
          progress.max = p.of;
          progress.value = p.done;
          const last = p.winner ? `${p.winner} won by ${p.end}` : p.end;
          this.say(`${p.done} of ${p.of} games played (the last: ${last}).`);
        },
        done: (d) => {
          this.finished();
          const r = d.report;
          const stopped = d.stopped ? ` Stopped after ${r.games} of ${r.run.games} games.` : "";
          this.show(d, `${r.games} games of ${r.title}.${stopped}`);
        },
        error: (d) => {
          this.finished();
          this.say(`No report: ${d.error}.`);
        },
      });
    } catch (err) {
      this.finished();
      this.say(err.message);
    }
  }

  // Stop asks the server to end the run; the stream stays open for the report of the games already finished.
  stop() {
    if (!this.job) return;
    this.job.cancel();
    this.say("Stopping: the report of the games finished so far follows…");
  }

  finished() {
    this.job = null;
    this.running(false);
  }

  async readRecords(file) {
    if (!file || !this.ui.gameId) return;
    this.say(`Reading ${file.name}…`);
    try {
      const records = await file.text();
      const d = await api.balanceRecords({ game: this.ui.gameId, records });
      const notes = d.notes.length ? ` Notes: ${d.notes.join("; ")}` : "";
      this.show(d, `${d.report.games} games from ${file.name}, each replayed and checked.${notes}`);
    } catch (err) {
      this.say(`${file.name}: ${err.message}`);
    } finally {
      this.$("balance-records").value = "";
    }
  }

  // Shows a report: its HTML page in the frame, and links that save it.
  show(d, words) {
    this.say(words);
    const frame = this.$("balance-report");
    frame.srcdoc = d.html;
    frame.hidden = false;
    for (const url of this.urls) URL.revokeObjectURL(url);
    const link = (id, text, type) => {
      const url = URL.createObjectURL(new Blob([text], { type }));
      this.urls.push(url);
      this.$(id).href = url;
    };
    this.urls = [];
    link("balance-download", d.html, "text/html");
    link("balance-download-json", JSON.stringify(d.report, null, 2), "application/json");
    this.$("balance-actions").hidden = false;
  }
}
