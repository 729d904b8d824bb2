// Hues and Cues in the browser. The phone: the cue giver's card, cue box and skip; a guesser's
// board that zooms on a tap (or a pinch) so one square of 480 can be hit, the chosen square's
// coordinate and a big swatch before the cone goes down. The table screen is hues-table.js,
// loaded only there; the board and the drawing helpers here serve both.
//
// Everything is drawn from the view (`allowed`, `host_allowed`, `turn`, `cones`,
// `last_result`…) and the board's colours (/assets/hues/board.json, cached for good). The card
// and the target exist only in the cue giver's view. Cones carry their owner's initial as well
// as a colour, for colour-blind players.

import { panAndPinch, toWorld } from "../camera.js";
import { fill, h, later, s, stylesheet } from "../dom.js";

export const LETTERS = "ABCDEFGHIJKLMNOP";
export const ROWS = 16;
export const COLS = 30;
const ZOOMED = 40; // px per square after a tap on the zoomed-out board
const TAP_ZOOMS_BELOW = 26; // below this many px per square a tap zooms rather than chooses
const MAX_SCALE = 110;

let boardData = null;

export function loadBoard() {
  boardData ??= fetch("/assets/hues/board.json").then((r) => r.json()).catch(() => (boardData = null));
  return boardData;
}

const sq = (row, col) => `${LETTERS[row]}${col + 1}`;
const rowOf = (square) => LETTERS.indexOf(square[0]);
const colOf = (square) => Number(square.slice(1)) - 1;
const classes = (base, flags) => [base, ...Object.keys(flags).filter((k) => flags[k])].join(" ");

/** A colour box (set through CSSOM, which the page's CSP allows). */
export function swatch(colour, cls = "") {
  const el = h("span", { class: `hu-swatch ${cls}`, "aria-hidden": "true" });
  if (colour) el.style.background = colour;
  return el;
}

/** Player marks: a palette class by seat (hu-p0…hu-p9) and an initial unique among the
 * players ("A"; "Bob" and "Bot" when names share letters; never a letter then a digit, which
 * would read as a square). */
export function marks(view, ctx) {
  const split = (name) => (typeof Intl.Segmenter === "function"
    ? [...new Intl.Segmenter().segment(name)].map((p) => p.segment) : [...name]).filter((p) => p.trim());
  const prefix = (parts, n) => (parts.length ? parts[0].toLocaleUpperCase() + parts.slice(1, n).join("") : "");
  const names = view.players.map((p) => split(ctx.name(p)));
  // Candidates: 1 to 3 first letters, then first·last ("B·7" for "Bot 7"), then first·seat.
  const tries = (parts, i) => [1, 2, 3].map((n) => prefix(parts, n)).concat(
    `${prefix(parts, 1)}·${parts.at(-1) ?? ""}`, `${prefix(parts, 1)}·${i + 1}`);
  const all = names.map(tries);
  return new Map(view.players.map((player, i) => {
    const k = all[i].findIndex((mine, n) => all.every((other, j) => j === i || other[n] !== mine));
    return [player, { cls: `hu-p${i % 10}`, initial: all[i][k < 0 ? 4 : k] }];
  }));
}

export function chip(mark, extra = "") {
  return h("span", { class: `hu-chip ${mark?.cls ?? ""} ${extra}`, "aria-hidden": "true", text: mark?.initial ?? "" });
}

// --- the board: an SVG in square units (square A1 spans x 0–1, y 0–1) ------------------------

export class Board {
  /**
   * @param {HTMLElement} box
   * @param {{phone: boolean, onTap?: (square: string) => void, label: string}} options
   */
  constructor(box, { phone, onTap, label }) {
    this.box = box;
    this.phone = phone;
    this.onTap = onTap;
    this.auto = true;
    this.fitScale = 10;
    this.cover = undefined; // see rest(); unset, so its first call always fits
    this.focus = undefined;
    this.cells = s("g", { class: "hu-cells" });
    this.over = s("g", { class: "hu-over" });
    this.rulers = s("g");
    this.svg = s("svg", { class: "hu-svg", role: "img", "aria-label": label }, this.cells, this.over, this.rulers);
    box.append(this.svg);
    this.cam = { x: COLS / 2, y: ROWS / 2, scale: 10 };
    new ResizeObserver(() => (this.auto ? this.fit() : this.apply())).observe(box);
    if (phone) panAndPinch(this.svg, this);
  }

