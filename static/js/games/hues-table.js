// Hues and Cues on the table screen (loaded by hues.js only there): the whole board with its
// row letters and column numbers, the cones, the cues, whose turn it is; at scoring the frame
// round the target, the points on each cone and everyone's points for the round and in all.
// A scored round stays on the board at least HOLD_MS, even when a bot cues the next at once.

import { fill, h, s, seatMark } from "../dom.js";
import {
  Board, COLS, LETTERS, ROWS, chip, cueChips, endNowButton, liveCones, loadBoard, marks, rejectButton, resultItems, roundText,
  roundUnstarted, statusText, swatch,
} from "./hues.js";

const HOLD_MS = 15000;

class Table {
  /**
   * @param {HTMLElement} root
   * @param {import("../game.js").GameContext} ctx
   */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.message = null;
    this.seenResult = 0;
    this.resultAt = 0;
    this.timer = null;
    const boardBox = h("div", { class: "hu-board" });
    this.caption = h("div", { class: "hu-caption", hidden: true });
    boardBox.append(this.caption);
    this.round = h("p", { class: "hu-round-big" });
    this.turn = h("p", { class: "hu-table-turn", "aria-live": "polite" });
    this.cues = h("div", { class: "hu-table-cues" });
    this.order = h("ol", { class: "hu-order" });
    this.scores = h("ol", { class: "hu-scoreboard" });
    this.result = h("section", { class: "hu-table-result", hidden: true });
    root.append(h("div", { class: "hu hu-table" }, boardBox,
      h("aside", { class: "hu-side" }, this.round, this.turn, this.cues, this.order, this.scores, this.result)));
    this.board = new Board(boardBox, { phone: false, label: ctx.t("hues.board_label") });
    loadBoard().then((data) => {
      if (!data) return;
      this.board.colours(data.colours);
      // Row letters on both sides and column numbers above and below, for the far sofa.
      const label = (x, y, text) => s("text", { x, y, class: "hu-label", text });
      fill(this.board.rulers, [...LETTERS].flatMap((letter, r) => [label(-0.55, r + 0.5, letter), label(COLS + 0.55, r + 0.5, letter)]),
        Array.from({ length: COLS }, (_, c) => [label(c + 0.5, -0.5, c + 1), label(c + 0.5, ROWS + 0.5, c + 1)]).flat());
      if (this.view) this.draw();
    });
  }

  update(view, message) {
    if (!view) return;
    const number = view.last_result?.number ?? 0;
    if (number !== this.seenResult) {
      // A new scored round: keep it on the board a while, even if a bot already cues again.
      this.seenResult = number;
      this.resultAt = this.view ? Date.now() : 0;
      clearTimeout(this.timer);
      if (this.resultAt) this.timer = setTimeout(() => this.draw(), HOLD_MS + 50);
    }
    this.view = view;
    this.message = message;
    this.marks = marks(view, this.ctx);
    this.draw();
  }

  draw() {
    const { view, ctx } = this;
    const t = ctx.t;
    const result = view.last_result;
    const holding = Boolean(result) && (roundUnstarted(view) || Date.now() - this.resultAt < HOLD_MS);
    this.round.textContent = roundText(view, t);
    fill(this.turn, view.finished ? t("hues.status.over") : statusText(view, ctx));
    fill(this.cues, h("p", { class: "hu-side-title", text: view.finished ? "" : t("hues.giver", { name: ctx.name(view.cue_giver) }) }),
      h("div", { class: "hu-cue-row" }, h("div", { class: "hu-cue-line" }, cueChips(view.cues, t, false)),
        rejectButton(view, this.message, ctx)), endNowButton(view, this.message, ctx));
    const placing = view.guess_order;
    const many = view.players.length > 5;
    fill(this.order, placing.map((p, i) => h("li", {
      class: `${p === view.turn ? "is-turn" : ""}${i < placing.indexOf(view.turn) ? " is-done" : ""}`,
    }, chip(this.marks.get(p)), many ? null : h("span", { text: ctx.name(p) }))));
    // with many players the scoreboard (who places now is marked there) needs the room
    this.order.hidden = !placing.length || many;
    this.scores.classList.toggle("hu-many", many);
    fill(this.scores, view.players.map((p) => h("li", {
      class: `hu-score${p === view.turn ? " is-turn" : ""}${p === view.cue_giver && !view.finished ? " is-giver" : ""}`,
      dataset: { player: p },
    }, chip(this.marks.get(p), "hu-chip-big"), h("span", { class: "hu-score-name", text: ctx.name(p) }), seatMark(ctx, p),
    holding ? h("span", { class: `hu-score-round${result.points[p] ? "" : " is-zero"}`, text: `+${result.points[p] ?? 0}` }) : null,
    h("b", { class: "hu-score-total", text: String(view.scores[p] ?? 0) }))));
    this.result.hidden = !result;
    if (result) {
      fill(this.result,
        h("p", { class: "hu-side-title", text: holding ? t("hues.result_heading", { n: result.number }) : t("hues.last_round_heading") }),
        h("div", { class: "hu-result-head" }, swatch(result.colour, "hu-swatch-big"),
          h("div", {}, h("p", { class: "hu-coord-big", text: result.target }),
            h("p", { class: "hu-muted", text: t("hues.by", { name: ctx.name(result.cue_giver) }) }))),
        h("div", { class: "hu-cue-line" }, cueChips(result.cues, t, result.cues.length === 1)));
    }
    this.caption.hidden = !holding;
    if (holding) {
      fill(this.caption, h("p", { class: "hu-caption-title", text: t("hues.result_title", { n: result.number, square: result.target }) }),
        h("p", { class: "hu-key", text: t("hues.frame_key") }));
    }
    this.board.draw(holding ? resultItems(result, this.marks) : liveCones(view, this.marks));
  }
}

/**
 * @param {HTMLElement} root
 * @param {import("../game.js").GameContext} ctx
 * @returns {import("../game.js").GamePlugin}
 */
export function mountTable(root, ctx) {
  return new Table(root, ctx);
}
