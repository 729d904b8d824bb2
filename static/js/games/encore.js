// Encore! in the browser: a player's phone (dice, the sheet to tap, confirm or pass, the others
// in miniature, the solo progress) and the drawing helpers the table screen shares; the table
// screen itself is encore-table.js, loaded only on the table.
//
// It draws only from the view and never decides a rule: the dice a player may pick are
// `your_dice`, the pairs and what each may cross are `choices` and `groups`. Tapping keeps the
// groups that hold every tapped box; their other boxes stay lit, and Confirm is offered when
// the tapped boxes are exactly one group. The server still has the last word.
//
// Colours carry a shape too (circle, triangle, square, heart, diamond): always on the dice,
// and on the sheet when the "shapes" preference is on, so colour-blind players can play.

import { fill, h, later, s, stylesheet } from "../dom.js";

export const prefs = [{ key: "shapes", label: "encore.pref.shapes", default: false }];

const SHAPES = {
  G: "M50 17a33 33 0 1 1 0 66a33 33 0 1 1 0-66z",
  Y: "M50 12L90 84H10z",
  B: "M18 18h64v64H18z",
  P: "M50 88L14 52A20 20 0 0 1 50 24A20 20 0 0 1 86 52z",
  O: "M50 8L92 50L50 92L8 50z",
};
const STAR = "M50 6L61 37L94 38L68 58L77 90L50 71L23 90L32 58L6 38L39 37Z";
const CROSS = "M20 20L80 80M80 20L20 80";

function symbols() {
  if (document.getElementById("en-symbols")) return;
  const defs = [
    ...Object.entries(SHAPES).map(([c, d]) =>
      s("symbol", { id: `en-shape-${c}`, viewBox: "0 0 100 100" }, s("path", { d }))),
    s("symbol", { id: "en-sym-star", viewBox: "0 0 100 100" }, s("path", { d: STAR })),
    s("symbol", { id: "en-sym-x", viewBox: "0 0 100 100" }, s("path", { d: CROSS })),
  ];
  document.body.append(s("svg", { id: "en-symbols", class: "symbols", "aria-hidden": "true" },
    s("defs", {}, defs)));
}

const use = (id, x, y, size, cls) => s("use", { href: `#${id}`, x, y, width: size, height: size, class: cls });

// --- small texts ----------------------------------------------------------------------------

function dieName(die, ctx) {
  const t = ctx.t;
  if (die.kind === "colour") {
    return die.joker ? t("encore.die.joker_colour") : t("encore.die.colour", { colour: t(`encore.colour.${die.face}`) });
  }
  return die.joker ? t("encore.die.joker_number") : t("encore.die.number", { n: die.face });
}

function rollLabel(view, ctx) {
  if (!view.roll) return "";
  return view.rolls_total
    ? ctx.t("encore.roll_of", { n: view.roll, total: view.rolls_total })
    : ctx.t("encore.roll", { n: view.roll });
}

function sheetOf(view, player) {
  return view.sheets.find((sheet) => sheet.player === player);
}

function names(list, ctx) {
  return list.map((p) => ctx.name(p)).join(", ");
}

// --- a die ----------------------------------------------------------------------------------

function dieFace(face, kind) {
  const parts = [];
  if (kind === "colour") {
    if (face === "X") {
      parts.push(s("rect", { class: "en-die-bg en-die-joker", x: 4, y: 4, width: 92, height: 92, rx: 18 }),
        s("path", { class: "en-die-x", d: "M28 28L72 72M72 28L28 72" }));
    } else {
      parts.push(s("rect", { class: `en-die-bg en-c-${face}`, x: 4, y: 4, width: 92, height: 92, rx: 18 }),
        use(`en-shape-${face}`, 27, 27, 46, "en-die-shape"));
    }
  } else {
    const joker = face === "?";
    parts.push(s("rect", { class: `en-die-bg ${joker ? "en-die-dark" : "en-die-white"}`, x: 4, y: 4, width: 92, height: 92, rx: 18 }),
      s("text", { class: "en-die-num", x: 50, y: 52, "text-anchor": "middle", "dominant-baseline": "central" }, face));
  }
  return s("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" }, parts);
}

/**
 * A die as a button (phone) or a picture (table); `classes` are added to it.
 * @param {object} die
 * @param {object} ctx
 * @param {{tag?: "span" | "button", classes?: string[], onclick?: (event: MouseEvent) => void, pressed?: boolean}} [options]
 */