  colours(list) {
    fill(this.cells, list.map((fillColour, i) => s("rect", {
      x: (i % COLS) + 0.05, y: Math.floor(i / COLS) + 0.05, width: 0.9, height: 0.9, rx: 0.12, fill: fillColour,
    })));
    if (this.phone) {
      // Rulers stuck to the left and top edges (placed in apply) name a zoomed-in square.
      const label = (text) => s("text", { class: "hu-label", text });
      this.rowLabels = [...LETTERS].map(label);
      this.colLabels = Array.from({ length: COLS }, (_, c) => label(c + 1));
      this.bands = [0, 1, 2].map(() => s("rect", { class: "hu-ruler-bg" }));
      fill(this.rulers, this.bands.slice(0, 2), this.rowLabels, this.colLabels, this.bands[2]); // corner on top
    }
    this.apply();
  }

  size() {
    const box = this.svg.getBoundingClientRect();
    return { w: Math.max(1, box.width), h: Math.max(1, box.height), box };
  }

  /** The camera that shows the whole board, with room for the row letters and numbers. */
  fitted() {
    const { w, h: ht } = this.size();
    const pad = this.phone ? 20 : 0;
    const margin = this.phone ? 0.2 : 1.1;
    const scale = Math.max(1, Math.min((w - pad) / (COLS + 2 * margin), (ht - pad) / (ROWS + 2 * margin)));
    this.fitScale = scale;
    // The table keeps room above the board for its caption when the screen has some to spare.
    const drop = this.phone ? pad / 2 : Math.min(60, (ht - (ROWS + 2 * margin) * scale) / 2);
    return { x: COLS / 2 - pad / 2 / scale, y: ROWS / 2 - drop / scale, scale };
  }

  /**
   * Where the camera rests. The whole board, except on a phone while guessing: a phone held
   * upright has height to spare, so the board is shown as tall as its box (squares twice
   * the size, that a person can tell apart), round `focus` (the middle, or
   * the guesser's first cone), and a drag shows the rest; the fit button shows it all.
   */
  home() {
    const whole = this.fitted();
    if (!this.phone || !this.cover) return whole;
    const { w, h: ht } = this.size();
    // (below the size where a tap chooses, so a tap still zooms in first)
    const scale = Math.min((ht - 20) / (ROWS + 0.4), whole.scale * 2.2, TAP_ZOOMS_BELOW - 0.5);
    if (scale < whole.scale * 1.15) return whole;
    const half = w / 2 / scale;
    const [x, y] = this.focus ?? [COLS / 2, ROWS / 2];
    const lead = 24 / scale; // room for the row letters stuck to the left edge
    return { x: Math.max(half - lead, Math.min(COLS - half, x)), y: Math.max(ROWS / 2 - 10 / scale, Math.min(ROWS / 2, y)), scale };
  }

  fit() {
    this.auto = true;
    this.cam = this.home();
    this.apply();
  }

  /** Rest as tall as the box allows (`cover`) round `focus`, or on the whole board. */
  rest(cover, focus = null) {
    const changed = cover !== this.cover || String(focus) !== String(this.focus);
    Object.assign(this, { cover, focus });
    if (changed && this.auto) this.fit();
  }

  zoomed() {
    return this.cam.scale >= TAP_ZOOMS_BELOW;
  }

