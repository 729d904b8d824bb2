// Dixit's table screen (loaded by dixit.js only on a table screen): the phrase big, the cards
// big and numbered, who has played and voted (never what), the reveal with owners and votes
// as tokens on the cards, a score track, and the last round beside the next one.

import { fill, h, seatMark } from "../dom.js";
import { caseText, cardFace, phraseBlock, progress, scoredCards, token, tokens } from "./dixit.js";

const MAX_CARD = 340; // px: a lone card back should not fill the TV

/** A face-down card: how many have been played, never which. */
function cardBack(extra = "") {
  return h("div", { class: `dx-card dx-back ${extra}` }, h("div", { class: "dx-face" }, h("span", { class: "dx-back-mark" })));
}

export class Table {
  /**
   * @param {HTMLElement} root
   * @param {import("../game.js").GameContext} ctx
   */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.people = new Map();
    this.head = h("header", { class: "dx-t-head", "aria-live": "polite" });
    this.cards = h("div", { class: "dx-t-cards", id: "dx-table-cards" });
    this.note = h("p", { class: "dx-t-note" });
    this.status = h("div", { class: "dx-t-status" });
    this.track = h("ol", { class: "dx-track", id: "dx-track" });
    this.last = h("div", { class: "dx-t-last", id: "dx-table-last" });
    this.info = h("p", { class: "dx-t-info" });
    const stage = h("div", { class: "dx-t-stage" }, this.head, this.cards, this.note, this.status);
    root.append(h("div", { class: "dx dx-table" }, stage,
      h("aside", { class: "dx-t-side" }, h("h3", { class: "dx-section", text: ctx.t("dixit.scores") }), this.track, this.last, this.info)));
    new ResizeObserver(() => this.fit()).observe(this.cards);
  }

  update(view) {
    if (!view) return;
    this.view = view;
    this.people = tokens(view, this.ctx);
    this.draw();
  }

  /** Size the cards so they all fit the stage, in as many rows as make them largest. */
  fit() {
    const n = this.cards.childElementCount;
    if (!n) return;
    // inside the padding, which keeps the number badges (standing out of each card's corner) in
    const style = getComputedStyle(this.cards);
    const box = {
      width: this.cards.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      height: this.cards.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
    };
    const gap = parseFloat(style.rowGap) || 24;
    const foot = this.cards.querySelector(".dx-card-foot") ? 70 : 0; // the foot and its gap
    let best = 0;
    for (let rows = 1; rows <= n; rows += 1) {
      const cols = Math.ceil(n / rows);
      const w = Math.min((box.width - gap * (cols - 1)) / cols, ((box.height - gap * (rows - 1)) / rows - foot) * (2 / 3));
      best = Math.max(best, w);
    }
    let w = Math.max(40, Math.min(MAX_CARD, Math.floor(best)));
    this.cards.style.setProperty("--w", `${w}px`);
    // What the sum did not foresee (a foot that wrapped, a badge): shrink until it all fits.
    const limit = this.cards.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) + 1;
    const overflows = () => [...this.cards.children].some((card) => card.getBoundingClientRect().bottom > limit);
    for (let tries = 0; tries < 12 && w > 40 && overflows(); tries += 1) {
      w = Math.max(40, Math.floor(w * 0.92));
      this.cards.style.setProperty("--w", `${w}px`);
    }
  }

  draw() {
    const { view, ctx, people } = this;
    const t = ctx.t;
    const teller = people.get(view.storyteller);
    const scored = (view.phase === "scored" || view.phase === "over") && view.last_round;
    const round = view.last_round;
    // the head: who tells and the phrase
    if (view.phase === "tell" || (view.phase === "scored" && !scored)) {
      fill(this.head, h("p", { class: "dx-t-thinking" }, token(teller, "dx-token-big"), h("span", { text: t("dixit.thinking", { name: teller?.name }) })));
    } else {
      fill(this.head,
        h("p", { class: "dx-eyebrow", text: t("dixit.round_n", { n: scored ? round.number : view.round }) }),
        phraseBlock(view, people, ctx, "dx-phrase-big"));
    }
    // the cards
    this.cards.classList.toggle("is-scored", Boolean(scored));
    if (view.phase === "submit") {
      const played = 1 + view.submitted.length * view.submit_count;
      fill(this.cards, Array.from({ length: played }, () => cardBack("dx-arrive")));
    } else if (view.phase === "vote") {
      fill(this.cards, view.table.map((c) => cardFace(c.card, { number: c.position, alt: t("dixit.card_n", { n: c.position }) })));
    } else if (scored) {
      fill(this.cards, scoredCards(round, people, ctx, { big: true }));
    } else {
      fill(this.cards, cardBack("dx-pulse")); // the storyteller is choosing
    }
    // what is happening now
    let note = "";
    if (view.phase === "submit") note = t(view.submit_count > 1 ? "dixit.table_submit_two" : "dixit.table_submit");
    else if (view.phase === "vote") note = t("dixit.table_vote", { name: teller?.name });
    else if (scored) note = caseText(round, ctx, people);
    this.note.textContent = note;
    this.note.classList.toggle("dx-case", Boolean(scored));
    this.fit();
    if (view.phase === "submit") fill(this.status, progress(view, people, view.submitted, ctx, t("dixit.submitted_label")));
    else if (view.phase === "vote") fill(this.status, progress(view, people, view.voted, ctx, t("dixit.voted_label")));
    else if (view.phase === "scored") fill(this.status, h("p", { class: "dx-t-next" }, token(teller), h("span", { text: t("dixit.thinking", { name: teller?.name }) })));
    else fill(this.status);
    this.drawTrack(scored ? round : null);
    // the last round stays on show beside the next one
    if (round && !scored) {
      const story = round.table.find((c) => c.story);
      fill(this.last,
        h("h3", { class: "dx-section", text: t("dixit.last_round", { n: round.number }) }),
        h("div", { class: "dx-t-last-body" },
          story ? cardFace(story.card, { classes: "is-story dx-mini", alt: t("dixit.story_card") }) : null,
          h("div", {},
            h("p", { class: "dx-t-last-phrase", text: `“${round.phrase}”` }),
            h("p", { class: "dx-t-last-case", text: caseText(round, ctx, people) }),
            h("ul", { class: "dx-t-last-points" }, view.players.map((p) => h("li", {}, token(people.get(p)), h("span", { class: "dx-gain", text: `+${round.points[p] ?? 0}` })))))));
    } else {
      fill(this.last);
    }
    this.info.textContent = t("dixit.pile", { n: view.pile });
  }

  drawTrack(round) {
    const { view, people } = this;
    const top = Math.max(view.target ?? 30, ...Object.values(view.scores));
    const order = [...view.players].sort((a, b) => (view.scores[b] ?? 0) - (view.scores[a] ?? 0));
    fill(this.track, order.map((p) => {
      const who = people.get(p);
      const score = view.scores[p] ?? 0;
      const gain = round?.points?.[p] ?? 0;
      const lane = h("span", { class: "dx-lane" }, h("span", { class: "dx-lane-fill" }), token(who, "dx-runner"));
      lane.style.setProperty("--at", String(score / top));
      return h("li", { class: `dx-track-row dx-c${who.colour}${p === view.storyteller && !view.finished ? " is-teller" : ""}`, dataset: { player: p } },
        h("span", { class: "dx-track-who" }, h("span", { class: "dx-track-name", text: who.name }), seatMark(this.ctx, p)),
        round ? h("span", { class: `dx-gain${gain ? "" : " is-zero"}`, text: `+${gain}` }) : h("span"),
        h("b", { class: "dx-total", text: String(score) }),
        lane);
    }));
  }
}