function dieElement(die, ctx, { tag = "span", classes = [], onclick, pressed } = {}) {
  const el = h(tag, {
    class: ["en-die", `en-die-${die.kind}`, ...classes].join(" "),
    dataset: { die: die.index, face: die.face },
    type: tag === "button" ? "button" : undefined,
    "aria-label": die.joker ? `${dieName(die, ctx)} (${ctx.t("encore.costs")})` : dieName(die, ctx),
    "aria-pressed": pressed === undefined ? undefined : String(pressed),
    role: tag === "span" ? "img" : undefined,
    onclick,
  }, dieFace(die.face, die.kind));
  if (die.joker) el.append(h("span", { class: "en-cost", text: "!" }));
  return el;
}

// --- a sheet --------------------------------------------------------------------------------

/**
 * One player's sheet as an SVG, a box one unit wide. `mini` drops the letters, points and
 * shapes; `marks` says how boxes look: sets of box names for crossed, pending, fresh, tapped
 * and lit.
 * @param {object} view
 * @param {object} ctx
 * @param {string} player
 * @param {{mini?: boolean, marks?: {pending?: Set<string>, fresh?: Set<string>, tapped?: Set<string>, lit?: Set<string>}, onTap?: ((box: string, element: Element) => void) | null}} [options]
 */
function sheetSvg(view, ctx, player, { mini = false, marks = {}, onTap = null } = {}) {
  const layout = view.sheet;
  const cols = layout.columns;
  const width = cols.length;
  const top = mini ? 0 : 0.72;
  const bottom = mini ? 0 : 1.25;
  const height = top + layout.rows + bottom;
  const mine = sheetOf(view, player);
  const stars = new Set(layout.stars);
  const crossed = new Set(mine?.crossed || []);
  const { pending = new Set(), fresh = new Set(), tapped = new Set(), lit = new Set() } = marks;
  const shapes = !mini && ctx.pref("shapes", false);
  const start = cols.indexOf(layout.start_column);
  const items = [];
  items.push(s("rect", { class: "en-start-band", x: start, y: 0, width: 1, height: top + layout.rows + bottom * 0.98, rx: 0.18 }));
  if (!mini) {
    for (let c = 0; c < width; c += 1) {
      items.push(s("text", {
        class: `en-col-letter${c === start ? " en-col-start" : ""}`, x: c + 0.5, y: 0.5, "text-anchor": "middle",
      }, cols[c]));
    }
  }
  for (let r = 0; r < layout.rows; r += 1) {
    for (let c = 0; c < width; c += 1) {
      const name = `${cols[c]}${r + 1}`;
      const colour = layout.grid[r][c];
      const x = c;
      const y = top + r;
      const cls = ["en-box"];
      const isCrossed = crossed.has(name);
      const isPending = pending.has(name);
      const isTapped = tapped.has(name);
      const isLit = lit.has(name);
      if (isCrossed) cls.push("is-crossed");
      if (isPending) cls.push("is-pending");
      if (fresh.has(name)) cls.push("is-fresh");
      if (isTapped) cls.push("is-tapped");
      if (isLit) cls.push("is-lit");
      const box = s("g", {
        class: cls.join(" "), dataset: { box: name },
        tabindex: isLit || isTapped ? 0 : undefined, role: onTap ? "button" : undefined,
        "aria-label": onTap ? `${name} ${ctx.t(`encore.colour.${colour}`)}${stars.has(name) ? " ★" : ""}` : undefined,
      }, s("rect", { class: `en-cell en-c-${colour}`, x: x + 0.03, y: y + 0.03, width: 0.94, height: 0.94, rx: mini ? 0.08 : 0.14 }));
      if (stars.has(name)) box.append(shapes ? use("en-sym-star", x + 0.3, y + 0.3, 0.56, "en-star") : use("en-sym-star", x + 0.19, y + 0.19, 0.62, "en-star"));
      if (shapes && !isCrossed) box.append(use(`en-shape-${colour}`, x + 0.1, y + 0.1, 0.3, "en-box-shape"));
      if (isCrossed || isPending || isTapped) box.append(use("en-sym-x", x + 0.05, y + 0.05, 0.9, "en-x"));
      items.push(box);
    }
  }
  if (!mini) {
    const done = new Set(mine?.columns || []);
    const y = top + layout.rows;
    for (let c = 0; c < width; c += 1) {
      const letter = cols[c];
      const firsts = view.column_firsts[letter];
      const first = !firsts || firsts.includes(player);
      const earned = done.has(letter);
      items.push(
        s("text", {
          class: `en-pts en-pts-first${firsts && !firsts.includes(player) ? " is-gone" : ""}${earned && first ? " is-earned" : ""}`,
          x: c + 0.5, y: y + 0.55, "text-anchor": "middle",
        }, String(layout.column_points_first[c])),
        s("text", {
          class: `en-pts en-pts-later${earned && !first ? " is-earned" : ""}`,
          x: c + 0.5, y: y + 1.1, "text-anchor": "middle",
        }, String(layout.column_points_later[c])));
      if (earned) {
        items.push(s("circle", { class: "en-pts-ring", cx: c + 0.5, cy: y + (first ? 0.38 : 0.93), r: 0.28 }));
      }
    }
  }
  const svg = s("svg", {
    class: `en-sheet${mini ? " en-sheet-mini" : ""}`, viewBox: `0 0 ${width} ${height}`,
    role: onTap ? "group" : "img",
    "aria-label": ctx.t("encore.sheet_of", { name: ctx.name(player) }),
    dataset: { player },
  }, items);
  if (onTap) {
    svg.addEventListener("click", (event) => {
      const box = /** @type {Element} */ (event.target).closest?.("[data-box]");
      if (box) onTap(box.getAttribute("data-box"), box);
    });
    svg.addEventListener("keydown", (event) => {
      const box = /** @type {Element} */ (event.target).closest?.("[data-box]");
      if (box && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        onTap(box.getAttribute("data-box"), box);
      }
    });
  }
  return svg;
}