  clamp() {
    const { w, h: ht } = this.size();
    const c = this.cam;
    c.scale = Math.max(this.fitScale, Math.min(MAX_SCALE, c.scale));
    const keep = (v, len, span) => {
      const half = Math.max(0, span / 2 - len / 2 / c.scale + 1);
      return Math.max(span / 2 - half, Math.min(span / 2 + half, v));
    };
    c.x = keep(c.x, w, COLS);
    c.y = keep(c.y, ht, ROWS);
  }

  apply() {
    const { w, h: ht } = this.size();
    const { x, y, scale } = this.cam;
    const left = x - w / 2 / scale;
    const top = y - ht / 2 / scale;
    this.svg.setAttribute("viewBox", `${left} ${top} ${w / scale} ${ht / scale}`);
    const font = Math.min(this.phone ? 13 : 30, scale * (this.phone ? 0.6 : 0.5));
    this.svg.style.setProperty("--hu-font", `${font / scale}px`);
    if (this.bands) {
      const band = (font + 7) / scale;
      const x0 = Math.max(left, -band);
      const y0 = Math.max(top, -band);
      const set = (el, attrs) => Object.entries(attrs).forEach(([k, v]) => el.setAttribute(k, v));
      set(this.bands[0], { x: x0, y: -2, width: band, height: ROWS + 4 });
      set(this.bands[1], { x: -2, y: y0, width: COLS + 4, height: band });
      set(this.bands[2], { x: x0, y: y0, width: band, height: band });
      this.rowLabels.forEach((el, r) => set(el, { x: x0 + band / 2, y: r + 0.5 }));
      this.colLabels.forEach((el, c) => set(el, { x: c + 0.5, y: y0 + band / 2 }));
    }
    this.box.dataset.zoomed = String(this.zoomed());
  }

  /** Glide to a camera (or jump, for people who prefer reduced motion). */
  glide(to, auto = false) {
    const from = { ...this.cam };
    this.auto = auto;
    this.cam = { ...to };
    this.clamp();
    const end = { ...this.cam };
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) { this.apply(); return; }
    const start = performance.now();
    this.box.dataset.moving = "true";
    const step = (now) => {
      const k = Math.min(1, (now - start) / 240);
      const e = 1 - (1 - k) ** 3;
      const mix = (key) => from[key] + (end[key] - from[key]) * e;
      this.cam = { x: mix("x"), y: mix("y"), scale: mix("scale") };
      this.apply();
      if (k < 1) requestAnimationFrame(step);
      else delete this.box.dataset.moving;
    };
    requestAnimationFrame(step);
  }

  /** Pan so a square is on screen (a nudge may have moved the choice off it). */
  show(square) {
    const { w, h: ht } = this.size();
    const c = this.cam;
    const near = (v, target, room) => (Math.abs(target - v) > room ? target - Math.sign(target - v) * room : v);
    c.x = near(c.x, colOf(square) + 0.5, w / 2 / c.scale - 1.5);
    c.y = near(c.y, rowOf(square) + 0.5, ht / 2 / c.scale - 1.5);
    this.auto = false;
    this.clamp();
    this.apply();
  }

  scaleLimits() {
    return [this.fitScale, MAX_SCALE];
  }

  /** A tap on the zoomed-out board zooms in round the finger; zoomed in, it names a square. */
  tapped(clientX, clientY) {
    const at = toWorld(this, clientX, clientY);
    if (!this.zoomed()) return this.glide({ x: at.x, y: at.y, scale: ZOOMED });
    const row = Math.floor(at.y);
    const col = Math.floor(at.x);
    if (row >= 0 && row < ROWS && col >= 0 && col < COLS) this.onTap(sq(row, col));
  }

  /** Redraw what lies on the squares; only cones new since the last drawing drop in. */
  draw(items) {
    fill(this.over, items.flat(Infinity));
    const seen = new Set();
    for (const el of /** @type {NodeListOf<SVGElement>} */ (this.over.querySelectorAll(".hu-cone"))) {
      const key = `${el.dataset.player}${el.dataset.square}`;
      if (this.seen && !this.seen.has(key)) el.classList.add("hu-new");
      seen.add(key);
    }
    this.seen = seen;
  }
}

