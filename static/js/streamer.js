// Streamer mode on the table screen: the room code and its QR code stay behind a
// tap-to-show, so a stream of the table never shows how to join (remembered per browser, as
// a preference in localStorage). A tap shows them for a while, or until "Hide" is tapped.

import { $, prefs } from "./dom.js";

const MASK = "••••";
const SHOWN_FOR = 30000; // ms a tap shows the code

export function streamerMode(code) {
  const secret = $("#invite-secret");
  const reveal = $("#invite-reveal");
  const conceal = $("#invite-hide");
  const tag = $("#room-code");
  const toggle = $("#pref-streamer");
  const title = document.title;
  let shown = false;
  let timer = 0;

  const draw = () => {
    const on = prefs.get("streamer", false);
    const hide = on && !shown;
    document.body.classList.toggle("is-streaming", on);
    secret.hidden = hide;
    reveal.hidden = !hide;
    conceal.hidden = !(on && shown);
    tag.textContent = hide ? MASK : code;
    document.title = hide ? title.replaceAll(code, MASK) : title;
  };
  const show = (yes) => {
    clearTimeout(timer);
    shown = yes;
    if (yes) timer = setTimeout(() => show(false), SHOWN_FOR);
    draw();
  };

  reveal.addEventListener("click", () => show(true));
  conceal.addEventListener("click", () => show(false));
  tag.closest(".room-tag").addEventListener("click", () => {
    if (prefs.get("streamer", false)) show(!shown);
  });
  toggle.checked = prefs.get("streamer", false);
  toggle.addEventListener("change", () => {
    prefs.set("streamer", toggle.checked);
    show(false);
  });
  draw();
}
