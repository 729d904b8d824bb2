// Qwirkle in the browser: a player's phone (hand, staging, trade, pass, a board that pans and
// zooms) and the table screen (the whole board fitted, the last move lit, the scores).
//
// It draws only from the view. It never decides whether a move is legal: the view's
// `allowed` and `your_turn` say which buttons make sense, and a refused move shows the
// server's error next to the button that sent it.
//
// Tiles are two letters, colour then shape ("Ro" = red circle). Shapes are always drawn, so
// a colour-blind player can tell every tile apart; the "letters" preference adds the colour's
// initial in the corner as well.

import { panAndPinch, toWorld } from "../camera.js";
import { fill, h, s, seatMark } from "../dom.js";

export const prefs = [{ key: "letters", label: "qwirkle.pref.letters", default: false }];

const COLOURS = { R: "#f0463c", O: "#ff9f1c", Y: "#ffe45c", G: "#2ec27e", B: "#3d8bff", P: "#b667f1" };
const SHAPES = ["o", "s", "d", "c", "4", "8"];
const SVG_SHAPES = {
  o: () => s("circle", { cx: 50, cy: 50, r: 30 }),
  s: () => s("rect", { x: 21, y: 21, width: 58, height: 58, rx: 5 }),
  d: () => s("path", { d: "M50 10 L90 50 L50 90 L10 50Z" }),
  c: () => s("path", { d: "M38 38A16 16 0 1 1 62 38A16 16 0 1 1 62 62A16 16 0 1 1 38 62A16 16 0 1 1 38 38Z" }),
  4: () => s("path", { d: star(4, 42, 13) }),
  8: () => s("path", { d: star(8, 41, 20) }),
};
const MAX_PHONE_CELL = 84;
const MAX_TABLE_CELL = 150;
const MIN_CELL = 10;
const PHONE_FIT_CELL = 30; // px: below this a phone shows the part in play, not the whole grid