// --- what lies on the board -----------------------------------------------------------------

const at = (square, d = 0) => ({ x: colOf(square) - d, y: rowOf(square) - d, width: 1 + 2 * d, height: 1 + 2 * d });

function cone(c, mark, points) {
  const initial = mark?.initial ?? "?";
  return s("g", {
    class: `hu-cone ${mark?.cls ?? ""}`, transform: `translate(${colOf(c.square) + 0.5} ${rowOf(c.square) + 0.5})`,
    dataset: { square: c.square, player: c.player },
  }, s("circle", { class: "hu-cone-rim", r: 0.45 }), s("circle", { class: "hu-cone-fill", r: 0.35 }),
  s("text", { class: `hu-cone-text hu-n${Math.min(3, [...initial].length)}`, y: 0.02, text: initial }),
  c.guess === 2 ? s("circle", { class: "hu-cone-two", r: 0.45 }) : null,
  points === undefined ? null : s("g", { class: `hu-pts hu-pts-${points}`, transform: "translate(0.32 -0.34)" },
    s("circle", { r: 0.22 }), s("text", { y: 0.01, text: points })));
}

function boxOf(squares) {
  const rows = squares.map(rowOf);
  const cols = squares.map(colOf);
  const x = Math.min(...cols);
  const y = Math.min(...rows);
  return { x, y, width: Math.max(...cols) + 1 - x, height: Math.max(...rows) + 1 - y };
}

/** A scored round: the board dimmed but for the ring; the frame, the target, the cones with
 * what each earned. */
export function resultItems(result, byPlayer) {
  const ring = boxOf([...result.frame, ...result.ring]);
  const frame = boxOf(result.frame);
  return [
    s("path", { class: "hu-dim", "fill-rule": "evenodd",
      d: `M-3 -3H${COLS + 3}V${ROWS + 3}H-3ZM${ring.x} ${ring.y}h${ring.width}v${ring.height}h${-ring.width}Z` }),
    s("rect", { class: "hu-ring", ...ring, rx: 0.15 }),
    s("rect", { class: "hu-frame-back", ...frame, rx: 0.12 }),
    s("rect", { class: "hu-frame", ...frame, rx: 0.12 }),
    s("rect", { class: "hu-result-target", ...at(result.target, -0.1), rx: 0.1 }),
    result.cones.map((c, i) => cone(c, byPlayer.get(c.player), result.cone_points[i])),
  ];
}

export function liveCones(view, byPlayer) {
  return view.cones.map((c) => cone(c, byPlayer.get(c.player)));
}

/** The chosen square: a bold outline and its coordinate in a tag beside it. */
function selection(square) {
  const y = rowOf(square);
  return s("g", { class: "hu-sel" },
    s("rect", { class: "hu-sel-out", ...at(square, 0.08), rx: 0.16 }),
    s("rect", { class: "hu-sel-in", ...at(square, 0.08), rx: 0.16 }),
    s("g", { transform: `translate(${colOf(square) + 0.5} ${y ? y - 0.55 : y + 1.55})` },
      s("rect", { class: "hu-sel-tag", x: -0.62, y: -0.3, width: 1.24, height: 0.6, rx: 0.14 }),
      s("text", { class: "hu-sel-text", y: 0.02, text: square })));
}

// --- texts shared by phone and table ---------------------------------------------------------

export function roundText(view, t) {
  return view.extra_round ? t("hues.extra_round", { n: view.round - view.rounds })
    : t("hues.round", { n: Math.min(view.round, view.rounds), total: view.rounds });
}

/** What the game waits for, from this screen's side. */
export function statusText(view, ctx) {
  if (view.finished) return ctx.t("hues.status.over");
  const phase = { results: "pick", guess1: "guess", guess2: "guess" }[view.phase] ?? view.phase;
  if (view.your_turn) return ctx.t(view.phase === "guess2" ? "hues.status.guess2_you" : `hues.status.${phase}_you`);
  if (phase === "guess" && view.you && view.you === view.cue_giver) return ctx.t("hues.status.watch");
  return ctx.t(`hues.status.${phase}`, { name: ctx.name(phase === "guess" ? view.turn : view.cue_giver) });
}

