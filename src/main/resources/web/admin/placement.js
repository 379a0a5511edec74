// Where a field lies, in the two units the field editor deals in: points on the PDF page from its top-left
// corner, which the REST interface stores (docs/api/workflow.md, Fields), and the place on the screen where the
// page's image is shown. Every conversion between them is here, so the page and the interface never disagree.
"use strict";

/** The smallest side a field may be given, in points: still large enough to grab and to fill in. */
export const SMALLEST = 8;

/** A number of points to two decimals, as the interface's answers give them. */
export function round(points) {
  return Math.round(points * 100) / 100;
}

/**
 * The point on `page` ({width, height} in points) under the screen position (clientX, clientY), where the page's
 * image is shown in `shown` (its bounding rectangle on the screen). The image keeps the page's proportions, so
 * one factor serves both directions.
 */
export function toPoints(page, shown, clientX, clientY) {
  const perPixel = page.width / shown.width;
  return { x: round((clientX - shown.left) * perPixel), y: round((clientY - shown.top) * perPixel) };
}

/** A distance on the screen, in pixels, as points on `page` shown in `shown`. */
export function lengthInPoints(page, shown, pixels) {
  return pixels * page.width / shown.width;
}

/** A length in points as pixels on `page` shown in `shown`. */
export function lengthInPixels(page, shown, points) {
  return points * shown.width / page.width;
}

/**
 * A box in points ({x, y, width, height}) as shares of the page in percent ({left, top, width, height}), which
 * is how the page lays a field over its image: it then stays in place whatever size the image is shown at.
 */
export function toPercent(page, box) {
  return {
    left: box.x / page.width * 100,
    top: box.y / page.height * 100,
    width: box.width / page.width * 100,
    height: box.height / page.height * 100,
  };
}

/**
 * `box` made to lie inside `page`, as the interface requires of every field: no side below SMALLEST nor beyond
 * the page, then moved back onto the page as little as needed; every value to two decimals.
 */
export function inside(page, box) {
  const width = Math.min(Math.max(box.width, SMALLEST), page.width);
  const height = Math.min(Math.max(box.height, SMALLEST), page.height);
  const x = Math.min(Math.max(box.x, 0), page.width - width);
  const y = Math.min(Math.max(box.y, 0), page.height - height);
  return { x: round(Math.max(0, x)), y: round(Math.max(0, y)), width: round(width), height: round(height) };
}
