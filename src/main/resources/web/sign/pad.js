/*
 * The signature pad: drawing with a pointer on a canvas, smoothed, cropped to the ink for the image
 * sent; and typed text drawn in the handwriting font.
 */
import { $ } from './page.js';
import { MAX_IMAGE_SIDE } from './upload.js';

const INK = '#1a2a6c';
const HAND_FONT = '"Signet Handwriting"';

/** What is drawn: strokes are kept in CSS pixels and redrawn whole, so resizing never loses them. */
const drawing = { strokes: [], current: null, rect: null, ctx: null };

/** Sizes the canvas to its box (at twice the CSS resolution) and draws the strokes again. */
export function setupCanvas() {
  const canvas = $('#signature-canvas');
  const rect = canvas.getBoundingClientRect();
  if (!rect.width) {
    return;
  }
  canvas.width = Math.round(rect.width * 2);
  canvas.height = Math.round(rect.height * 2);
  drawing.ctx = canvas.getContext('2d');
  redraw();
}

function ink(ctx, scale, dx, dy) {
  ctx.setTransform(scale, 0, 0, scale, dx, dy);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 2.6;
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
}

function drawStroke(ctx, points) {
  const first = points[0];
  ctx.beginPath();
  if (points.length === 1) {
    ctx.arc(first.x, first.y, ctx.lineWidth / 2, 0, 2 * Math.PI);
    ctx.fill();
    return;
  }
  ctx.moveTo(first.x, first.y);
  // Curves through the midpoints give a smooth line from jittery pointer samples.
  for (let i = 1; i < points.length - 1; i++) {
    ctx.quadraticCurveTo(points[i].x, points[i].y,
      (points[i].x + points[i + 1].x) / 2, (points[i].y + points[i + 1].y) / 2);
  }
  const last = points[points.length - 1];
  ctx.lineTo(last.x, last.y);
  ctx.stroke();
}

function redraw() {
  const ctx = drawing.ctx;
  if (!ctx) {
    return;
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ink(ctx, 2, 0, 0);
  drawing.strokes.forEach((stroke) => drawStroke(ctx, stroke));
}

function pointOf(event) {
  return { x: event.clientX - drawing.rect.left, y: event.clientY - drawing.rect.top };
}

/** Draws with a pointer on the canvas; {@code onChange} hears of each stroke begun and of Clear. */
export function initDrawing(onChange) {
  const canvas = $('#signature-canvas');
  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) {
      return;
    }
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    drawing.rect = canvas.getBoundingClientRect();
    drawing.current = [pointOf(event)];
    drawing.strokes.push(drawing.current);
    redraw();
    onChange();
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!drawing.current) {
      return;
    }
    const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    (samples.length ? samples : [event]).forEach((e) => drawing.current.push(pointOf(e)));
    redraw();
  });
  const end = () => {
    drawing.current = null;
  };
  ['pointerup', 'pointercancel', 'lostpointercapture'].forEach((name) => canvas.addEventListener(name, end));
  $('#clear-signature').addEventListener('click', () => {
    drawing.strokes = [];
    redraw();
    onChange();
  });
}

/** Whether anything is drawn yet. */
export function hasInk() {
  return drawing.strokes.length > 0;
}

/** Forgets the strokes of the last signature, before the dialog opens again. */
export function clearDrawing() {
  drawing.strokes = [];
}

/** The drawing cropped to its ink, at twice the CSS resolution for a sharp print. */
export function exportDrawing() {
  const points = [].concat.apply([], drawing.strokes);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const pad = 6;
  const left = Math.min.apply(null, xs) - pad;
  const top = Math.min.apply(null, ys) - pad;
  const out = document.createElement('canvas');
  out.width = Math.ceil((Math.max.apply(null, xs) + pad - left) * 2);
  out.height = Math.ceil((Math.max.apply(null, ys) + pad - top) * 2);
  const ctx = out.getContext('2d');
  ink(ctx, 2, -left * 2, -top * 2);
  drawing.strokes.forEach((stroke) => drawStroke(ctx, stroke));
  return out.toDataURL('image/png');
}

/** Typed text in the handwriting font, for the preview (and for initials, the value sent). */
export async function renderTyped(text) {
  const size = 64;
  const font = size + 'px ' + HAND_FONT + ', cursive';
  try {
    await document.fonts.load(font, text);
  } catch (e) {
    // The fallback cursive font is good enough for a preview.
  }
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = font;
  const width = Math.ceil(measure.measureText(text).width) + 24;
  const out = document.createElement('canvas');
  out.width = Math.min(width * 2, MAX_IMAGE_SIDE);
  out.height = Math.round(size * 1.5) * 2;
  const ctx = out.getContext('2d');
  ctx.scale(out.width / width, 2);
  ctx.font = font;
  ctx.fillStyle = INK;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 12, size * 0.75);
  return out.toDataURL('image/png');
}