/** A round's cues as chips (a scored round's with its skip said). */
export function cueChips(cues, t, skipped) {
  const items = cues.map((cue, i) => h("span", { class: "hu-cue" },
    h("small", { text: t(i ? "hues.cue2" : "hues.cue1") }), h("b", { text: `“${cue}”` })));
  if (skipped) items.push(h("span", { class: "hu-cue hu-cue-skip", text: t("hues.skipped") }));
  if (!items.length) items.push(h("span", { class: "hu-cue hu-cue-none", text: t("hues.no_cue") }));
  return items;
}

/** The new round has no cue yet: screens keep showing the scored one. */
export function roundUnstarted(view) {
  return Boolean(view.last_result) && (view.finished || (!view.cues.length && !view.cones.length));
}

/** Until when (ms since the epoch) the host's "end now" is armed: kept outside the button,
 * because a state arriving between the two taps draws a new one. */
let endNowArmedUntil = 0;

/** The host's way out of a long tie-break (extra rounds only): the tied leaders share the
 * win. It cannot be undone, so it takes a second tap within 4 s. */
export function endNowButton(view, message, ctx) {
  if (!message?.is_host || !view.host_allowed?.includes("end_now")) return null;
  const label = () => ctx.t(Date.now() < endNowArmedUntil ? "hues.end_now_sure" : "hues.end_now");
  const disarmLater = () => setTimeout(() => {
    if (button.isConnected) button.textContent = label();
  }, Math.max(0, endNowArmedUntil - Date.now()) + 50);
  const button = h("button", {
    class: "small danger hu-end-now", type: "button", id: "hu-end-now", text: label(),
    title: ctx.t("hues.end_now_hint"),
    onclick: async () => {
      if (Date.now() >= endNowArmedUntil) {
        endNowArmedUntil = Date.now() + 4000;
        button.textContent = label();
        disarmLater();
        return;
      }
      endNowArmedUntil = 0;
      button.disabled = true;
      await ctx.act({ kind: "end_now" }, button);
      button.disabled = false;
    },
  });
  if (Date.now() < endNowArmedUntil) disarmLater();
  return button;
}

export function rejectButton(view, message, ctx) {
  if (!message?.is_host || !view.host_allowed?.includes("reject_cue")) return null;
  const button = h("button", {
    class: "small danger hu-reject", type: "button", id: "hu-reject", text: ctx.t("hues.reject"),
    onclick: async () => { button.disabled = true; await ctx.act({ kind: "reject_cue" }, button); button.disabled = false; },
  });
  return button;
}

/** A refusal bubble is stale once the next try succeeded. */
function clearBubble() {
  document.querySelector(".bubble-error")?.remove();
}

// --- the phone ------------------------------------------------------------------------------

