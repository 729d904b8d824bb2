// A camera over an SVG drawn in world units (one board square = 1), and the touch gestures
// that move it: one finger drags, two fingers pinch, the wheel zooms about the pointer, and a
// touch that barely moved is a tap. Qwirkle's open grid and the Hues and Cues board share it.
//
// A board passes itself in and provides: `cam` {x, y, scale (pixels per unit)}, `size()`
// {w, h, box}, `scaleLimits()` [min, max], optional `clamp()` (keep the camera over the
// board), `apply()` (show the camera) and `tapped(clientX, clientY)`. Any gesture that moves
// the camera sets `board.auto = false` (the board stops re-fitting itself).

const SLOP = 8; // pixels a finger may wander and still tap

/** The world point under a screen point. */
export function toWorld(board, clientX, clientY) {
  const { w, h, box } = board.size();
  return {
    x: board.cam.x + (clientX - box.left - w / 2) / board.cam.scale,
    y: board.cam.y + (clientY - box.top - h / 2) / board.cam.scale,
  };
}

function limitScale(board, scale) {
  const [low, high] = board.scaleLimits();
  return Math.max(low, Math.min(high, scale));
}

/** Zoom to `scale` keeping the world point under (clientX, clientY) where it is. */
export function zoomAbout(board, clientX, clientY, scale) {
  const before = toWorld(board, clientX, clientY);
  board.cam.scale = limitScale(board, scale);
  const after = toWorld(board, clientX, clientY);
  board.cam.x += before.x - after.x;
  board.cam.y += before.y - after.y;
  board.auto = false;
  board.clamp?.();
  board.apply();
}

/** Wire drag, pinch, wheel and tap on `svg` for `board`. */
export function panAndPinch(svg, board) {
  const points = new Map();
  let start = null;
  let tap = null;
  const snapshot = () => {
    const [a, b] = points.values();
    start = {
      cam: { ...board.cam },
      mid: b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : a,
      dist: b ? Math.hypot(a.x - b.x, a.y - b.y) : 0,
    };
  };
  svg.addEventListener("pointerdown", (event) => {
    svg.setPointerCapture?.(event.pointerId);
    points.set(event.pointerId, { x: event.clientX, y: event.clientY });
    tap = points.size === 1 ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
    snapshot();
  });
  svg.addEventListener("pointermove", (event) => {
    if (!points.has(event.pointerId)) return;
    points.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (tap && Math.hypot(event.clientX - tap.x, event.clientY - tap.y) < SLOP) return;
    tap = null;
    board.auto = false;
    const [a, b] = points.values();
    const was = start.cam;
    if (!b) {
      board.cam.x = was.x - (a.x - start.mid.x) / was.scale;
      board.cam.y = was.y - (a.y - start.mid.y) / was.scale;
    } else {
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const scale = limitScale(board, was.scale * (dist / (start.dist || dist)));
      const { w, h, box } = board.size();
      const cx = box.left + w / 2;
      const cy = box.top + h / 2;
      board.cam = {
        x: was.x + (start.mid.x - cx) / was.scale - (mid.x - cx) / scale,
        y: was.y + (start.mid.y - cy) / was.scale - (mid.y - cy) / scale,
        scale,
      };
    }
    board.clamp?.();
    board.apply();
  });
  const end = (event) => {
    if (!points.delete(event.pointerId)) return;
    if (tap?.id === event.pointerId && event.type === "pointerup") {
      board.tapped(event.clientX, event.clientY);
    }
    tap = null;
    if (points.size) snapshot();
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoomAbout(board, event.clientX, event.clientY, board.cam.scale * Math.exp(-event.deltaY * 0.0015));
  }, { passive: false });
}
