// Tiny DOM helpers. Text is always set as text (textContent / text nodes), never parsed as
// HTML, so player names and phrases can never become markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * An HTML element: h("button", {class: "primary", onclick}, "Start").
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/**
 * An SVG element, same calling convention as h().
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** Replace all children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  return build(node, null, children);
}

/**
 * Show one message next to the control that caused it; it fades after a few seconds or at
 * the next tap. It never takes a tap (the tap goes where it was aimed), and over a game on a
 * phone it sits under the top bar, so it never covers the play area (the hand, the sheet);
 * a refusal of typed text stays by its field.
 */
export function bubble(anchor, text, kind = "error") {
  const old = document.querySelector(".bubble");
  if (old) old.remove();
  const note = h("div", { class: `bubble bubble-${kind}`, role: "alert", text });
  document.body.append(note);
  // (A refusal of typed text stays by its field: the eyes and the keyboard are there.)
  const docked = Boolean(anchor?.closest?.(".game") && document.querySelector(".app.phone")
                         && !anchor.matches("input, textarea"));
  const place = () => {
    const width = note.offsetWidth;
    if (docked) {
      const bar = document.querySelector(".topbar")?.getBoundingClientRect();
      note.classList.add("bubble-docked");
      note.style.left = `${Math.max(8, (window.innerWidth - width) / 2)}px`;
      note.style.top = `${(bar?.bottom ?? 0) + 6}px`;
      return;
    }
    const box = (anchor && anchor.isConnected ? anchor : document.body).getBoundingClientRect();
    const left = Math.max(8, Math.min(window.innerWidth - width - 8,
                                      box.left + box.width / 2 - width / 2));
    let top = box.top - note.offsetHeight - 10;
    if (top < 8) top = box.bottom + 10;
    note.style.left = `${left}px`;
    note.style.top = `${Math.min(top, window.innerHeight - note.offsetHeight - 8)}px`;
  };
  place();
  // The tap that raised it is still on its way: listen from the next one on.
  setTimeout(() => document.addEventListener("pointerdown", () => note.remove(),
                                             { once: true, capture: true, passive: true }), 0);
  setTimeout(() => note.classList.add("bubble-fade"), 5200);
  setTimeout(() => note.remove(), 6000);
  return note;
}

/** A scoreboard's mark for a seat whose person is not playing it now: a bot plays it, or its
 * phone is not connected (null for a seat that is all there). */
export function seatMark(ctx, player) {
  const seat = ctx.seat?.(player);
  if (!seat) return null;
  if (seat.bot) {
    return h("span", { class: "seat-mark seat-mark-bot", text: ctx.t("seat.mark_bot"), title: ctx.t("seat.mark_bot_title") });
  }
  if (!seat.connected) {
    return h("span", { class: "seat-mark seat-mark-away", text: ctx.t("seat.mark_away"), title: ctx.t("lobby.away") });
  }
  return null;
}

/** Link a stylesheet once; resolves when it has loaded (or failed: the page still works). */
export function stylesheet(href) {
  const known = sheets.get(href);
  if (known) return known;
  const loaded = new Promise((done) => document.head.append(h("link", {
    rel: "stylesheet", href, onload: done, onerror: done,
  })));
  sheets.set(href, loaded);
  return loaded;
}
const sheets = new Map();

/**
 * A game plug-in whose real object arrives later (a table screen's own module and styles,
 * loaded only there): states that come meanwhile wait, and update() resolves once the state
 * is drawn, so the shell knows when the screen is complete.
 */
export function later(made) {
  let real = null;
  let last = null;
  const ready = made.then((object) => {
    real = object;
    if (last) return Promise.resolve(real.update(...last)).then(() => real);
    return real;
  });
  return {
    update(...args) {
      if (real) return real.update(...args);
      last = args;
      return ready.then(() => undefined);
    },
    prefsChanged() { real?.prefsChanged?.(); },
    results(...args) { return real?.results?.(...args) ?? null; },
  };
}

/** Remembered preferences (sound, letters on tiles…), one localStorage key each. */
export const prefs = {
  get(key, fallback) {
    try {
      const raw = localStorage.getItem(`gamenight.pref.${key}`);
      return raw === null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try { localStorage.setItem(`gamenight.pref.${key}`, JSON.stringify(value)); } catch { /* private mode */ }
  },
};