class Phone {
  /**
   * @param {HTMLElement} root
   * @param {import("../game.js").GameContext} ctx
   */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.message = undefined;
    this.marks = undefined;
    this.colours = null;
    this.sel = null;
    this.cardSel = null;
    this.round = 0;
    this.peek = false;
    this.panelKey = "";
    const t = ctx.t;
    this.players = h("ol", { class: "hu-players" });
    this.status = h("p", { class: "hu-status", "aria-live": "polite" });
    this.cues = h("div", { class: "hu-cues" });
    this.last = h("button", { class: "hu-last", type: "button", hidden: true, onclick: () => { this.peek = !this.peek; this.draw(); } });
    const boardBox = h("div", { class: "hu-board" }, h("button", {
      class: "hu-fit icon-button", type: "button", title: t("hues.fit"), "aria-label": t("hues.fit"),
      onclick: () => this.board.glide(this.board.fitted()),
    }, s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" }))));
    this.panel = h("div", { class: "hu-panel" });
    root.append(h("div", { class: "hu hu-phone" },
      h("div", { class: "hu-info" }, this.players, this.status, h("div", { class: "hu-cue-row" }, this.cues, this.last)),
      boardBox, this.panel));
    this.board = new Board(boardBox, { phone: true, onTap: (square) => this.tap(square), label: t("hues.board_label") });
    loadBoard().then((data) => {
      if (!data) return;
      this.colours = data.colours;
      this.board.colours(data.colours);
      if (this.view) this.draw();
    });
  }

  colour(square) {
    return this.colours?.[rowOf(square) * COLS + colOf(square)];
  }

  update(view, message) {
    if (!view) return;
    if (view.round !== this.round) {
      Object.assign(this, { sel: null, cardSel: null, peek: false });
      if (this.round) this.board.fit();
      this.round = view.round;
    }
    const rejected = this.view && view.rejected_cues.length > this.view.rejected_cues.length;
    Object.assign(this, { view, message, marks: marks(view, this.ctx) });
    // A guesser's board fills the phone's height, round their first cone for the second.
    const guessing = ["guess1", "guess2"].includes(view.phase) && !this.giving();
    const first = view.phase === "guess2" ? view.cones.find((c) => c.player === view.you && c.guess === 1) : null;
    this.board.rest(guessing, first ? [colOf(first.square) + 0.5, rowOf(first.square) + 0.5] : null);
    this.draw();
    if (rejected) {
      const anchor = this.giving() && this.cueInput?.isConnected ? this.cueInput : this.cues;
      this.ctx.say(anchor, this.ctx.t("hues.rejected", { cue: view.rejected_cues.at(-1) }));
    }
  }

  giving() {
    return this.view.you !== null && this.view.you === this.view.cue_giver && !this.view.finished;
  }

  draw() {
    const { view, ctx } = this;
    const t = ctx.t;
    this.players.dataset.count = String(view.players.length);
    fill(this.players, view.players.map((p) => h("li", {
      class: classes("hu-player", { "is-turn": p === view.turn, "is-you": p === view.you, "is-giver": p === view.cue_giver }),
      dataset: { player: p },
    }, chip(this.marks.get(p)), h("span", { class: "hu-player-name", text: ctx.name(p) }),
    h("b", { class: "hu-player-score", text: view.scores[p] ?? 0 }))));
    fill(this.status, h("span", { class: "hu-round", text: roundText(view, t) }), h("span", { text: statusText(view, ctx) }));
    this.status.classList.toggle("mine", view.your_turn);
    fill(this.cues, cueChips(view.cues, t, false), rejectButton(view, this.message, ctx), endNowButton(view, this.message, ctx));
    // Guessers see the scored round until the next cue; the next cue giver sees their card.
    const result = view.last_result;
    const unstarted = roundUnstarted(view) && !this.giving();
    const showResult = Boolean(result) && (unstarted || this.peek);
    this.last.hidden = !result || unstarted;
    if (result) {
      const mine = result.points[view.you];
      fill(this.last, swatch(result.colour, "hu-swatch-mini"), h("span", {
        text: t(mine === undefined ? "hues.last_round" : "hues.last_round_you", { square: result.target, points: mine }) }));
      this.last.setAttribute("aria-pressed", String(this.peek));
    }
    const items = [];
    if (showResult) items.push(resultItems(result, this.marks));
    else {
      if (this.giving() && view.allowed.includes("pick")) {
        items.push(view.card.map((square, i) => s("g", { class: "hu-cardmark" }, s("rect", { ...at(square, 0.1), rx: 0.2 }),
          s("text", { x: colOf(square) + 0.5, y: rowOf(square) + 0.52, text: i + 1 }))));
      }
      if (this.giving() && view.target) items.push(s("rect", { class: "hu-aim", ...at(view.target, 0.12), rx: 0.2 }));
      items.push(liveCones(view, this.marks));
      const chosen = this.cardSel ?? this.sel;
      if (chosen) items.push(selection(chosen));
    }
    this.board.draw(items);
    this.drawPanel(showResult);
  }

  /** The bottom panel, rebuilt only when what it holds changes (typing is never lost). */
  drawPanel(showResult) {
    const { view } = this;
    const can = (kind) => view.allowed.includes(kind);
    let mode = "";
    if (this.giving()) mode = can("pick") ? (view.free_pick ? "choose" : "card") : can("cue") ? "cue" : view.target ? "watch" : "";
    else if (view.you && !view.finished) mode = "choose";
    const result = showResult || (view.phase === "results" && this.giving()) ? view.last_result : null;
    if (result && mode === "choose" && !can("guess") && !can("pick")) mode = "";
    const key = JSON.stringify([mode, view.phase, view.round, view.allowed, this.sel, this.cardSel,
      view.cones.length, result?.number, Boolean(this.colours)]);
    if (key === this.panelKey) return;
    this.panelKey = key;
    fill(this.panel, result ? this.resultCard(result) : null,
      { card: () => this.cardPanel(), cue: () => this.cuePanel(), watch: () => this.targetLine(),
        choose: () => this.choosePanel() }[mode]?.());
  }

  resultCard(result) {
    const { view, ctx } = this;
    const t = ctx.t;
    const order = [...view.players].sort((a, b) => result.points[b] - result.points[a]);
    return h("section", { class: "hu-result" },
      h("div", { class: "hu-result-head" }, swatch(result.colour, "hu-swatch-big"), h("div", {},
        h("p", { class: "hu-result-title", text: t("hues.result_title", { n: result.number, square: result.target }) }),
        h("div", { class: "hu-cue-line" }, cueChips(result.cues, t, result.cues.length === 1)))),
      h("ol", { class: "hu-points" }, order.map((p) => h("li", { class: p === view.you ? "is-you" : "", dataset: { player: p } },
        chip(this.marks.get(p)), h("span", { class: "hu-points-name", text: ctx.name(p) }),
        h("b", { text: `+${result.points[p]}` })))));
  }

  cardPanel() {
    const { view, ctx } = this;
    const t = ctx.t;
    const button = h("button", {
      class: "primary big", type: "button", id: "hu-pick", text: t("hues.choose"), disabled: !this.cardSel,
      onclick: () => this.send({ kind: "pick", square: this.cardSel }, button),
    });
    return h("section", { class: "hu-card" }, h("p", { class: "hu-panel-title", text: t("hues.your_card") }),
      h("div", { class: "hu-card-grid" }, view.card.map((square, i) => h("button", {
        class: classes("hu-card-colour", { "is-chosen": square === this.cardSel }), type: "button",
        "aria-pressed": String(square === this.cardSel), "aria-label": t("hues.colour_at", { square }), dataset: { square },
        onclick: () => { this.cardSel = square; this.board.show(square); this.draw(); },
      }, swatch(this.colour(square)), h("span", { class: "hu-card-n", text: i + 1 }), h("span", { class: "hu-coord", text: square })))),
      button);
  }

  targetLine() {
    const { view, ctx } = this;
    return h("div", { class: "hu-target-line" }, swatch(this.colour(view.target), "hu-swatch-big"),
      h("div", {}, h("p", { class: "hu-panel-title", text: ctx.t("hues.your_colour") }),
        h("p", { class: "hu-coord-big", text: view.target })));
  }

  cuePanel() {
    const { view, ctx } = this;
    const t = ctx.t;
    const n = view.phase === "cue2" ? 2 : 1;
    const input = h("input", {
      id: "hu-cue-input", type: "text", maxlength: 40, autocomplete: "off", autocapitalize: "none", spellcheck: "false",
      enterkeyhint: "send", "aria-label": t(`hues.cue${n}_label`), placeholder: t(`hues.cue${n}_placeholder`),
    });
    this.cueInput = input;
    const give = h("button", { class: "primary", type: "submit", id: "hu-give", text: t("hues.give_cue") });
    const form = h("form", { class: "hu-cue-form" }, input, give);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!input.value.trim()) return ctx.say(input, t(`hues.cue${n}_label`));
      give.disabled = true;
      const ok = await ctx.act({ kind: "cue", text: input.value }, input);
      give.disabled = false;
      if (ok) { input.value = ""; clearBubble(); }
    });
    const skip = view.allowed.includes("skip") && h("button", {
      class: "secondary", type: "button", id: "hu-skip", text: t("hues.skip"), onclick: () => this.send({ kind: "skip" }, skip),
    });
    return h("section", { class: "hu-cue-panel" }, this.targetLine(), form,
      skip && h("div", { class: "hu-skip-row" }, h("span", { class: "hu-hint", text: t("hues.skip_hint") }), skip));
  }

  choosePanel() {
    const { view, ctx } = this;
    const t = ctx.t;
    const square = this.sel;
    const kind = view.allowed.includes("pick") ? "pick" : "guess";
    if (!square) return h("p", { class: "hu-hint hu-tap-hint", text: t(kind === "pick" ? "hues.tap_hint_pick" : "hues.tap_hint") });
    const taken = view.cones.find((c) => c.square === square);
    const can = view.allowed.includes(kind);
    const button = h("button", {
      class: "primary big", type: "button", id: "hu-place", disabled: Boolean(taken) || !can,
      text: t(kind === "pick" ? "hues.choose_square" : "hues.place", { square }),
      onclick: () => this.send({ kind, square }, button),
    });
    const nudge = (dr, dc, way, d) => h("button", {
      class: "hu-nudge icon-button", type: "button", "aria-label": t(`hues.nudge.${way}`), title: t(`hues.nudge.${way}`),
      onclick: () => this.move(dr, dc),
    }, s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d })));
    return h("section", { class: "hu-choice", "aria-live": "polite" }, swatch(this.colour(square), "hu-swatch-big"),
      h("div", { class: "hu-choice-text" }, h("p", { class: "hu-coord-big", id: "hu-chosen", text: square }),
        h("p", { class: classes("hu-hint", { "hu-taken": taken }),
          text: taken ? t("hues.taken_by", { name: ctx.name(taken.player) }) : t(can ? "hues.confirm_hint" : "hues.wait_hint") })),
      h("div", { class: "hu-nudges" }, nudge(-1, 0, "up", "M6 15l6-6 6 6"), nudge(0, -1, "left", "M15 6l-6 6 6 6"),
        nudge(0, 1, "right", "M9 6l6 6-6 6"), nudge(1, 0, "down", "M6 9l6 6 6-6")),
      button);
  }

  tap(square) {
    const { view } = this;
    if (!view || view.finished || view.you === null) return;
    if (this.giving()) {
      if (!view.allowed.includes("pick")) return;
      if (!view.free_pick) {
        if (view.card.includes(square)) this.cardSel = square;
        return this.draw();
      }
    }
    this.peek = false;
    this.sel = square;
    this.draw();
  }

  move(dr, dc) {
    const row = Math.max(0, Math.min(ROWS - 1, rowOf(this.sel) + dr));
    const col = Math.max(0, Math.min(COLS - 1, colOf(this.sel) + dc));
    this.sel = sq(row, col);
    this.board.show(this.sel);
    this.draw();
  }

  async send(action, button) {
    button.disabled = true;
    if (await this.ctx.act(action, button)) {
      clearBubble();
      this.sel = this.cardSel = null;
    }
    this.panelKey = "";
    this.draw();
  }
}

/**
 * The plug-in entry point the room shell calls (see README, "Adding a game to the browser").
 * @param {HTMLElement} root
 * @param {import("../game.js").GameContext} ctx
 * @returns {import("../game.js").GamePlugin}
 */
export function mount(root, ctx) {
  if (ctx.mode !== "table") return new Phone(root, ctx);
  return later(Promise.all([import("./hues-table.js"), stylesheet("/static/css/games/hues-table.css")])
    .then(([module]) => module.mountTable(root, ctx)));
}