/** The five colour bonuses: the upper value struck once taken, the value a player earned ringed. */
function colourChips(view, ctx, player) {
  const layout = view.sheet;
  const done = new Set(sheetOf(view, player)?.colours || []);
  return h("div", { class: "en-colours", role: "list", "aria-label": ctx.t("encore.colour_bonus") },
    Object.keys(layout.colours).map((code) => {
      const firsts = view.colour_firsts[code];
      const first = !firsts || firsts.includes(player);
      const earned = done.has(code);
      const label = ctx.t("encore.colour_chip", {
        colour: ctx.t(`encore.colour.${code}`), first: layout.colour_bonus_first, later: layout.colour_bonus_later,
      }) + (firsts ? ` · ${ctx.t("encore.first_taken", { names: names(firsts, ctx) })}` : "")
        + (earned ? ` · ${ctx.t("encore.completed")}` : "");
      return h("span", { class: `en-chip${earned ? " is-done" : ""}`, role: "listitem", dataset: { colour: code }, title: label, "aria-label": label },
        s("svg", { viewBox: "0 0 100 100", class: "en-swatch", "aria-hidden": "true" },
          s("rect", { class: `en-c-${code}`, x: 0, y: 0, width: 100, height: 100, rx: 22 }),
          use(`en-shape-${code}`, 24, 24, 52, "en-die-shape")),
        h("span", { class: `en-chip-v${firsts && !firsts.includes(player) ? " is-gone" : ""}${earned && first ? " is-earned" : ""}`, text: String(layout.colour_bonus_first) }),
        h("span", { class: `en-chip-v en-chip-later${earned && !first ? " is-earned" : ""}`, text: String(layout.colour_bonus_later) }));
    }));
}

/** The "!" boxes: one crossed per joker used. */
function jokerBoxes(view, ctx, sheet) {
  const total = view.sheet.jokers;
  const left = sheet?.jokers_left ?? total;
  return h("span", { class: "en-jokers", title: ctx.t("encore.jokers_left", { n: left }), "aria-label": ctx.t("encore.jokers_left", { n: left }) },
    Array.from({ length: total }, (_, i) => h("i", { class: i < total - left ? "used" : "" })));
}

function statusChip(sheet, ctx) {
  if (!sheet?.status) return null;
  return h("span", { class: `en-state en-state-${sheet.status}`, text: ctx.t(`encore.status.${sheet.status}`) });
}

/** What a player did in the last settled roll, as a short text. */
function lastText(view, ctx, player) {
  const choice = view.last_roll?.choices?.[player];
  if (!choice) return "";
  if (choice.passed) return ctx.t("encore.last.passed");
  return ctx.t("encore.last.crossed", { n: choice.boxes.length });
}

