// The move history panel (GET /api/rooms/{code}/history): what happened in the game being
// played, as this screen may know it (a phone reads as its seat, the table as the table; the
// server decides, see app/routes/night.py). Each line is a key of the game's catalogue
// (`<game>.history.<key>`) with its parameters; `player` holds a seat id, shown as its name.
import { $, fill, h, stylesheet } from "./dom.js";
import { t } from "./i18n.js";

stylesheet("/static/css/night.css");

/** One history line as text, in the page's language. */
export function historyText(game, line, name) {
  const params = {};
  for (const [key, value] of Object.entries(line.params || {})) {
    if (key === "player") params[key] = name(value);
    else if (key === "players") params[key] = value.map(name).join(", ");
    else params[key] = Array.isArray(value) ? value.join(" ") : value;
  }
  const text = t(`${game}.history.${line.key}`, params, line.key);
  return line.timed_out ? `${text} ${t("history.timed_out")}` : text;
}

export class HistoryPanel {
  /**
   * @param {string} code the room
   * @param {() => string | null} token this screen's seat or host token (null: read as the table)
   * @param {(player: string) => string} name a seat's name
   */
  constructor(code, token, name) {
    this.code = code;
    this.token = token;
    this.name = name;
    this.dialog = $("#history");
    this.list = $("#history-list");
    this.shown = -1; // the version drawn
    this.wanted = -1; // the newest version seen while open
    this.busy = false;
  }

  open(message) {
    this.dialog.showModal();
    if (this.shown < 0) fill(this.list, h("li", { class: "muted", text: t("history.loading") }));
    this.refresh(message);
  }

  /** A new state: while the panel is open, fetch the history of this version (one request
   * at a time; a burst of moves is fetched once). */
  refresh(message) {
    if (!this.dialog.open || !message) return;
    this.wanted = Math.max(this.wanted, message.version);
    this.game = message.room.game;
    if (!this.busy && this.wanted !== this.shown) this.fetch();
  }

  async fetch() {
    this.busy = true;
    const version = this.wanted;
    try {
      const token = this.token();
      const headers = token ? { authorization: `Bearer ${token}` } : {};
      const response = await fetch(`/api/rooms/${this.code}/history`, { headers });
      if (!response.ok) throw new Error(String(response.status));
      const body = await response.json();
      this.draw(body);
      this.shown = version;
    } catch {
      fill(this.list, h("li", { class: "muted", text: t("history.failed") }));
    } finally {
      this.busy = false;
    }
    if (this.dialog.open && this.wanted > version) this.fetch();
  }

  draw(body) {
    const lines = [...body.entries].reverse(); // the newest first
    if (!lines.length) {
      fill(this.list, h("li", { class: "muted", text: t("history.empty") }));
      return;
    }
    fill(this.list, lines.map((line) => h("li", {
      class: "history-line", dataset: { n: line.n, key: line.key },
    }, h("span", { class: "history-n muted", text: String(line.n) }),
       h("span", { class: "history-text", text: historyText(body.game, line, this.name) }))));
  }
}
