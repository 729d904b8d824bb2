// The layout guard's eye, run in the page by tests/browser/test_layout.py: returns the list of
// what is wrong with the screen as laid out now (empty when nothing is).
//
//   - the document scrolls sideways;
//   - a box (a player card, a sheet, a chip, a panel: `boxes`) or anything inside it sticks
//     out of it, is cut off without an ellipsis, or scrolls sideways inside it;
//   - two boxes of one kind overlap;
//   - a box lies outside the viewport or outside a container that clips it (sideways always;
//     up and down too on a `tv`, where nobody scrolls);
//   - a control a person needs (`controls`) is off screen or covered by something else.
//
// Text is measured as laid out (a Range round each text node), then clipped by every element
// between it and its box that hides overflow, so an ellipsis that cuts a long name is fine,
// and only what is really drawn outside its box counts.
({ boxes, controls, tv }) => {
  const problems = [];
  const W = window.innerWidth;
  const H = window.innerHeight;
  const SLACK = 1.5;
  const say = (text) => { if (problems.length < 40) problems.push(text); };

  const label = (el) => {
    if (!(el instanceof Element)) return "text";
    const id = el.id ? `#${el.id}` : "";
    const cls = [...el.classList].slice(0, 2).map((c) => `.${c}`).join("");
    const who = el.dataset?.player ? `[${el.dataset.player}]` : "";
    return `${el.tagName.toLowerCase()}${id}${cls}${who}`;
  };
  const layer = (el) => el.closest("#results, dialog, .dx-sheet, .dx-viewer");
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const clips = (el, axis) => {
    const style = getComputedStyle(el);
    const value = axis === "x" ? style.overflowX : style.overflowY;
    return value !== "visible";
  };
  const rectOf = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect();
    }
    return node.getBoundingClientRect();
  };
  const inside = (a, b, axis) => (axis === "x"
    ? a.left >= b.left - SLACK && a.right <= b.right + SLACK
    : a.top >= b.top - SLACK && a.bottom <= b.bottom + SLACK);
  const by = (a, b, axis) => Math.round(axis === "x"
    ? Math.max(b.left - a.left, a.right - b.right)
    : Math.max(b.top - a.top, a.bottom - b.bottom));

  // 1. sideways scroll of the whole page
  const page = document.scrollingElement;
  if (page.scrollWidth > W + 1) say(`the page scrolls sideways: ${page.scrollWidth} px wide in ${W}`);

  const seen = new Set();
  for (const selector of boxes) {
    const found = [...document.querySelectorAll(selector)].filter(shown);
    for (const box of found) {
      if (seen.has(box)) continue;
      seen.add(box);
      const b = box.getBoundingClientRect();
      if (!b.width || !b.height) continue;
      const name = label(box);

      // 2. the box on screen and inside whatever clips it
      if (b.left < -SLACK || b.right > W + SLACK) say(`${name} is off screen sideways (${Math.round(b.left)}–${Math.round(b.right)} of ${W})`);
      if (tv && (b.top < -SLACK || b.bottom > H + SLACK)) say(`${name} is off screen (${Math.round(b.top)}–${Math.round(b.bottom)} of ${H})`);
      for (let up = box.parentElement; up && up !== document.body; up = up.parentElement) {
        const u = up.getBoundingClientRect();
        if (clips(up, "x") && !inside(b, u, "x")) {
          say(`${name} sticks out of ${label(up)} sideways by ${by(b, u, "x")} px`);
          break;
        }
        const scrollsY = ["auto", "scroll"].includes(getComputedStyle(up).overflowY);
        if (clips(up, "y") && (tv || !scrollsY) && !inside(b, u, "y")) {
          say(`${name} is cut off by ${label(up)} (${by(b, u, "y")} px)`);
          break;
        }
      }

      // 3. the box's own content: cut off, or scrolling sideways inside it
      const style = getComputedStyle(box);
      if (!(box instanceof SVGElement)) {
        const ellipsis = style.textOverflow === "ellipsis";
        if (clips(box, "x") && box.scrollWidth > box.clientWidth + 1 && !ellipsis) {
          say(`${name} cuts off or scrolls its content sideways (${box.scrollWidth} px in ${box.clientWidth})`);
        }
        const scrollsY = ["auto", "scroll"].includes(style.overflowY);
        if (clips(box, "y") && (tv || !scrollsY) && box.scrollHeight > box.clientHeight + 1 && !ellipsis) {
          say(`${name} cuts off its content (${box.scrollHeight} px tall in ${box.clientHeight})`);
        }
      }

      // 4. everything inside within the box (after inner clipping)
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      let reported = 0;
      for (let node = walker.nextNode(); node && reported < 2; node = walker.nextNode()) {
        const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : node;
        if (node.nodeType === Node.TEXT_NODE && !node.textContent.trim()) continue;
        if (!element || !shown(element)) continue;
        const r = rectOf(node);
        if (!r.width || !r.height) continue;
        let left = r.left; let right = r.right; let top = r.top; let bottom = r.bottom;
        let cut = null;
        // Clipped by every element that hides overflow, the box itself included (what the
        // box hides or scrolls away is reported above, once, as the box's own problem).
        for (let up = node.parentElement; up; up = up.parentElement) {
          const u = up.getBoundingClientRect();
          if (clips(up, "x")) { left = Math.max(left, u.left); right = Math.min(right, u.right); }
          if (clips(up, "y")) { top = Math.max(top, u.top); bottom = Math.min(bottom, u.bottom); }
          const upStyle = getComputedStyle(up);
          if (up === box) break;
          if (!cut && !(up instanceof SVGElement) && clips(up, "x") && upStyle.textOverflow !== "ellipsis"
              && up.scrollWidth > up.clientWidth + 1 && upStyle.overflowX !== "auto" && upStyle.overflowX !== "scroll") {
            cut = up;
          }
        }
        if (right - left < 0.5 || bottom - top < 0.5) continue;
        const drawn = { left, right, top, bottom };
        if (!inside(drawn, b, "x") || !inside(drawn, b, "y")) {
          const axis = inside(drawn, b, "x") ? "y" : "x";
          say(`${label(node)} overflows ${name} by ${by(drawn, b, axis)} px ${axis === "x" ? "sideways" : "up or down"}`);
          reported += 1;
        } else if (cut) {
          say(`${label(cut)} in ${name} cuts off its text (${cut.scrollWidth} px in ${cut.clientWidth})`);
          reported += 1;
        }
      }
    }

    // 5. boxes of one kind never overlap
    for (let i = 0; i < found.length; i += 1) {
      const a = found[i].getBoundingClientRect();
      for (let j = i + 1; j < found.length; j += 1) {
        if (found[i].contains(found[j]) || found[j].contains(found[i])) continue;
        // a layer over the page (the results, a dialog, a sheet) may cover what lies below
        if (layer(found[i]) !== layer(found[j])) continue;
        const c = found[j].getBoundingClientRect();
        const x = Math.min(a.right, c.right) - Math.max(a.left, c.left);
        const y = Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top);
        if (x > SLACK && y > SLACK) say(`${label(found[i])} and ${label(found[j])} overlap (${Math.round(x)}×${Math.round(y)} px)`);
      }
    }
  }

  // 6. the controls a person needs: on screen and not covered
  for (const selector of controls) {
    for (const control of document.querySelectorAll(selector)) {
      if (!shown(control)) continue;
      const r = control.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const name = label(control);
      if (r.left < -SLACK || r.top < -SLACK || r.right > W + SLACK || r.bottom > H + SLACK) {
        say(`${name} is off screen (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} of ${W}×${H})`);
        continue;
      }
      for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.5], [0.8, 0.5]]) {
        const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
        // an open layer (the results, a round's results sheet, a dialog) is meant to be
        // dismissed first; its own buttons are checked as controls of their own
        if (hit && !control.contains(hit) && !(layer(hit) && layer(hit) !== layer(control))) {
          say(`${name} is covered by ${label(hit)}`);
          break;
        }
      }
    }
  }
  // 7. a drop-down shows its whole choice ("Qwirkle · 2–" is no choice)
  const pen = document.createElement("canvas").getContext("2d");
  for (const select of document.querySelectorAll("select")) {
    if (!shown(select) || select.selectedIndex < 0) continue;
    const style = getComputedStyle(select);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex].text;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
    const need = pen.measureText(text).width;
    if (need > room + 1) say(`${label(select)} cuts its choice “${text}” (${Math.round(need)} px in ${Math.round(room)})`);
  }
  return problems;
}
