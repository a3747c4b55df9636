// Analysis of the position shown: a search with its iterations arriving live (depth, score, nodes, PV), and perft
// with its divide rows; each can be stopped (the server cancels the job).
import * as api from "./api.js";

export class Analysis {
  constructor(ui, play) {
    this.ui = ui;
    this.play = play;
    this.search = null;
    this.perft = null;
    this.$ = (id) => document.getElementById(id);
    this.$("search-start").onclick = () => this.startSearch();
    this.$("search-stop").onclick = () => this.stopSearch();
    this.$("perft-start").onclick = () => this.startPerft();
    this.$("perft-stop").onclick = () => this.stopPerft();
  }

  running(kind, on) {
    this.$(`${kind}-start`).disabled = on;
    this.$(`${kind}-stop`).disabled = !on;
  }

  async startSearch() {
    this.stopSearch();
    const rows = this.$("search-rows");
    rows.innerHTML = "";
    this.$("search-best").textContent = "Searching…";
    this.running("search", true);
    const limit = { preset: this.$("search-preset").value };
    try {
      this.search = await api.startJob("search", { ...this.play.request(), limit }, {
        iteration: (it) => {
          const score = it.mate !== null && it.mate !== undefined ? `mate ${it.mate}` : `${it.score}`;
          rows.insertAdjacentHTML("beforeend", `<tr><td>${it.depth}</td><td>${score}</td>` +
            `<td>${it.nodes}</td><td>${it.pv.join(" ")}</td></tr>`);
        },
        done: (d) => {
          this.running("search", false);
          this.$("search-best").textContent = `Best move ${d.best ?? "none"}, depth ${d.depth}, ${d.nodes} nodes.`;
        },
        error: (d) => {
          this.running("search", false);
          this.$("search-best").textContent = `Stopped: ${d.error}`;
        },
      });
    } catch (err) {
      this.running("search", false);
      this.$("search-best").textContent = err.message;
    }
  }

  stopSearch() {
    if (this.search) this.search.stop();
    this.search = null;
    this.running("search", false);
  }

  async startPerft() {
    this.stopPerft();
    const rows = this.$("perft-rows");
    const total = this.$("perft-total");
    rows.innerHTML = "";
    total.textContent = "Counting…";
    this.running("perft", true);
    const req = { ...this.play.request(), depth: Number(this.$("perft-depth").value),
      divide: this.$("perft-divide").checked };
    try {
      this.perft = await api.startJob("perft", req, {
        progress: (p) => { total.textContent = `Counting… ${p.done} of ${p.of} root moves`; },
        divide: (d) => rows.insertAdjacentHTML("beforeend", `<li>${d.move}: ${d.nodes}</li>`),
        done: (d) => {
          this.running("perft", false);
          total.textContent = `Nodes searched: ${d.nodes} (${d.ms} ms)`;
        },
        error: (d) => {
          this.running("perft", false);
          total.textContent = `Stopped: ${d.error}`;
        },
      });
    } catch (err) {
      this.running("perft", false);
      total.textContent = err.message;
    }
  }

  stopPerft() {
    if (this.perft) this.perft.stop();
    this.perft = null;
    this.running("perft", false);
  }
}
