// Turn clocks in the browser, loaded by the shell only once a room has them: the host's
// switch and lengths in the lobby (a sheet), the line the others read, the countdown every
// screen shows in its top bar, and whose time ran out. The server gives the deadline in its
// own time (room.clock.due, seconds since 1970); the client's offset from the server's clock
// (learnt from pongs) turns it into this device's time, so every phone and the table agree.

import { $, bubble, fill, h, stylesheet } from "./dom.js";
import { loadGameCatalogue, t } from "./i18n.js";

/** The shell's turn clocks: everything it draws of them, from each state. */
export class Clocks {
  constructor(shell) {
    this.shell = shell;
    // the countdown (in the top bar) and the others' line (under the lobby's players)
    const clock = h("span", { id: "clock", class: "clock", role: "timer", hidden: true },
      h("span", { class: "clock-icon", "aria-hidden": "true" }), h("span", { class: "clock-time" }));
    $("#game-title").after(clock);
    $("#lobby-players").after(h("p", { id: "lobby-timers", class: "muted timers-summary", hidden: true }));
    this.countdown = new Countdown(clock, () => shell.client.serverNow());
    this.timedOutAt = -1; // the version whose forced move was last told
    this.texts = new Map(); // game id -> its catalogue loading (the clocks' labels)
    this.styles = stylesheet("/static/css/clock.css");
    this.sheet = h("dialog", { id: "timers", class: "sheet", "aria-labelledby": "timers-title" },
      h("div", { class: "sheet-head" }, h("h2", { id: "timers-title", text: t("timers.title") }),
        h("button", { class: "icon-button close", type: "button", "data-close": true,
                      "aria-label": t("dialog.close"), text: "×" })),
      h("div", { id: "timers-body" }));
    this.sheet.addEventListener("click", (event) => {
      const target = /** @type {Element} */ (event.target);
      if (target === this.sheet || target.closest("[data-close]")) this.sheet.close();
    });
    document.body.append(this.sheet);
  }

  /** Draw ``message`` (``game``: its entry from /api/games, or null while it loads);
   * resolves once drawn. */
  async draw(message, game) {
    await Promise.all([this.styles, game && this.gameTexts(game.id)]);
    if (this.shell.current !== message) return; // a newer state draws instead
    const room = message.room;
    this.countdown.update(room);
    if (room.phase !== "lobby" && this.sheet.open) this.sheet.close();
    const player = room.timed_out;
    if (player && this.timedOutAt !== message.version) {
      this.timedOutAt = message.version;
      const clock = $("#clock");
      bubble(clock.hidden ? $("#conn") : clock, player === message.you ? t("clock.timed_out_you")
        : t("clock.timed_out", { name: this.shell.names.get(player) ?? player }), "info");
    }
    if (room.phase === "lobby") this.drawLobby(message, game);
  }

  /** The host's button (the lengths, or "off") opens the sheet; the others read the lengths
   * on one line while the clocks are on. */
  drawLobby(message, game) {
    const room = message.room;
    const clocks = Boolean(game?.clocks?.length);
    const summary = timersSummary(game, room.timers);
    const button = $("#open-timers");
    button.hidden = !(message.is_host && clocks);
    button.textContent = `⏱ ${summary}`;
    button.setAttribute("aria-label", `${t("timers.title")}: ${summary}`);
    const line = $("#lobby-timers");
    line.hidden = !(clocks && room.timers && !message.is_host);
    line.textContent = t("timers.summary", { lengths: summary });
    line.title = timersDetail(game, room.timers);
    if (!this.sheet.open) return;
    if (!message.is_host || !clocks) {
      this.sheet.close();
      return;
    }
    fill($("#timers-body"), timersForm(game, room.timers, {
      onChange: async (timers) => {
        if (!(await this.shell.command({ type: "set_timers", timers }, $("#timers-body")))) {
          this.drawLobby(this.shell.current, game);
        }
      },
    }));
  }

