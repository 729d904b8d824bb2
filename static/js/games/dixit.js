// Dixit in the browser: a player's phone (hand, telling, submitting, voting, the round's
// results) and the table screen (the phrase, the cards big and numbered, who has played and
// voted, the reveal, the score track).
//
// It draws only from the view: `allowed` says whether this phone may tell, submit or vote
// now, `votable` which revealed cards it may vote for, `submit_count` / `votes_allowed` how
// many cards to choose. The server refuses anything else, and its reason shows next to the
// control that sent it. Pictures are the engine's assets (/assets/dixit/cards/<id>.svg), or a
// host's own (/pictures/<hash>.webp); a card id only ever reaches the page when the view
// carries it.
//
// Players are told apart by a token: a colour AND initials, so colour-blind players can read
// votes on the cards too.

import { fill, h, later, s, stylesheet } from "../dom.js";

const REVEAL_MS = 6000; // the table shows the last reveal this long before the results
const COLOURS = 12; // .dx-c0 … .dx-c11 in dixit.css
const SWIPE = 40; // px a finger moves sideways to turn to the next card

// A host's own picture is named by its hash (32 hex digits) and served by the room server.
const cardUrl = (card) => (/^[0-9a-f]{32}$/.test(card)
  ? `/pictures/${card}.webp` : `/assets/dixit/cards/${encodeURIComponent(card)}.svg`);
export const has = (list, item) => (list || []).includes(item);
const btn = (attrs, ...kids) => h("button", { type: "button", ...attrs }, ...kids);

/** The lobby and the home page show only the options that matter (see options.js): the target
 * score when the game ends on points, the turns when it ends after turns, the 3-player rule
 * when there are (or may be) 3 players. */
export function optionShown(name, values, players) {
  if (name === "target") return values.end === "points";
  if (name === "turns_each") return values.end === "turns";
  if (name === "four_points") return players === null || players <= 3;
  if (name === "mix") return Boolean(values.pictures);
  return true;
}

/** Every player's token: a colour by seat and initials that differ from everyone else's. */
export function tokens(view, ctx) {
  const names = view.players.map((p) => ctx.name(p));
  const words = (name) => name.trim().split(/\s+/).filter(Boolean);
  const letter = (word) => Array.from(word || "?")[0].toUpperCase();
  let marks = names.map((name) => {
    const w = words(name);
    return letter(w[0]) + (w.length > 1 ? letter(w[w.length - 1]) : "");
  });
  const clash = (list, i) => list.some((m, j) => j !== i && m === list[i]);
  marks = marks.map((m, i) => (clash(marks, i) ? Array.from(names[i].trim()).slice(0, 2).join("").toUpperCase() : m));
  marks = marks.map((m, i) => (clash(marks, i) ? `${Array.from(m)[0]}${i + 1}` : m));
  return new Map(view.players.map((p, i) => [p, { id: p, name: names[i], mark: marks[i], colour: i % COLOURS }]));
}

export function token(who, extra = "") {
  return h("span", { class: `dx-token dx-c${who.colour} ${extra}`, title: who.name, "aria-label": who.name, dataset: { player: who.id } },
    who.mark);
}

/** A card's picture, with its number and any labels; `onTap` makes it a button. */
export function cardFace(card, { number = null, classes = "", alt = "", onTap = null, ribbons = [], footer = null, pressed = null, star = false } = {}) {
  const inner = [
    h("img", { class: "dx-pic", src: cardUrl(card), alt, draggable: "false" }),
    number !== null ? h("span", { class: "dx-num", "aria-hidden": "true", text: String(number) }) : null,
    star ? h("span", { class: "dx-star", "aria-hidden": "true", text: "★" }) : null,
    ribbons.length ? h("span", { class: "dx-ribbons" }, ribbons) : null,
  ];
  const face = onTap
    ? btn({ class: "dx-face", onclick: onTap, "aria-label": alt, "aria-pressed": pressed === null ? undefined : String(pressed) }, inner)
    : h("div", { class: "dx-face" }, inner);
  return h("div", { class: `dx-card ${classes}`, dataset: { card } }, face, footer);
}

