// Encore! on the table screen: the dice and who took which, every sheet, who is still choosing,
// the firsts taken, the last roll, the final score part by part. Loaded by encore.js only on the
// table, with its own stylesheet, so phones never download it.

import { fill, h, s, seatMark } from "../dom.js";
import {
  breakdown, colourChips, dieElement, jokerBoxes, lastText, names, rollLabel, sheetOf, sheetSvg,
  statusChip, symbols, use,
} from "./encore.js";

export class Table {
  /**
   * @param {HTMLElement} root
   * @param {import("../game.js").GameContext} ctx
   */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.head = h("div", { class: "en-table-head", "aria-live": "polite" });
    this.tray = h("div", { class: "en-table-tray" });
    this.firsts = h("div", { class: "en-firsts" });
    this.last = h("div", { class: "en-last" });
    this.grid = h("div", { class: "en-grid" });
    root.append(h("div", { class: "en en-table" },
      h("aside", { class: "en-side" }, this.head, this.tray, this.firsts, this.last), this.grid));
    symbols();
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
    const active = view.active ? ctx.name(view.active) : "";
    let say;
    if (view.phase === "over") say = t("encore.over");
    else if (view.phase === "roll") say = t("encore.say.wait_roll", { name: active });
    else if (view.phase === "active") say = t("encore.table.active", { name: active });
    else say = t("encore.say.waiting", { names: names(view.waiting_for, ctx) });
    fill(this.head, h("p", { class: "en-table-roll", text: rollLabel(view, ctx) || t("encore.roll_none") }),
      h("p", { class: "en-table-say", text: say }));

    if (view.phase === "over") {
      fill(this.tray, h("h3", { class: "en-side-title", text: t("encore.final") }), breakdown(view, ctx));
    } else if (view.dice.length) {
      const taken = view.dice.filter((d) => d.taken);
      const row = h("div", { class: `en-dice-row${view.roll !== this.shownRoll ? " is-new" : ""}` },
        ["colour", "number"].map((kind) => h("div", { class: `en-dice en-dice-${kind}` },
          view.dice.filter((d) => d.kind === kind).map((die) => dieElement(die, ctx, { classes: die.taken ? ["is-taken"] : [] })))));
      let note;
      if (view.active_choice?.passed) note = t("encore.open.passed", { name: active });
      else if (taken.length) {
        note = view.all_dice_open ? t("encore.table.took_all", { name: active }) : t("encore.table.took", { name: active });
      } else note = view.all_dice_open && view.players.length > 1 ? t("encore.open.first_rolls") : "";
      fill(this.tray, row, note ? h("p", { class: "en-tray-note", text: note }) : null);
    } else {
      fill(this.tray, h("p", { class: "en-tray-wait", text: t("encore.say.wait_roll", { name: active }) }));
    }
    this.shownRoll = view.roll;

    this.drawFirsts();
    this.drawLast();
    const n = view.players.length;
    this.grid.dataset.count = String(n);
    fill(this.grid, view.players.map((player) => this.card(player)));
  }

  card(player) {
    const { view, ctx } = this;
    const t = ctx.t;
    const sheet = sheetOf(view, player);
    const fresh = new Set(view.phase === "roll" || view.phase === "over" ? view.last_roll?.choices?.[player]?.boxes || [] : []);
    const active = view.active_choice && player === view.active ? new Set(view.active_choice.boxes) : new Set();
    return h("section", { class: `en-card${player === view.active ? " is-active" : ""}`, dataset: { player } },
      h("header", { class: "en-card-head" },
        h("span", { class: "en-card-name", text: ctx.name(player) }),
        seatMark(ctx, player),
        statusChip(sheet, ctx),
        h("span", { class: "en-card-score" }, h("b", { text: String(sheet.score.total) }), h("small", { text: t("encore.points") }))),
      sheetSvg(view, ctx, player, { marks: { fresh: new Set([...fresh, ...active]) } }),
      h("footer", { class: "en-card-foot" }, colourChips(view, ctx, player),
        h("span", { class: "en-jl" }, h("b", { text: "!" }), jokerBoxes(view, ctx, sheet)),
        h("span", { class: "en-stars", text: `★ ${sheet.stars_open}` })));
  }

  drawFirsts() {
    const { view, ctx } = this;
    const t = ctx.t;
    const layout = view.sheet;
    const cols = Object.entries(view.column_firsts);
    const colours = Object.entries(view.colour_firsts);
    if (view.phase === "over") {  // the final score, part by part, says it all
      fill(this.firsts);
      return;
    }
    const chips = [
      ...cols.map(([letter, who]) => h("li", { class: "en-first", dataset: { column: letter } },
        h("b", { text: letter }), h("span", { class: "en-first-v", text: `+${layout.column_points_first[layout.columns.indexOf(letter)]}` }),
        h("span", { class: "en-first-who", text: names(who, ctx) }))),
      ...colours.map(([code, who]) => h("li", { class: "en-first", dataset: { colour: code } },
        s("svg", { viewBox: "0 0 100 100", class: "en-swatch", "aria-label": t(`encore.colour.${code}`), role: "img" },
          s("rect", { class: `en-c-${code}`, width: 100, height: 100, rx: 22 }), use(`en-shape-${code}`, 24, 24, 52, "en-die-shape")),
        h("span", { class: "en-first-v", text: `+${layout.colour_bonus_first}` }),
        h("span", { class: "en-first-who", text: names(who, ctx) }))),
    ];
    fill(this.firsts, h("h3", { class: "en-side-title", text: t("encore.firsts") }),
      chips.length ? h("ul", { class: "en-first-list" }, chips) : h("p", { class: "muted", text: t("encore.firsts_none") }));
  }

  drawLast() {
    const { view, ctx } = this;
    const t = ctx.t;
    const last = view.last_roll;
    if (!last || view.phase === "over") {
      fill(this.last);
      return;
    }
    const dice = last.dice;
    const rows = view.players.map((player) => {
      const c = last.choices[player];
      const used = c.passed ? [] : [c.colour_die, c.number_die];
      return h("li", { dataset: { player } },
        h("span", { class: "en-last-name", text: ctx.name(player) }),
        h("span", { class: "en-last-dice" }, used.map((i) => dieElement(
          { index: i, face: dice[i], kind: /^[1-5?]$/.test(dice[i]) ? "number" : "colour", joker: dice[i] === "X" || dice[i] === "?" }, ctx, { classes: ["en-die-tiny"] }))),
        h("span", { class: "en-last-what", text: lastText(view, ctx, player) }));
    });
    fill(this.last, h("h3", { class: "en-side-title", text: t("encore.last_roll", { n: last.number, name: ctx.name(last.active) }) }),
      h("ul", { class: "en-last-list" }, rows));
  }
}