  /** The host opens the timers' sheet. */
  open() {
    this.sheet.showModal();
    const message = this.shell.current;
    if (message) this.drawLobby(message, this.shell.game?.pending ? null : this.shell.game);
  }

  /** A game's own texts (its catalogue: the clocks' labels), added once. */
  gameTexts(id) {
    if (!this.texts.has(id)) this.texts.set(id, loadGameCatalogue(id));
    return this.texts.get(id);
  }
}

/** "1:05", "0:09". */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The lengths of the clocks, shortly: "90 · 60 s" (for a button or a line of the lobby). */
export function timersSummary(game, timers) {
  if (!timers) return t("timers.off");
  const lengths = (game?.clocks || []).map((clock) => timers[clock.name] ?? clock.seconds);
  return t("timers.seconds", { n: lengths.join(" · ") });
}

/** The full labels of the clocks and their lengths (a tooltip, so the lobby line stays short). */
export function timersDetail(game, timers) {
  return (game?.clocks || []).map((clock) => `${clockLabel(game, clock)}: ${timers?.[clock.name] ?? clock.seconds}`)
    .join("\n");
}

function clockLabel(game, clock) {
  return t(`${game.id}.clock.${clock.name}`, {}, clock.description);
}

/**
 * The host's turn clock controls (the lobby's timers sheet): a switch, and while on the
 * length of each of the game's clocks (from GET /api/games: `game.clocks`). `onChange(timers)`
 * gets what the server is to set: null (off), or the lengths changed.
 * @param {object} game
 * @param {object | null} timers
 * @param {{onChange?: (timers: object | null) => void}} [how]
 */
export function timersForm(game, timers, { onChange = () => {} } = {}) {
  const id = `timers-${game.id}`;
  const on = h("input", { id, type: "checkbox", class: "switch", checked: Boolean(timers) });
  on.addEventListener("change", () => onChange(on.checked ? {} : null));
  const rows = [h("label", { class: "option", for: id },
    h("span", { class: "option-label", text: t("timers.switch") }), on)];
  if (timers) {
    for (const clock of game.clocks) {
      const inputId = `timer-${game.id}-${clock.name}`;
      const input = h("input", {
        id: inputId, type: "number", inputmode: "numeric", min: 1, max: 3600,
        value: String(timers[clock.name] ?? clock.seconds),
      });
      input.addEventListener("change", () => {
        const seconds = Number.parseInt(input.value, 10);
        if (Number.isFinite(seconds)) onChange({ [clock.name]: seconds });
      });
      rows.push(h("label", { class: "option", for: inputId },
        h("span", { class: "option-label", text: clockLabel(game, clock) }), input));
    }
  }
  return h("div", { class: "option-list" }, rows, h("p", { class: "muted", text: t("timers.hint") }));
}

/** The countdown in the top bar: hidden unless a turn clock runs; redrawn a few times a
 * second from the deadline (never counted down locally, so it cannot drift). */
export class Countdown {
  constructor(element, now) {
    this.element = element;
    this.now = now; // () => the server's time now, in seconds
    this.clock = null;
    this.timer = 0;
  }

  update(room) {
    const clock = room.phase === "playing" ? room.clock : null;
    this.clock = clock;
    clearInterval(this.timer);
    this.timer = 0;
    this.element.hidden = !clock;
    if (!clock) return;
    this.draw();
    if (!clock.paused) this.timer = setInterval(() => this.draw(), 250);
  }

  draw() {
    const clock = this.clock;
    if (!clock) return;
    const left = clock.paused ? clock.left : clock.due - this.now();
    const text = clockText(left);
    const element = this.element;
    element.querySelector(".clock-time").textContent = text;
    element.dataset.left = String(Math.max(0, Math.ceil(left)));
    element.classList.toggle("is-paused", clock.paused);
    element.classList.toggle("is-low", !clock.paused && left <= Math.min(10, clock.seconds / 3));
    element.setAttribute("aria-label", clock.paused ? t("clock.paused_at", { time: text })
      : t("clock.left", { time: text }));
    element.title = element.getAttribute("aria-label");
  }
}