/** What happened in a scored round, in one or two sentences. */
export function caseText(round, ctx, people) {
  const teller = people.get(round.storyteller)?.name ?? round.storyteller;
  if (round.case === "some_found") {
    const found = round.found.map((p) => people.get(p)?.name ?? p).join(", ");
    return ctx.t("dixit.case.some_found", { teller, found, n: round.points[round.storyteller] ?? 0 });
  }
  return ctx.t(`dixit.case.${round.case}`, { teller });
}

/** This viewer's own story of a scored round (found it, fooled someone…). */
function personalText(round, you, ctx, people) {
  if (!you || !(you in round.points)) return "";
  const name = (p) => people.get(p)?.name ?? p;
  const owner = new Map(round.table.map((c) => [c.card, c.owner]));
  const lines = [];
  if (you === round.storyteller) {
    lines.push(ctx.t("dixit.you.teller", { n: round.found.length, m: Object.keys(round.votes).length }));
  } else {
    for (const card of round.votes[you] || []) {
      lines.push(card === round.card ? ctx.t("dixit.you.found") : ctx.t("dixit.you.fooled_by", { name: name(owner.get(card)) }));
    }
    const fooled = round.table.filter((c) => c.owner === you).flatMap((c) => c.voters);
    if (fooled.length) lines.push(ctx.t("dixit.you.fooled", { names: [...new Set(fooled)].map(name).join(", ") }));
  }
  lines.push(ctx.t("dixit.you.points", { n: round.points[you] }));
  return lines.join(" ");
}

/** The revealed cards of a scored round: owner, storyteller's star, voters' tokens. */
export function scoredCards(round, people, ctx, { you = null, onTap = null, big = false } = {}) {
  return round.table.map((c) => {
    const owner = people.get(c.owner);
    const ribbons = [];
    if (c.story && big) ribbons.push(h("span", { class: "dx-ribbon dx-ribbon-story", text: ctx.t("dixit.story_card") }));
    if (c.owner === you) ribbons.push(h("span", { class: "dx-ribbon dx-ribbon-yours", text: ctx.t("dixit.yours") }));
    return cardFace(c.card, {
      number: c.position,
      classes: `${c.story ? "is-story" : ""}${c.owner === you ? " is-yours" : ""}`,
      alt: ctx.t(c.story ? "dixit.card_of_teller" : "dixit.card_of", { n: c.position, name: owner?.name ?? c.owner }),
      onTap: onTap ? () => onTap(c.card) : null,
      ribbons, star: c.story,
      footer: h("div", { class: "dx-card-foot" },
        h("span", { class: "dx-owner" }, owner ? token(owner, "dx-token-owner") : null, h("span", { class: "dx-owner-name", text: owner?.name ?? c.owner })),
        h("span", { class: "dx-voters", "aria-label": ctx.t("dixit.voters_label") },
          big && c.voters.length ? h("span", { class: "dx-voters-label", "aria-hidden": "true", text: ctx.t("dixit.voters_label") }) : null,
          c.voters.map((v) => (people.get(v) ? token(people.get(v), "dx-token-vote") : null)))),
    });
  });
}

/** Points of a round and totals, best total first. */
function pointsList(view, round, people, ctx) {
  const order = [...view.players].sort((a, b) => (view.scores[b] ?? 0) - (view.scores[a] ?? 0));
  return h("ol", { class: "dx-points" }, order.map((p) => {
    const who = people.get(p);
    const gain = round?.points?.[p] ?? 0;
    return h("li", { class: `dx-points-row${p === view.you ? " is-you" : ""}`, dataset: { player: p } },
      token(who),
      h("span", { class: "dx-points-name", text: who.name }),
      round ? h("span", { class: `dx-gain${gain ? "" : " is-zero"}`, text: `+${gain}` }) : null,
      h("span", { class: "dx-total", text: String(view.scores[p] ?? 0) }));
  }));
}