function star(points, outer, inner) {
  const out = [];
  for (let i = 0; i < points * 2; i += 1) {
    const angle = (Math.PI * i) / points - Math.PI / 2;
    const r = i % 2 ? inner : outer;
    out.push(`${(50 + r * Math.cos(angle)).toFixed(2)} ${(50 + r * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${out.join("L")}Z`;
}

function ensureSymbols() {
  if (document.getElementById("qw-symbols")) return;
  const symbols = SHAPES.map((shape) =>
    s("symbol", { id: `qw-${shape}`, viewBox: "0 0 100 100" }, SVG_SHAPES[shape]()));
  const grid = s("pattern", { id: "qw-grid", x: -0.5, y: -0.5, width: 1, height: 1, patternUnits: "userSpaceOnUse" },
    s("circle", { cx: 0.5, cy: 0.5, r: 0.035, class: "qw-grid-dot" }));
  document.body.append(s("svg", { id: "qw-symbols", class: "symbols", "aria-hidden": "true" },
    s("defs", {}, symbols, grid)));
}

/** One tile as an SVG group, its top-left corner at (x, y), one unit wide. */
function tileShape(tile, x, y, ctx, extraClass = "") {
  const colour = tile[0];
  const shape = tile[1];
  return s("g", { class: `qw-tile ${extraClass}`, transform: `translate(${x} ${y})` },
    s("title", { text: tileName(tile, ctx) }),
    s("rect", { class: "qw-tile-bg", x: 0.04, y: 0.04, width: 0.92, height: 0.92, rx: 0.14 }),
    s("use", { href: `#qw-${shape}`, x: 0.12, y: 0.12, width: 0.76, height: 0.76, fill: COLOURS[colour] }),
    ctx.pref("letters", false)
      ? s("text", { class: "qw-letter", x: 0.9, y: 0.92, "text-anchor": "end" },
          ctx.t(`qwirkle.letter.${colour}`))
      : null);
}

function tileName(tile, ctx) {
  return ctx.t("qwirkle.tile_name", {
    colour: ctx.t(`qwirkle.colour.${tile[0]}`), shape: ctx.t(`qwirkle.shape.${tile[1]}`),
  });
}

/** Draw a tile at a size of its own (hand, last-move card). */
function tileIcon(tile, ctx) {
  return s("svg", { viewBox: "0 0 1 1", class: "qw-icon", "aria-hidden": "true" }, tileShape(tile, 0, 0, ctx));
}

// --- the board: an SVG in grid units (a cell is 1×1 at x = col, y = row) --------------------

class Board {
  /**
   * @param {HTMLElement} root
   * @param {{interactive: boolean, maxCell: number, minFit?: number, onTap?: (row: number, col: number) => void}} options
   */
  constructor(root, { interactive, maxCell, minFit = MIN_CELL, onTap }) {
    this.root = root;
    this.maxCell = maxCell;
    this.minFit = minFit; // the smallest cell a fit uses; a bigger grid is shown round `focus`
    this.focus = null; // [row, col] the eye is on (the tiles being laid, the last move)
    this.all = false; // the fit button: the whole grid, however small
    this.onTap = onTap;
    this.svg = s("svg", { class: "qw-board-svg", role: "img" });
    this.layer = s("g");
    this.svg.append(s("rect", { x: -500, y: -500, width: 1000, height: 1000, fill: "url(#qw-grid)" }), this.layer);
    root.append(this.svg);
    this.cam = { x: 0.5, y: 0.5, scale: 60 };
    this.bounds = { x0: -1, y0: -1, x1: 2, y1: 2 };
    this.auto = true; // keep fitting to new tiles until the player moves the camera
    new ResizeObserver(() => (this.auto ? this.fit() : this.apply())).observe(root);
    if (interactive) panAndPinch(this.svg, this);
  }

  size() {
    const box = this.svg.getBoundingClientRect();
    return { w: Math.max(1, box.width), h: Math.max(1, box.height), box };
  }

  apply() {
    const { w, h: ht } = this.size();
    const { x, y, scale } = this.cam;
    this.svg.setAttribute("viewBox", `${x - w / 2 / scale} ${y - ht / 2 / scale} ${w / scale} ${ht / scale}`);
  }

  fit() {
    this.auto = true;
    const { w, h: ht } = this.size();
    const { x0, y0, x1, y1 } = this.bounds;
    const whole = Math.max(MIN_CELL, Math.min(this.maxCell, w / (x1 - x0), ht / (y1 - y0)));
    let cam = { x: (x0 + x1) / 2, y: (y0 + y1) / 2, scale: whole };
    if (!this.all && whole < this.minFit) {
      // Late in a game the whole grid would make squares too small to tap: show the part in
      // play at a size a finger can hit (the fit button still shows everything).
      const scale = this.minFit;
      const keep = (v, lo, hi, half) => (hi - lo <= 2 * half ? (lo + hi) / 2 : Math.max(lo + half, Math.min(hi - half, v)));
      const [row, col] = this.focus || [(y0 + y1) / 2 - 0.5, (x0 + x1) / 2 - 0.5];
      cam = { x: keep(col + 0.5, x0, x1, w / 2 / scale), y: keep(row + 0.5, y0, y1, ht / 2 / scale), scale };
    }
    this.cam = cam;
    this.apply();
  }

  /** The fit button: the whole grid, or (pressed again) the part in play. */
  toggleAll() {
    this.all = !this.all;
    this.fit();
    return this.all;
  }

  /** Redraw everything; `cells` are [row, col] squares that frame the picture, `focus` the
   * square the eye is on. */
  draw(children, cells, pad, focus = null) {
    this.focus = focus;
    fill(this.layer, children);
    if (cells.length) {
      const rows = cells.map((c) => c[0]);
      const cols = cells.map((c) => c[1]);
      this.bounds = {
        x0: Math.min(...cols) - pad, y0: Math.min(...rows) - pad,
        x1: Math.max(...cols) + 1 + pad, y1: Math.max(...rows) + 1 + pad,
      };
    }
    if (this.auto) this.fit();
    else this.apply();
  }

  scaleLimits() {
    return [MIN_CELL, 200];
  }

  tapped(clientX, clientY) {
    const at = toWorld(this, clientX, clientY);
    this.onTap?.(Math.floor(at.y), Math.floor(at.x));
  }
}

// --- drawing helpers shared by phone and table -----------------------------------------------

/** The board's picture: `spots` are the empty squares next to the tiles (where a tap lays
 * the chosen tile), `targets` those the view says a tile may go (dashed). */
function boardPicture(view, ctx, { staged = [], spots = [], targets = [], centre = false } = {}) {
  const last = new Set((view.last_move?.tiles || []).map((tile) => `${tile.row},${tile.col}`));
  const lit = new Set(targets.map(([row, col]) => `${row},${col}`));
  const items = [];
  const squares = new Map([...spots, ...targets].map(([row, col]) => [`${row},${col}`, [row, col]]));
  for (const [key, [row, col]] of squares) {
    const isCentre = row === 0 && col === 0 && centre;
    items.push(s("rect", {
      class: `qw-spot${lit.has(key) ? " qw-target" : ""}${isCentre ? " qw-centre" : ""}`, x: col + 0.06, y: row + 0.06,
      width: 0.88, height: 0.88, rx: 0.14, dataset: { row, col },
    }));
    if (isCentre) items.push(s("use", { href: "#qw-4", class: "qw-centre-mark", x: col + 0.3, y: row + 0.3, width: 0.4, height: 0.4 }));
  }
  for (const tile of view.grid) {
    const lit = last.has(`${tile.row},${tile.col}`);
    if (lit) items.push(s("rect", { class: "qw-last-glow", x: tile.col - 0.03, y: tile.row - 0.03, width: 1.06, height: 1.06, rx: 0.18 }));
    const g = tileShape(tile.tile, tile.col, tile.row, ctx, lit ? "qw-last" : "");
    g.dataset.row = tile.row;
    g.dataset.col = tile.col;
    items.push(g);
  }
  for (const tile of staged) {
    const g = tileShape(tile.tile, tile.col, tile.row, ctx, "qw-staged");
    g.dataset.row = tile.row;
    g.dataset.col = tile.col;
    g.append(s("rect", { class: "qw-staged-ring", x: 0.04, y: 0.04, width: 0.92, height: 0.92, rx: 0.14 }));
    items.push(g);
  }
  const cells = [...view.grid.map((t) => [t.row, t.col]), ...staged.map((t) => [t.row, t.col]), ...squares.values()];
  if (!cells.length) cells.push([0, 0]);
  return { items, cells };
}

function lastMoveText(view, ctx) {
  const move = view.last_move;
  if (!move) return "";
  const name = ctx.name(move.player);
  if (move.kind === "place") return ctx.t("qwirkle.last_place", { name, score: move.score });
  if (move.kind === "trade") return ctx.t("qwirkle.last_trade", { name, n: move.traded });
  return ctx.t("qwirkle.last_pass", { name });
}

function scoreRows(view, ctx, { big = false } = {}) {
  return view.players.map((player) => h("li", {
    class: `qw-score${player === view.turn ? " is-turn" : ""}${player === view.you ? " is-you" : ""}`,
    dataset: { player },
  },
    h("span", { class: "qw-score-name", text: ctx.name(player) }),
    big ? h("span", { class: "qw-score-hand" }, h("span", { text: ctx.t("qwirkle.in_hand", { n: view.hand_sizes[player] ?? 0 }) }),
      seatMark(ctx, player)) : null,
    h("span", { class: "qw-score-points", text: String(view.scores[player] ?? 0) })));
}

/** Where the chosen tile may go, as the view says (`fits`: each kind's squares where it may
 * be laid alone); with tiles already staged, the squares that continue their line (the
 * server still judges the whole move). */
function legalSquares(view, staged, tile) {
  if (!view.allowed.includes("place")) return [];
  if (!staged.length) {
    if (!view.grid.length) return [[0, 0]];
    const kinds = tile ? [tile] : view.hand;
    return kinds.flatMap((kind) => view.fits?.[kind] || []);
  }
  const taken = new Set([...view.grid, ...staged].map((t) => `${t.row},${t.col}`));
  const sameRow = staged.every((t) => t.row === staged[0].row);
  const sameCol = staged.every((t) => t.col === staged[0].col);
  const steps = [...(sameRow ? [[0, 1]] : []), ...(sameCol ? [[1, 0]] : [])];
  const out = [];
  for (const [dr, dc] of steps) {
    // the run through the staged tiles, over tiles already on the board
    const along = (t) => (dr ? t.row : t.col);
    const first = staged.reduce((a, b) => (along(a) <= along(b) ? a : b));
    let lo = along(first);
    let hi = lo;
    const at = (k) => (dr ? `${k},${first.col}` : `${first.row},${k}`);
    while (taken.has(at(lo - 1))) lo -= 1;
    while (taken.has(at(hi + 1))) hi += 1;
    if (!staged.every((t) => along(t) >= lo && along(t) <= hi)) continue; // a gap: no line
    for (const k of [lo - 1, hi + 1]) out.push(dr ? [k, first.col] : [first.row, k]);
  }
  return out;
}

/** The square the phone's eye is on: the tiles being laid, else the last move. */
function focusOf(view, staged) {
  const tiles = staged.length ? staged : view.last_move?.tiles || [];
  if (!tiles.length) return null;
  const mean = (pick) => tiles.reduce((sum, t) => sum + pick(t), 0) / tiles.length;
  return [mean((t) => t.row), mean((t) => t.col)];
}

/** Empty squares next to a tile (or the centre of an empty board): where a tap may lay one. */
function hintSquares(grid, staged) {
  const taken = new Set([...grid, ...staged].map((t) => `${t.row},${t.col}`));
  if (!taken.size) return [[0, 0]];
  const out = new Map();
  for (const t of [...grid, ...staged]) {
    for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
      const key = `${t.row + dr},${t.col + dc}`;
      if (!taken.has(key)) out.set(key, [t.row + dr, t.col + dc]);
    }
  }
  return [...out.values()];
}

// --- the phone -------------------------------------------------------------------------------

class Phone {
  /**
   * @param {HTMLElement} root
   * @param {import("../game.js").GameContext} ctx
   */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.handKey = "";
    this.selected = null; // index into view.hand
    this.staged = []; // {i, tile, row, col}
    this.trading = false;
    this.picked = new Set(); // hand indexes chosen for a trade
    this.busy = false;
    const t = ctx.t;
    this.scores = h("ol", { class: "qw-scores" });
    this.status = h("p", { class: "qw-status", "aria-live": "polite" });
    this.last = h("p", { class: "qw-last-line" });
    this.hint = h("p", { class: "qw-hint", hidden: true });
    this.fitButton = h("button", {
      class: "qw-fit icon-button", type: "button", title: t("qwirkle.fit"), "aria-label": t("qwirkle.fit"),
      onclick: () => this.fitButton.setAttribute("aria-pressed", String(this.board.toggleAll())),
    }, s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" },
      s("path", { d: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" })));
    const boardBox = h("div", { class: "qw-board" }, this.fitButton, this.hint);
    this.hand = h("div", { class: "qw-hand", role: "group", "aria-label": t("qwirkle.your_tiles") });
    this.actions = h("div", { class: "qw-actions" });
    root.append(h("div", { class: "qw qw-phone" },
      this.scores, h("div", { class: "qw-info" }, this.status, this.last), boardBox, this.hand, this.actions));
    ensureSymbols();
    this.board = new Board(boardBox, {
      interactive: true, maxCell: MAX_PHONE_CELL, minFit: PHONE_FIT_CELL, onTap: (r, c) => this.tapSquare(r, c),
    });
  }

  update(view) {
    if (!view) return;
    const key = view.hand.join(",");
    if (key !== this.handKey || view.finished) {
      this.staged = [];
      this.selected = null;
      this.picked.clear();
    } else {
      const taken = new Set(view.grid.map((t) => `${t.row},${t.col}`));
      this.staged = this.staged.filter((t) => !taken.has(`${t.row},${t.col}`));
    }
    this.handKey = key;
    if (!view.allowed.includes("trade")) this.trading = false;
    this.view = view;
    this.draw();
  }

  prefsChanged() { this.draw(); }

  draw() {
    const { view, ctx } = this;
    const t = ctx.t;
    this.scores.dataset.count = String(view.players.length);
    fill(this.scores, scoreRows(view, ctx));
    let status;
    if (view.finished) status = t("qwirkle.over");
    else if (view.your_turn) status = t("qwirkle.your_turn");
    else status = t("qwirkle.turn_of", { name: ctx.name(view.turn) });
    fill(this.status, h("span", { class: "qw-turn", text: status }),
      h("span", { class: "qw-bag", text: t("qwirkle.bag", { n: view.bag }) }));
    this.status.classList.toggle("mine", Boolean(view.your_turn));
    this.last.textContent = lastMoveText(view, ctx);
    this.last.classList.toggle("qwirkle", Boolean(view.last_move?.qwirkles));
    if (view.last_move?.qwirkles) this.last.append(h("b", { class: "qw-qwirkle", text: ` ${t("qwirkle.qwirkle")}` }));
    let hint = "";
    if (view.your_turn && view.opening_size) hint = t("qwirkle.opening_hint", { n: view.opening_size });
    else if (view.your_turn && view.allowed.length === 1 && view.allowed[0] === "pass") hint = t("qwirkle.pass_hint");
    else if (this.trading) hint = t("qwirkle.trade_hint");
    this.hint.textContent = hint;
    this.hint.hidden = !hint;
    const spots = view.finished ? [] : hintSquares(view.grid, this.staged);
    const chosen = this.selected === null ? null : view.hand[this.selected];
    const targets = view.finished || this.trading ? [] : legalSquares(view, this.staged, chosen);
    const { items, cells } = boardPicture(view, ctx, { staged: this.staged, spots, targets, centre: !view.grid.length });
    this.board.draw(items, cells, 1, focusOf(view, this.staged));
    this.drawHand();
    this.drawActions();
  }

  drawHand() {
    const { view, ctx } = this;
    const used = new Set(this.staged.map((t) => t.i));
    fill(this.hand, view.hand.map((tile, i) => {
      const staged = used.has(i);
      const classes = ["qw-hand-tile"];
      if (staged) classes.push("is-staged");
      if (!this.trading && this.selected === i) classes.push("is-selected");
      if (this.trading && this.picked.has(i)) classes.push("is-picked");
      return h("button", {
        class: classes.join(" "), type: "button", "aria-label": tileName(tile, ctx),
        "aria-pressed": String(this.trading ? this.picked.has(i) : this.selected === i),
        dataset: { tile, index: i },
        onclick: () => this.tapTile(i),
      }, tileIcon(tile, ctx));
    }));
  }

  drawActions() {
    const { view, ctx } = this;
    const t = ctx.t;
    const can = (kind) => view.allowed.includes(kind);
    const rows = [];
    if (view.finished) {
      fill(this.actions);
      return;
    }
    if (this.trading) {
      rows.push(h("button", { class: "secondary", type: "button", text: t("qwirkle.cancel"), onclick: () => { this.trading = false; this.picked.clear(); this.draw(); } }));
      const confirm = h("button", {
        class: "primary", type: "button", id: "qw-trade-confirm",
        text: t("qwirkle.trade_confirm", { n: this.picked.size }),
        onclick: () => this.trade(confirm),
      });
      confirm.disabled = !this.picked.size || this.busy;
      rows.push(confirm);
      fill(this.actions, h("div", { class: "qw-action-row" }, rows));
      return;
    }
    const undo = h("button", { class: "secondary", type: "button", id: "qw-undo", text: t("qwirkle.undo"), onclick: () => this.undo() });
    undo.disabled = !this.staged.length;
    const clear = h("button", { class: "secondary", type: "button", id: "qw-clear", text: t("qwirkle.clear"), onclick: () => this.clear() });
    clear.disabled = !this.staged.length;
    const play = h("button", {
      class: "primary", type: "button", id: "qw-play",
      onclick: () => this.play(play),
    }, t("qwirkle.play"), this.staged.length ? h("span", { class: "badge", text: String(this.staged.length) }) : null);
    play.disabled = !can("place") || !this.staged.length || this.busy;
    const first = [undo, clear, play];
    const second = [];
    if (can("trade")) {
      second.push(h("button", {
        class: "ghost", type: "button", id: "qw-trade", text: t("qwirkle.trade"),
        onclick: () => { this.trading = true; this.staged = []; this.selected = null; this.draw(); },
      }));
    }
    if (can("pass")) {
      const pass = h("button", { class: "primary", type: "button", id: "qw-pass", text: t("qwirkle.pass"), onclick: () => this.pass(pass) });
      second.push(pass);
    }
    fill(this.actions, h("div", { class: "qw-action-row" }, first),
      second.length ? h("div", { class: "qw-action-row" }, second) : null);
  }

  tapTile(i) {
    if (this.trading) {
      if (this.picked.has(i)) this.picked.delete(i);
      else this.picked.add(i);
    } else {
      const staged = this.staged.findIndex((t) => t.i === i);
      if (staged >= 0) this.staged.splice(staged, 1);
      else this.selected = this.selected === i ? null : i;
    }
    this.draw();
  }

  tapSquare(row, col) {
    if (this.trading || this.view.finished) return;
    const at = this.staged.findIndex((t) => t.row === row && t.col === col);
    if (at >= 0) {
      this.selected = this.staged[at].i;
      this.staged.splice(at, 1);
      this.draw();
      return;
    }
    if (this.view.grid.some((t) => t.row === row && t.col === col)) return;
    if (this.selected === null) {
      this.ctx.say(this.hand, this.ctx.t("qwirkle.pick_first"));
      return;
    }
    this.staged.push({ i: this.selected, tile: this.view.hand[this.selected], row, col });
    this.selected = null;
    this.draw();
  }

  undo() {
    this.staged.pop();
    this.draw();
  }

  clear() {
    this.staged = [];
    this.selected = null;
    this.draw();
  }

  async play(button) {
    if (!this.staged.length) return;
    this.busy = true;
    button.disabled = true;
    const tiles = this.staged.map((t) => ({ tile: t.tile, row: t.row, col: t.col }));
    const ok = await this.ctx.act({ kind: "place", tiles }, button);
    this.busy = false;
    if (ok) this.staged = [];
    this.draw();
  }

  async trade(button) {
    const tiles = [...this.picked].map((i) => this.view.hand[i]);
    this.busy = true;
    button.disabled = true;
    const ok = await this.ctx.act({ kind: "trade", tiles }, button);
    this.busy = false;
    if (ok) {
      this.trading = false;
      this.picked.clear();
    }
    this.draw();
  }

  async pass(button) {
    button.disabled = true;
    await this.ctx.act({ kind: "pass" }, button);
    this.draw();
  }
}

// --- the table screen ------------------------------------------------------------------------

class Table {
  /**
   * @param {HTMLElement} root
   * @param {import("../game.js").GameContext} ctx
   */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.turn = h("p", { class: "qw-table-turn", "aria-live": "polite" });
    this.scores = h("ol", { class: "qw-scoreboard" });
    this.bag = h("p", { class: "qw-table-bag" });
    this.last = h("div", { class: "qw-last-card" });
    const boardBox = h("div", { class: "qw-board" });
    root.append(h("div", { class: "qw qw-table" }, boardBox,
      h("aside", { class: "qw-side" }, this.turn, this.scores, this.bag, this.last)));
    ensureSymbols();
    this.board = new Board(boardBox, { interactive: false, maxCell: MAX_TABLE_CELL });
  }

  update(view) {
    if (!view) return;
    this.view = view;
    this.draw();
  }

  prefsChanged() { if (this.view) this.draw(); }

  draw() {
    const { view, ctx } = this;
    const t = ctx.t;
    this.turn.textContent = view.finished ? t("qwirkle.over") : t("qwirkle.turn_of", { name: ctx.name(view.turn) });
    this.scores.dataset.count = String(view.players.length);
    fill(this.scores, scoreRows(view, ctx, { big: true }));
    this.bag.textContent = t("qwirkle.bag", { n: view.bag });
    const move = view.last_move;
    if (move) {
      fill(this.last,
        h("p", { class: "qw-last-title", text: t("qwirkle.last_move") }),
        h("p", { class: "qw-last-text", text: lastMoveText(view, ctx) }),
        move.qwirkles ? h("p", { class: "qw-qwirkle big", text: t("qwirkle.qwirkle") }) : null,
        move.tiles.length ? h("div", { class: "qw-last-tiles" }, move.tiles.map((tile) => tileIcon(tile.tile, ctx))) : null);
    } else {
      fill(this.last, h("p", { class: "qw-last-text muted", text: t("qwirkle.waiting_first") }));
    }
    const { items, cells } = boardPicture(view, ctx, { targets: view.grid.length ? [] : [[0, 0]], centre: true });
    this.board.draw(items, cells, 0.6);
  }
}

/**
 * The plug-in entry point the room shell calls (see README, "Adding a game to the browser").
 * @param {HTMLElement} root
 * @param {import("../game.js").GameContext} ctx
 * @returns {import("../game.js").GamePlugin}
 */
export function mount(root, ctx) {
  return ctx.mode === "table" ? new Table(root, ctx) : new Phone(root, ctx);
}