/** The final score, part by part, best first. */
function breakdown(view, ctx, winners = []) {
  const t = ctx.t;
  const ranked = [...view.sheets].sort((a, b) => b.score.total - a.score.total || b.jokers_left - a.jokers_left);
  const parts = ["colours", "columns", "jokers", "stars", "total"];
  const table = h("table", { class: "en-breakdown" },
    h("thead", {}, h("tr", {}, h("th", { text: "" }), parts.map((p) => h("th", { scope: "col", text: t(`encore.part.${p}`) })))),
    h("tbody", {}, ranked.map((sheet) => h("tr", { class: `${sheet.player === view.you ? "is-you" : ""}${winners.includes(sheet.player) ? " is-winner" : ""}`, dataset: { player: sheet.player } },
      h("th", { scope: "row", text: ctx.name(sheet.player) }),
      parts.map((p) => h("td", { class: `en-part-${p}`, text: String(sheet.score[p]) }))))));
  const box = h("div", { class: "en-final" }, table);
  if (view.rating) box.append(ratingCard(view.rating, ctx));
  return box;
}

function ratingCard(rating, ctx) {
  const t = ctx.t;
  const text = rating.code === "band"
    ? t("encore.rating.band", { level: rating.level, low: rating.low, high: rating.high })
    : t(`encore.rating.${rating.code}`);
  return h("div", { class: "en-rating", dataset: { level: rating.level } },
    h("p", { class: "en-rating-title", text: t("encore.rating.title") }),
    h("p", { class: "en-rating-meter", "aria-hidden": "true" },
      Array.from({ length: 11 }, (_, i) => h("i", { class: i < rating.level ? "on" : "" }))),
    h("p", { class: "en-rating-text", text }));
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
    this.key = "";
    this.pick = { colour: null, number: null };
    this.tapped = [];
    this.busy = false;
    this.passArmed = false;
    this.status = h("div", { class: "en-status", "aria-live": "polite" });
    this.tray = h("div", { class: "en-tray" });
    this.sheet = h("div", { class: "en-own" });
    this.bonus = h("div", { class: "en-bonus" });
    this.hint = h("p", { class: "en-hint" });
    this.actions = h("div", { class: "en-actions" });
    this.others = h("div", { class: "en-others" });
    root.append(h("div", { class: "en en-phone" }, this.status, this.tray, this.sheet, this.bonus,
      h("div", { class: "en-controls" }, this.hint, this.actions), this.others));
    symbols();
  }

  update(view) {
    if (!view) return;
    const key = `${view.roll}|${view.phase}|${view.your_dice.join(",")}|${view.allowed.join(",")}`;
    if (key !== this.key) {
      this.key = key;
      this.pick = { colour: null, number: null };
      this.tapped = [];
      this.passArmed = false;
    }
    this.view = view;
    this.draw();
  }

  prefsChanged() { if (this.view) this.draw(); }

  results(view, message) { return view ? breakdown(view, this.ctx, message?.outcome?.winners) : null; }

  // the pair picked and what it allows, all read from the view

  pairs() {
    return new Map(this.view.choices.map((c) => [`${c.colour_die},${c.number_die}`, c]));
  }

  current() {
    const { colour, number } = this.pick;
    if (colour === null || number === null) return null;
    return this.pairs().get(`${colour},${number}`) || null;
  }

  candidates(choice, tapped = this.tapped) {
    if (!choice) return [];
    return choice.groups.map((i) => this.view.groups[i]).filter((g) => tapped.every((b) => g.includes(b)));
  }

  draw() {
    const { view, ctx } = this;
    const t = ctx.t;
    const me = sheetOf(view, view.you);
    const choice = this.current();
    const candidates = this.candidates(choice);
    const lit = new Set(candidates.flat().filter((b) => !this.tapped.includes(b)));
    const complete = candidates.some((g) => g.length === this.tapped.length) && this.tapped.length > 0;

    // status: roll counter, what is going on, the score
    fill(this.status,
      h("span", { class: "en-roll", text: rollLabel(view, ctx) || t("encore.roll_none") }),
      h("span", { class: `en-say${view.your_turn ? " mine" : ""}`, text: this.say() }),
      h("span", { class: "en-score", title: t("encore.score") },
        h("b", { text: String(me?.score.total ?? 0) }), h("small", { text: t("encore.points") })));

    this.drawTray();

    // own sheet: settled crosses, this roll's pending ones, the last roll's, taps and lights
    const pending = new Set(view.phase !== "over" && view.active !== view.you ? view.your_choice?.boxes || [] : []);
    const fresh = new Set(view.last_roll?.choices?.[view.you]?.boxes || []);
    fill(this.sheet, sheetSvg(view, ctx, view.you, {
      marks: { pending, fresh, tapped: new Set(this.tapped), lit },
      onTap: (name, el) => this.tap(name, el),
    }));
    this.sheet.classList.toggle("is-picking", Boolean(choice));

    fill(this.bonus, colourChips(view, ctx, view.you),
      h("span", { class: "en-bonus-side" },
        h("span", { class: "en-jl" }, h("b", { text: "!" }), jokerBoxes(view, ctx, me)),
        h("span", { class: "en-stars", title: t("encore.stars_open", { n: me?.stars_open ?? 0 }), text: `★ ${me?.stars_open ?? 0}` })));

    // hint and buttons
    this.hint.textContent = this.hintText(choice, candidates, complete);
    this.drawActions(choice, complete);
    this.drawOthers();
    this.hint.parentElement.hidden = !this.hint.textContent && !this.actions.childElementCount;
  }

  say() {
    const { view, ctx } = this;
    const t = ctx.t;
    const active = view.active ? ctx.name(view.active) : "";
    if (view.phase === "over") return t("encore.over");
    if (view.phase === "roll") return view.active === view.you ? t("encore.say.your_roll") : t("encore.say.wait_roll", { name: active });
    if (view.allowed.length) {
      if (view.solo) return t("encore.say.solo");
      if (view.active === view.you) return t("encore.say.you_first");
      return view.all_dice_open ? t("encore.say.you_all") : t("encore.say.you_left");
    }
    if (view.phase === "active") return t("encore.say.wait_active", { name: active });
    return t("encore.say.waiting", { names: names(view.waiting_for, ctx) });
  }

  hintText(choice, candidates, complete) {
    const { view, ctx } = this;
    const t = ctx.t;
    if (!view.allowed.length) {
      const mine = view.your_choice;
      if (view.phase === "over" || !mine) return "";
      const done = mine.passed ? t("encore.hint.you_passed") : t("encore.hint.you_crossed", { n: mine.boxes.length });
      return view.active === view.you || view.phase !== "passive" ? done : `${done} ${t("encore.hint.hidden")}`;
    }
    if (!view.allowed.includes("mark")) return view.allowed.includes("pass") ? t("encore.hint.only_pass") : "";
    if (this.pick.colour === null || this.pick.number === null) return t("encore.hint.pick");
    if (!choice || !choice.groups.length) return t("encore.hint.nothing");
    if (complete) return t("encore.hint.ready", { n: this.tapped.length });
    const die = view.dice[this.pick.number];
    if (!this.tapped.length) return die.joker ? t("encore.hint.tap_any") : t("encore.hint.tap", { n: die.face });
    const more = Math.min(...candidates.map((g) => g.length)) - this.tapped.length;
    return t("encore.hint.more", { n: more });
  }

  drawTray() {
    const { view, ctx } = this;
    const t = ctx.t;
    if (view.phase === "roll" || !view.dice.length) {
      if (view.allowed.includes("roll")) {
        const roll = h("button", { class: "primary big en-roll-button", type: "button", id: "en-roll", onclick: () => this.roll(roll) },
          dieFace("5", "number"), t("encore.roll_button"));
        roll.disabled = this.busy;
        fill(this.tray, roll);
      } else if (view.last_roll && view.phase !== "over") {
        // while the next player rolls, the last roll's dice stay on show, faded
        const dice = view.last_roll.dice.map((face, index) => ({ index, face, kind: /^[1-5?]$/.test(face) ? "number" : "colour", joker: face === "X" || face === "?" }));
        fill(this.tray, h("div", { class: "en-dice-row is-old" }, ["colour", "number"].map((kind) => h("div", { class: `en-dice en-dice-${kind}` },
          dice.filter((d) => d.kind === kind).map((die) => dieElement(die, ctx))))),
        h("p", { class: "en-tray-note", text: t("encore.last_roll", { n: view.last_roll.number, name: ctx.name(view.last_roll.active) }) }));
      } else {
        fill(this.tray, h("p", { class: "en-tray-wait", text: view.phase === "over" ? t("encore.over") : t("encore.say.wait_roll", { name: ctx.name(view.active) }) }));
      }
      return;
    }
    const free = new Set(view.your_dice);
    const pairs = this.pairs();
    const useful = (kind, index) => view.choices.some((c) => c.groups.length && (kind === "colour" ? c.colour_die : c.number_die) === index);
    const fits = (die) => {
      const other = die.kind === "colour" ? this.pick.number : this.pick.colour;
      if (other === null) return useful(die.kind, die.index);
      const key = die.kind === "colour" ? `${die.index},${other}` : `${other},${die.index}`;
      return Boolean(pairs.get(key)?.groups.length);
    };
    const picking = view.allowed.includes("mark");
    const mine = view.your_choice && !view.your_choice.passed ? [view.your_choice.colour_die, view.your_choice.number_die] : [];
    const group = (kind) => h("div", { class: `en-dice en-dice-${kind}` }, view.dice.filter((d) => d.kind === kind).map((die) => {
      const classes = [];
      const selected = picking ? this.pick[kind] === die.index : mine.includes(die.index);
      if (die.taken && view.active !== view.you && !view.all_dice_open) classes.push("is-taken");
      if (selected) classes.push("is-picked");
      if (picking && !free.has(die.index)) classes.push("is-out");
      else if (picking && !fits(die)) classes.push("is-dull");
      if (!picking) {
        const el = dieElement(die, ctx, { classes });
        return el;
      }
      return dieElement(die, ctx, {
        tag: "button", classes, pressed: selected,
        onclick: (event) => this.pickDie(die, event.currentTarget),
      });
    }));
    const note = view.all_dice_open && view.players.length > 1 && view.phase !== "over"
      ? h("p", { class: "en-tray-note", text: view.roll <= 3 && !view.active_choice?.passed ? t("encore.open.first_rolls") : t("encore.open.passed", { name: ctx.name(view.active) }) })
      : null;
    fill(this.tray, h("div", { class: `en-dice-row${view.roll !== this.shownRoll ? " is-new" : ""}` }, group("colour"), group("number")), note);
    this.shownRoll = view.roll;
  }

  drawActions(choice, complete) {
    const { view, ctx } = this;
    const t = ctx.t;
    if (!view.allowed.some((k) => k === "mark" || k === "pass")) {
      fill(this.actions);
      return;
    }
    const buttons = [];
    if (view.allowed.includes("pass")) {
      const armed = this.passArmed;
      const pass = h("button", {
        class: armed ? "danger" : "secondary", type: "button", id: "en-pass",
        text: armed ? t("encore.pass_sure") : t("encore.pass"),
        onclick: () => this.pass(pass),
      });
      pass.disabled = this.busy;
      buttons.push(pass);
    }
    if (view.allowed.includes("mark")) {
      const clear = h("button", { class: "secondary", type: "button", id: "en-clear", text: t("encore.clear"), onclick: () => { this.tapped = []; this.draw(); } });
      clear.disabled = !this.tapped.length;
      const cost = choice?.jokers || 0;
      const cross = h("button", { class: "primary en-cross", type: "button", id: "en-cross", onclick: () => this.cross(cross) },
        this.tapped.length ? t("encore.cross", { n: this.tapped.length }) : t("encore.cross_none"),
        cost ? h("span", { class: "badge", text: t("encore.cost", { n: cost }) }) : null);
      cross.disabled = !complete || this.busy;
      buttons.push(clear, cross);
    }
    fill(this.actions, buttons);
  }

  drawOthers() {
    const { view, ctx } = this;
    const t = ctx.t;
    const others = view.players.filter((p) => p !== view.you);
    if (!others.length) {
      // solo: the rolls used so far and the score part by part (the rating once it is over)
      const me = sheetOf(view, view.you);
      const parts = ["colours", "columns", "jokers", "stars"];
      this.others.dataset.count = "1";
      fill(this.others, view.rating ? ratingCard(view.rating, ctx) : h("div", { class: "en-solo" },
        h("p", { class: "en-ticks", "aria-label": rollLabel(view, ctx) },
          Array.from({ length: view.rolls_total || 0 }, (_, i) => h("i", { class: i < view.roll ? "on" : "" }))),
        h("dl", { class: "en-parts" }, parts.map((p) => h("div", {}, h("dt", { text: t(`encore.part.${p}`) }), h("dd", { text: String(me.score[p]) }))))));
      return;
    }
    this.others.dataset.count = String(Math.min(others.length, 3));
    fill(this.others, others.map((player) => {
      const sheet = sheetOf(view, player);
      return h("div", { class: `en-mini${player === view.active ? " is-active" : ""}`, dataset: { player } },
        h("div", { class: "en-mini-head" },
          h("span", { class: "en-mini-name", text: ctx.name(player) }),
          h("b", { class: "en-mini-score", text: String(sheet.score.total) })),
        sheetSvg(view, ctx, player, { mini: true, marks: { fresh: new Set(view.last_roll?.choices?.[player]?.boxes || []) } }),
        h("div", { class: "en-mini-foot" },
          statusChip(sheet, ctx) || h("span", { class: "en-state", text: lastText(view, ctx, player) }),
          h("span", { class: "en-mini-done", text: t("encore.mini_left", { n: sheet.jokers_left, stars: sheet.stars_open }) })));
    }));
  }

  // taps

  pickDie(die, button) {
    const kind = die.kind;
    this.passArmed = false;
    if (!this.view.your_dice.includes(die.index)) {
      this.ctx.say(button, this.ctx.t("encore.die_taken", { name: this.ctx.name(this.view.active) }));
      return;
    }
    this.pick = { ...this.pick, [kind]: this.pick[kind] === die.index ? null : die.index };
    if (!this.candidates(this.current()).length) this.tapped = [];
    this.draw();
  }

  tap(name, el) {
    const { view, ctx } = this;
    if (!view.allowed.includes("mark")) return;
    this.passArmed = false;
    const choice = this.current();
    if (!choice) {
      ctx.say(el, ctx.t("encore.hint.pick"));
      return;
    }
    if (this.tapped.includes(name)) {
      this.tapped = this.tapped.filter((b) => b !== name);
    } else if (this.candidates(choice, [...this.tapped, name]).length) {
      this.tapped = [...this.tapped, name];
    } else if (this.candidates(choice, [name]).length) {
      this.tapped = [name];
    } else {
      ctx.say(el, ctx.t("encore.not_lit"));
      return;
    }
    this.draw();
  }

  async roll(button) {
    this.busy = true;
    button.disabled = true;
    await this.ctx.act({ kind: "roll" }, button);
    this.busy = false;
    this.draw();
  }

  async cross(button) {
    const { colour, number } = this.pick;
    this.busy = true;
    button.disabled = true;
    const ok = await this.ctx.act({ kind: "mark", colour_die: colour, number_die: number, boxes: [...this.tapped] }, button);
    this.busy = false;
    if (ok) {
      this.tapped = [];
      this.pick = { colour: null, number: null };
    }
    this.draw();
  }

  async pass(button) {
    // Passing cannot be undone: when something could be crossed, it takes a second tap.
    if (this.view.allowed.includes("mark") && !this.passArmed) {
      this.passArmed = true;
      this.draw();
      clearTimeout(this.passTimer);
      this.passTimer = setTimeout(() => { if (this.passArmed) { this.passArmed = false; this.draw(); } }, 4000);
      return;
    }
    this.passArmed = false;
    this.busy = true;
    button.disabled = true;
    await this.ctx.act({ kind: "pass" }, button);
    this.busy = false;
    this.draw();
  }
}

/**
 * The plug-in entry point the room shell calls (see README, "Adding a game to the browser").
 * The table screen's code and styles load only on the table (encore-table.js), so a phone
 * never downloads them.
 * @param {HTMLElement} root
 * @param {import("../game.js").GameContext} ctx
 * @returns {import("../game.js").GamePlugin}
 */
export function mount(root, ctx) {
  if (ctx.mode !== "table") return new Phone(root, ctx);
  const table = later(Promise.all([import("./encore-table.js"), stylesheet("/static/css/games/encore-table.css")])
    .then(([module]) => new module.Table(root, ctx)));
  table.results = (view, message) => (view ? breakdown(view, ctx, message?.outcome?.winners) : null);
  return table;
}

// the drawing helpers the table screen shares
export { breakdown, colourChips, dieElement, jokerBoxes, lastText, names, rollLabel, sheetOf, sheetSvg, statusChip, symbols, use };