/** Everyone who must act in this step (all but the storyteller), done or not. */
export function progress(view, people, done, ctx, label) {
  const others = view.players.filter((p) => p !== view.storyteller);
  const waiting = others.filter((p) => !has(done, p)).map((p) => people.get(p).name);
  return h("div", { class: "dx-progress" },
    h("ul", { class: "dx-progress-tokens", "aria-label": label },
      others.map((p) => h("li", { class: has(done, p) ? "is-done" : "is-waiting" }, token(people.get(p)),
        h("span", { class: "dx-progress-name", text: people.get(p).name })))),
    waiting.length ? h("p", { class: "dx-waiting", text: ctx.t("dixit.waiting_for", { names: waiting.join(", ") }) }) : null);
}

/** The phrase in big quotes (smaller when it is long) and whose story it is. */
export function phrase(text, teller, ctx, cls = "") {
  const size = text.length > 110 ? " is-long" : text.length > 45 ? " is-mid" : "";
  return h("figure", { class: `dx-phrase${size} ${cls}` },
    h("blockquote", { class: "dx-phrase-text", text }),
    teller ? h("figcaption", { class: "dx-phrase-by" }, token(teller), h("span", { text: ctx.t("dixit.phrase_by", { name: teller.name }) })) : null);
}

export function phraseBlock(view, people, ctx, cls = "") {
  if (!view.phrase) return null;
  const teller = people.get(view.phase === "scored" || view.phase === "over" ? view.last_round?.storyteller : view.storyteller);
  return phrase(view.phrase, teller, ctx, cls);
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
    this.people = new Map();
    this.stepKey = ""; // phase:round, to clear choices when the step changes
    this.chosen = []; // card ids chosen for Tell / Submit / Vote
    this.viewing = null; // {source, card} while the full-screen viewer is open
    this.openRound = null; // the round number whose results sheet is open
    this.seenRound = null;
    this.busy = false;
    const t = ctx.t;
    this.scores = h("ol", { class: "dx-strip", "aria-label": t("dixit.scores") });
    this.head = h("div", { class: "dx-head", "aria-live": "polite" });
    this.main = h("div", { class: "dx-main" });
    this.bar = h("div", { class: "dx-bar" });
    this.sheet = h("section", { class: "dx-sheet", hidden: true, role: "dialog", "aria-modal": "true", "aria-label": t("dixit.results_title") });
    this.viewer = h("section", { class: "dx-viewer", hidden: true, role: "dialog", "aria-modal": "true" });
    this.phrase = h("textarea", {
      id: "dx-phrase", class: "dx-phrase-input", rows: 2, enterkeyhint: "send", autocomplete: "off",
      placeholder: t("dixit.phrase_placeholder"), "aria-label": t("dixit.phrase_label"),
    });
    this.phrase.addEventListener("input", () => { this.phrase.classList.remove("is-refused"); this.count(); });
    this.phrase.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); this.tellButton?.click(); }
    });
    this.counter = h("span", { class: "dx-counter", "aria-live": "polite" });
    root.append(h("div", { class: "dx dx-phone" }, this.scores, this.head, this.main, this.bar, this.sheet, this.viewer));
    document.addEventListener("keydown", (event) => this.key(event));
  }

  update(view) {
    if (!view) return;
    const step = `${view.phase}:${view.round}`;
    if (step !== this.stepKey) this.chosen = [];
    this.stepKey = step;
    // a newly scored round opens its results, which stay until dismissed (even when the next
    // storyteller tells at once); a phone that reloads mid-round does not see them again
    const number = view.last_round?.number ?? null;
    if (number !== null && number !== this.seenRound && (this.view || view.phase === "scored")) this.openRound = number;
    if (number === null) this.openRound = null;
    this.seenRound = number;
    this.view = view;
    this.people = tokens(view, this.ctx);
    this.draw();
  }

  can(kind) { return has(this.view.allowed, kind); }

  /** How many cards this step lets you choose, and among which. */
  choosing() {
    const v = this.view;
    if (this.can("tell")) return { most: 1, from: v.hand };
    if (this.can("submit")) return { most: v.submit_count, from: v.hand };
    if (this.can("vote")) return { most: v.votes_allowed, from: v.table.filter((c) => c.votable).map((c) => c.card) };
    return { most: 0, from: [] };
  }

  toggle(card) {
    const { most, from } = this.choosing();
    if (!has(from, card)) return;
    if (this.chosen.includes(card)) this.chosen = this.chosen.filter((c) => c !== card);
    else this.chosen = [...this.chosen, card].slice(-most);
  }

  draw() {
    const { view, ctx, people } = this;
    const t = ctx.t;
    this.scores.dataset.count = String(view.players.length);
    fill(this.scores, view.players.map((p) => h("li", {
      class: `dx-chip${p === view.storyteller ? " is-teller" : ""}${p === view.you ? " is-you" : ""}`, dataset: { player: p },
    }, token(people.get(p)), h("span", { class: "dx-chip-name", text: people.get(p).name }),
      h("b", { class: "dx-chip-score", text: String(view.scores[p] ?? 0) }))));
    this.drawHead();
    this.drawMain();
    this.drawBar();
    this.drawSheet();
    this.drawViewer();
  }

  /** What this phone is waiting for or asked to do now, in one line. */
  statusText() {
    const { view, ctx: { t } } = this;
    const teller = this.people.get(view.storyteller)?.name;
    if (view.finished) return t("dixit.over");
    if (this.can("tell")) return t("dixit.you_tell");
    if (this.can("submit")) return t(view.submit_count > 1 ? "dixit.submit_two" : "dixit.submit_one", { n: view.submit_count });
    if (this.can("vote")) return t(view.votes_allowed > 1 ? "dixit.vote_two" : "dixit.vote_one", { name: teller });
    if (view.phase === "submit") return t(view.told ? "dixit.others_submit" : "dixit.you_submitted");
    if (view.phase === "vote") return t(view.you === view.storyteller ? "dixit.others_vote" : "dixit.you_voted");
    return t("dixit.thinking", { name: teller });
  }

  drawHead() {
    const { view, ctx, people } = this;
    const t = ctx.t;
    const status = this.statusText();
    const last = view.last_round && this.openRound === null
      ? btn({ class: "small ghost dx-last-button", id: "dx-last", text: t("dixit.last_round", { n: view.last_round.number }), onclick: () => { this.openRound = view.last_round.number; this.draw(); } })
      : null;
    const inRound = view.phase === "submit" || view.phase === "vote";
    fill(this.head,
      h("div", { class: `dx-status${view.your_turn ? " mine" : ""}` }, h("span", { class: "dx-status-text", text: status }), last),
      this.can("tell") ? h("p", { class: "dx-hint", text: t("dixit.tell_hint") }) : null,
      inRound ? phraseBlock(view, people, ctx) : null);
  }

  drawMain() {
    const { view, ctx, people } = this;
    const t = ctx.t;
    const parts = [];
    if (view.phase === "vote") {
      const mine = new Set(view.your_votes);
      parts.push(h("div", { class: "dx-grid dx-vote-grid", id: "dx-vote-grid" }, view.table.map((c) => {
        const ribbons = [];
        if (c.yours) ribbons.push(h("span", { class: "dx-ribbon dx-ribbon-yours", text: t("dixit.yours") }));
        if (mine.has(c.card)) ribbons.push(h("span", { class: "dx-ribbon dx-ribbon-vote", text: t("dixit.your_vote") }));
        const chosen = this.chosen.includes(c.card);
        if (chosen && c.votable) ribbons.push(h("span", { class: "dx-ribbon dx-ribbon-chosen", text: t("dixit.chosen") }));
        return cardFace(c.card, {
          number: c.position,
          classes: `${c.yours ? "is-yours" : ""}${c.votable ? " is-votable" : ""}${chosen ? " is-chosen" : ""}${mine.has(c.card) ? " is-voted" : ""}`,
          alt: t(c.yours ? "dixit.card_n_yours" : "dixit.card_n", { n: c.position }),
          onTap: () => this.open("table", c.card), ribbons, pressed: c.votable ? chosen : null,
        });
      })));
      parts.push(progress(view, people, view.voted, ctx, t("dixit.voted_label")));
    } else if (view.phase === "submit" && !this.can("submit")) {
      const mine = view.told ? [view.told] : view.submitted_cards;
      parts.push(h("h3", { class: "dx-section", text: t(view.told ? "dixit.your_story_card" : "dixit.you_gave") }),
        h("div", { class: "dx-grid dx-played" }, mine.map((card) => cardFace(card, { classes: "is-played", alt: t("dixit.your_card") }))),
        progress(view, people, view.submitted, ctx, t("dixit.submitted_label")));
    } else if (view.phase === "over" && view.last_round) {
      parts.push(h("div", { class: "dx-round-inline" }, this.roundBody(view.last_round)));
    }
    if (view.phase !== "vote" && view.phase !== "over" && view.hand.length) {
      const { from } = this.choosing();
      const selectable = from.length > 0;
      if (parts.length) parts.push(h("h3", { class: "dx-section", text: t("dixit.your_hand") }));
      parts.push(h("div", { class: `dx-grid dx-hand${selectable ? " is-choosing" : ""}`, id: "dx-hand" }, view.hand.map((card, i) => {
        const chosen = this.chosen.includes(card);
        return cardFace(card, {
          classes: chosen ? "is-chosen" : "", alt: t("dixit.hand_card", { n: i + 1, m: view.hand.length }),
          onTap: () => this.open("hand", card), pressed: selectable ? chosen : null,
          ribbons: chosen ? [h("span", { class: "dx-ribbon dx-ribbon-chosen", text: t("dixit.chosen") })] : [],
        });
      })));
    }
    fill(this.main, parts);
  }

  drawBar() {
    const { view, ctx } = this;
    const t = ctx.t;
    this.tellButton = null;
    if (this.can("tell")) {
      const card = this.chosen[0];
      const button = btn({ class: "primary dx-send", id: "dx-tell", text: t("dixit.tell"), onclick: () => this.tell(button) });
      button.disabled = !card || this.busy;
      this.tellButton = button;
      this.count();
      fill(this.bar,
        h("div", { class: "dx-tell" },
          card ? btn({ class: "dx-thumb", "aria-label": t("dixit.your_card"), onclick: () => this.open("hand", card) }, h("img", { src: cardUrl(card), alt: "" }))
            : h("span", { class: "dx-thumb dx-thumb-empty", title: t("dixit.pick_hint"), "aria-label": t("dixit.pick_hint") }, "?"),
          this.phrase),
        h("div", { class: "dx-bar-row" }, this.counter, button));
    } else if (this.can("submit")) {
      const need = view.submit_count;
      const button = btn({
        class: "primary dx-send", id: "dx-submit",
        text: t(need > 1 ? "dixit.submit_cards" : "dixit.submit_card", { n: this.chosen.length, m: need }),
        onclick: () => this.send({ kind: "submit", cards: this.chosen }, button),
      });
      button.disabled = this.chosen.length !== need || this.busy;
      fill(this.bar, h("div", { class: "dx-bar-row" }, h("span", { class: "dx-bar-hint", text: t("dixit.tap_to_look") }), button));
    } else if (this.can("vote")) {
      const numbers = this.chosen.map((card) => view.table.find((c) => c.card === card)?.position).filter(Boolean);
      const button = btn({
        class: "primary dx-send", id: "dx-vote",
        text: numbers.length ? t(numbers.length > 1 ? "dixit.vote_for_two" : "dixit.vote_for", { a: numbers[0], b: numbers[1] }) : t("dixit.vote"),
        onclick: () => this.send({ kind: "vote", cards: this.chosen }, button),
      });
      button.disabled = !numbers.length || this.busy;
      const hint = view.votes_allowed > 1 && numbers.length === 1 ? t("dixit.second_vote_hint") : t("dixit.vote_final");
      fill(this.bar, h("div", { class: "dx-bar-row" }, h("span", { class: "dx-bar-hint", text: hint }), button));
    } else {
      fill(this.bar);
    }
    this.bar.hidden = !this.bar.childElementCount;
  }

  count() {
    const n = Array.from(this.phrase.value.trim()).length;
    const max = this.view?.phrase_max ?? 200;
    this.counter.textContent = this.ctx.t("dixit.count", { n, max });
    this.counter.classList.toggle("is-over", n > max);
  }

  async tell(button) {
    const card = this.chosen[0];
    if (!card) return;
    this.busy = true;
    button.disabled = true;
    const ok = await this.ctx.act({ kind: "tell", card, phrase: this.phrase.value }, this.phrase);
    this.busy = false;
    if (ok) {
      this.phrase.value = "";
      document.querySelector(".bubble")?.remove(); // an earlier refusal no longer applies
    }
    else this.phrase.classList.add("is-refused");
    this.draw();
  }

  async send(action, button) {
    this.busy = true;
    button.disabled = true;
    if (await this.ctx.act({ ...action, cards: [...action.cards] }, button)) this.chosen = [];
    this.busy = false;
    this.draw();
  }

  // --- the round's results, on a sheet that stays until dismissed --------------------------

  roundBody(round) {
    const { view, ctx, people } = this;
    const t = ctx.t;
    const teller = people.get(round.storyteller);
    return [
      h("p", { class: "dx-eyebrow", text: t("dixit.round_n", { n: round.number }) }),
      phrase(round.phrase, teller, ctx),
      h("p", { class: "dx-case", text: caseText(round, ctx, people) }),
      h("p", { class: "dx-personal", text: personalText(round, view.you, ctx, people) }),
      pointsList(view, round, people, ctx),
      h("h3", { class: "dx-section", text: t("dixit.who_played") }),
      h("div", { class: "dx-grid dx-scored" }, scoredCards(round, people, ctx, { you: view.you, onTap: (card) => this.open("round", card) })),
      h("p", { class: "dx-bonus", text: t("dixit.bonus_rule") }),
    ];
  }

  drawSheet() {
    const round = this.view.last_round;
    const open = this.openRound !== null && round && round.number === this.openRound && this.view.phase !== "over";
    this.sheet.hidden = !open;
    if (!open) return;
    const close = btn({ class: "primary big", id: "dx-results-close", text: this.ctx.t("dixit.continue"), onclick: () => { this.openRound = null; this.draw(); } });
    // the next round may already want something of you: say so next to the way back
    const next = this.view.your_turn ? h("p", { class: "dx-sheet-turn", text: this.statusText() }) : null;
    fill(this.sheet, h("div", { class: "dx-sheet-card", id: "dx-results" }, this.roundBody(round), h("div", { class: "dx-sheet-foot" }, next, close)));
  }

  // --- the full-screen viewer: swipe or tap the arrows to look through the cards ------------

  items(source) {
    const v = this.view;
    if (source === "hand") return v.hand.map((card) => ({ card }));
    if (source === "table") return v.table.map((c) => ({ card: c.card, number: c.position, yours: c.yours, votable: c.votable }));
    if (source === "round" && v.last_round) return v.last_round.table.map((c) => ({ card: c.card, number: c.position, owner: c.owner, story: c.story }));
    return [];
  }

  open(source, card) {
    this.viewing = { source, card };
    this.drawViewer();
    /** @type {HTMLElement | null} */ (this.viewer.querySelector(".dx-viewer-close"))?.focus();
  }

  turn(by) {
    const list = this.items(this.viewing.source);
    const at = list.findIndex((i) => i.card === this.viewing.card);
    this.viewing.card = list[(at + by + list.length) % list.length].card;
    this.drawViewer();
  }

  key(event) {
    if (!this.viewing) return;
    if (event.key === "Escape") { this.viewing = null; this.drawViewer(); }
    else if (event.key === "ArrowRight") this.turn(1);
    else if (event.key === "ArrowLeft") this.turn(-1);
  }

  drawViewer() {
    const { ctx, people } = this;
    const t = ctx.t;
    const list = this.viewing ? this.items(this.viewing.source) : [];
    const at = list.findIndex((i) => i.card === this.viewing?.card);
    if (at < 0) {
      this.viewing = null;
      this.viewer.hidden = true;
      fill(this.viewer);
      return;
    }
    const item = list[at];
    const source = this.viewing.source;
    const { from } = this.choosing();
    const chosen = this.chosen.includes(item.card);
    let label = item.number ? t("dixit.card_n", { n: item.number }) : t("dixit.hand_card", { n: at + 1, m: list.length });
    if (item.owner) label = t("dixit.card_of", { n: item.number, name: people.get(item.owner)?.name ?? item.owner });
    let action = null;
    if (source !== "round" && has(from, item.card)) {
      const verb = chosen ? "dixit.unchoose" : this.can("vote") ? "dixit.choose_vote" : "dixit.choose";
      action = btn({
        class: `big dx-choose ${chosen ? "secondary" : "primary"}`, id: "dx-choose", "aria-pressed": String(chosen),
        text: t(verb, { n: item.number ?? "" }),
        onclick: () => { this.toggle(item.card); this.viewing = null; this.draw(); },
      });
    } else if (item.yours && this.can("vote")) {
      action = h("p", { class: "dx-viewer-note", text: t("dixit.cannot_vote_own") });
    } else if (item.story) {
      action = h("p", { class: "dx-viewer-note is-story", text: t("dixit.story_card") });
    }
    const pic = h("div", { class: "dx-viewer-pic" },
      h("img", { src: cardUrl(item.card), alt: label, draggable: "false" }),
      item.number ? h("span", { class: "dx-num", "aria-hidden": "true", text: String(item.number) }) : null,
      chosen ? h("span", { class: "dx-ribbons" }, h("span", { class: "dx-ribbon dx-ribbon-chosen", text: t("dixit.chosen") })) : null);
    this.swipe(pic);
    const arrow = (by, d, name) => btn({ class: "icon-button dx-arrow", "aria-label": t(name), onclick: () => this.turn(by) },
      s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d })));
    fill(this.viewer,
      h("div", { class: "dx-viewer-top" },
        h("span", { class: "dx-viewer-count", text: t("dixit.n_of_m", { n: at + 1, m: list.length }) }),
        btn({ class: "icon-button dx-viewer-close", "aria-label": t("dixit.close"), onclick: () => { this.viewing = null; this.drawViewer(); } },
          s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d: "M6 6l12 12M18 6L6 18" })))),
      pic,
      h("div", { class: "dx-viewer-nav" },
        list.length > 1 ? arrow(-1, "M15 5l-7 7 7 7", "dixit.previous") : h("span"),
        h("span", { class: "dx-viewer-label", text: label }),
        list.length > 1 ? arrow(1, "M9 5l7 7-7 7", "dixit.next") : h("span")),
      action);
    this.viewer.setAttribute("aria-label", label);
    this.viewer.hidden = false;
  }

  swipe(node) {
    let start = null;
    node.addEventListener("pointerdown", (e) => { start = { x: e.clientX, y: e.clientY }; });
    node.addEventListener("pointerup", (e) => {
      if (!start) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      start = null;
      if (Math.abs(dx) > SWIPE && Math.abs(dx) > Math.abs(dy)) this.turn(dx < 0 ? 1 : -1);
    });
    node.addEventListener("pointercancel", () => { start = null; });
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
  // The table screen's code and styles are files of their own, so a phone never loads them.
  const table = later(Promise.all([import("./dixit-table.js"), stylesheet("/static/css/games/dixit-table.css")])
    .then(([module]) => new module.Table(root, ctx)));
  // The last reveal gets its moment on the TV before "Game over" covers it.
  table.holdResults = () => REVEAL_MS;
  return table;
}
