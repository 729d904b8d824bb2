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

/** An HTML element: h("button", {class: "primary", onclick}, "Start"). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as h(). */
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

/** Show one message next to the control that caused it; it fades after a few seconds. */
export function bubble(anchor, text, kind = "error") {
  const old = document.querySelector(".bubble");
  if (old) old.remove();
  const note = h("div", { class: `bubble bubble-${kind}`, role: "alert", text });
  document.body.append(note);
  const place = () => {
    const box = (anchor && anchor.isConnected ? anchor : document.body).getBoundingClientRect();
    const width = note.offsetWidth;
    const left = Math.max(8, Math.min(window.innerWidth - width - 8,
                                      box.left + box.width / 2 - width / 2));
    let top = box.top - note.offsetHeight - 10;
    if (top < 8) top = box.bottom + 10;
    note.style.left = `${left}px`;
    note.style.top = `${Math.min(top, window.innerHeight - note.offsetHeight - 8)}px`;
  };
  place();
  note.addEventListener("click", () => note.remove());
  setTimeout(() => note.classList.add("bubble-fade"), 5200);
  setTimeout(() => note.remove(), 6000);
  return note;
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
