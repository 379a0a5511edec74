// Pointer drags for the field editor, on pointer events so that a pen or a finger drags as a mouse does (and
// a test's pointer actions too, which produce no HTML5 drag events).
"use strict";

/** How far a press must travel before it is a drag rather than a press, in pixels. */
const DRAG_START = 4;

/**
 * A press that becomes a drag once it has travelled DRAG_START pixels: `begin(e, down)` with the press, then
 * `move(e, dx, dy)` with the
 * distance from the press, then `end(e)`. A press on `ignore` (a handle inside the element) is left to it.
 */
export class Drag {
  constructor(element, calls, ignore) {
    element.addEventListener("pointerdown", (down) => {
      if (down.button !== 0 || (ignore && ignore.contains(down.target))) {
        return;
      }
      down.stopPropagation();
      element.setPointerCapture(down.pointerId);
      let dragging = false;
      const moved = (e) => {
        const dx = e.clientX - down.clientX;
        const dy = e.clientY - down.clientY;
        if (!dragging && Math.hypot(dx, dy) >= DRAG_START) {
          dragging = true;
          calls.begin(e, down);
        }
        if (dragging) {
          calls.move(e, dx, dy);
        }
      };
      const up = (e) => {
        element.removeEventListener("pointermove", moved);
        element.removeEventListener("pointerup", up);
        element.removeEventListener("pointercancel", up);
        if (dragging) {
          calls.end(e);
        }
      };
      element.addEventListener("pointermove", moved);
      element.addEventListener("pointerup", up);
      element.addEventListener("pointercancel", up);
    });
  }
}
