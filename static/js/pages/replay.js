// The replay page: /replay/{code}/{game}. It steps through a finished game of the night move
// by move as the table saw it (GET /api/rooms/{code}/replays/{game}: one view per move,
// computed by the server from the stored log), drawn by the game's own table module; once the
// game is over every hand may be seen too ("Seen by": a seat's views, drawn by the game's
// phone module, which can send nothing here). Play/pause steps on a timer; the slider jumps.
import { $, fill, h, stylesheet } from "../dom.js";
import { errorText, loadCatalogue, loadGameCatalogue, t } from "../i18n.js";
import { historyText } from "../history.js";

const STEP_MS = 900;

class Replay {
  constructor(code, gameId) {
    this.code = code;
    this.gameId = gameId;
    this.data = null;
    this.index = 0;
    this.timer = 0;
    this.plugin = null;
    this.module = null;
    this.mounted = null; // the viewer the plugin is mounted for
  }

  async start() {
    await loadCatalogue();
    try {
      this.data = await this.fetch(null);
    } catch (error) {
      this.fail(error);
      return;
    }
    const game = this.data.game;
    $("#replay-title").textContent = t("replay.title", { game: this.data.title });
    await Promise.all([loadGameCatalogue(game), stylesheet(`/static/css/games/${game}.css`)]);
    this.module = await import(`/static/js/games/${game}.js`);
    const pick = $("#replay-seat");
    fill(pick, h("option", { value: "", text: t("replay.table") }),
      this.data.players.map((p) => h("option", { value: p, text: this.name(p) })));
    pick.addEventListener("change", () => this.view(pick.value || null));
    const slider = $("#replay-slider");
    slider.max = String(this.data.frames.length - 1);
    slider.addEventListener("input", () => { this.pause(); this.show(Number(slider.value)); });
    $("#replay-play").addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    $("#replay-status").hidden = true;
    $("#replay-controls").hidden = false;
    $("#game").hidden = false;
    this.show(0);
  }

  async fetch(seat) {
    const query = seat ? `?seat=${encodeURIComponent(seat)}` : "";
    const response = await fetch(`/api/rooms/${this.code}/replays/${this.gameId}${query}`);
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw body;
    return body;
  }

  fail(error) {
    const status = $("#replay-status");
    status.textContent = errorText(error?.code, error?.message);
    status.dataset.code = error?.code || "unknown";
  }

  name(player) {
    const name = this.data.names[player] ?? player;
    const bot = /^Bot (\d+)$/.exec(name);
    return bot ? t("lobby.bot_name", { n: bot[1] }) : name;
  }

  /** Switch whose views are shown: the table's, or a seat's (the game has ended). */
  async view(seat) {
    this.pause();
    try {
      const data = await this.fetch(seat);
      this.data = data;
    } catch (error) {
      this.fail(error);
      return;
    }
    this.show(Math.min(this.index, this.data.frames.length - 1));
  }

  mount() {
    const seat = this.data.viewer;
    if (this.plugin && this.mounted === seat) return;
    const root = $("#game");
    fill(root);
    root.classList.toggle("is-replay-seat", seat !== null);
    const ctx = {
      mode: seat === null ? "table" : "phone",
      game: this.data.game,
      t,
      name: (player) => this.name(player),
      seat: () => null,
      act: () => Promise.resolve(false), // a replay plays nothing
      say: () => {},
      pref: (key, fallback) => fallback,
    };
    this.plugin = this.module.mount(root, ctx);
    this.mounted = seat;
  }

  show(index) {
    this.index = index;
    const frames = this.data.frames;
    const frame = frames[index];
    const last = index === frames.length - 1;
    this.mount();
    const message = {
      version: frame.n, you: this.data.viewer, is_host: false,
      room: { code: this.code, game: this.data.game, title: this.data.title,
              phase: last ? "finished" : "playing", players: [] },
      view: frame.view, outcome: last ? this.data.outcome : null,
    };
    this.plugin.update(frame.view, message);
    $("#replay-slider").value = String(index);
    $("#replay-step").textContent = index === 0
      ? t("replay.start") : t("replay.step", { n: index, total: frames.length - 1 });
    $("#replay-line").textContent = frame.line ? historyText(this.data.game, frame.line, (p) => this.name(p)) : "";
    document.body.dataset.frame = String(index);
  }

  play() {
    if (this.index >= this.data.frames.length - 1) this.show(0);
    $("#replay-play").textContent = t("replay.pause");
    this.timer = setInterval(() => {
      if (this.index >= this.data.frames.length - 1) this.pause();
      else this.show(this.index + 1);
    }, STEP_MS);
  }

  pause() {
    clearInterval(this.timer);
    this.timer = 0;
    $("#replay-play").textContent = t("replay.play");
  }
}

const app = /** @type {HTMLElement} */ (document.querySelector(".replay"));
new Replay(document.body.dataset.code, app.dataset.gameId).start();
