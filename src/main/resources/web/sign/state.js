/*
 * The signing page's state (the session, its fields in reading order, what the signer has filled and
 * captured) and the rules read from a field; tell() passes what happens to a page that frames this one.
 */
import { tOr } from './text.js';

/** Fields Signet fills in itself from the signer and the day. */
export const AUTO_TYPES = ['name', 'email', 'date'];
/** Fields made in the capture dialog, one mark for every field of the kind. */
export const CAPTURE_TYPES = ['signature', 'initials'];
/** Refusals that mean this link has nothing more to do now. */
export const CLOSED_CODES = ['not_your_turn', 'already_completed', 'document_closed'];

export const state = {
  session: null,
  fields: [],
  boxes: new Map(), // field id -> {field, wrap, control}
  values: {}, // field id -> string
  lastField: null,
  missingShown: false,
  zoom: 1,
  guided: false,
  step: 0,
  captures: { signature: null, initials: null } // {method, image, text, preview}
};

/**
 * Tells whoever listens on this document (embed.js, when a listed site frames the page) that
 * something happened: {type: 'signet:' + what, document_id, signer_id}, and more in {@code extra}.
 */
export function tell(what, extra) {
  const session = state.session || {};
  const detail = Object.assign({ type: 'signet:' + what, document_id: session.document_id || null,
    signer_id: (session.signer || {}).id || null }, extra || {});
  document.dispatchEvent(new CustomEvent('signet:event', { detail: detail }));
}

/** Tells that the signer's action went through: signed (or approved), and completed when it was the last. */
export function tellActed(result) {
  tell('signed');
  if (result.body.document_status === 'completed') {
    tell('completed');
  }
}

export function number(value, fallback) {
  const n = parseFloat(value);
  return isFinite(n) ? n : fallback;
}

function percent(part, whole) {
  return Math.max(0, Math.min(100, (part / whole) * 100)) + '%';
}

/** Places a box by percentages of its page, so it scales with the page image. */
export function place(node, item, size) {
  node.style.left = percent(number(item.position_x, 0), size.width);
  node.style.top = percent(number(item.position_y, 0), size.height);
  node.style.width = percent(number(item.width, 0), size.width);
  node.style.height = percent(number(item.height, 0), size.height);
}

/** Required, and shown: a field hidden by its condition is never required. */
export function isRequired(field) {
  return (String(field.is_required) === '1' || field.is_required === true) && isShown(field);
}

function currentValue(field) {
  return isPrefilled(field) || state.values[field.id] === undefined ? (field.value || '') : state.values[field.id];
}

/**
 * Whether a field's condition holds with the values as they stand (docs/api/workflow.md, Rules on fields).
 * A field hidden by its own condition counts as empty; a condition on a field that is not this signer's
 * leaves the field shown, and the server decides at submit.
 */
export function isShown(field, seen) {
  const c = field.condition;
  if (!c) {
    return true;
  }
  const named = state.fields.filter((f) => f.field_name === c.field_name);
  const path = seen || [];
  if (named.length !== 1) {
    return true;
  }
  if (path.indexOf(field.id) >= 0) {
    return false;
  }
  const target = named[0];
  const value = isShown(target, path.concat(field.id)) ? currentValue(target) : '';
  if (c.equals !== undefined) {
    return value === c.equals;
  }
  return target.field_type === 'checkbox' ? value === '1' : value.trim() !== '';
}

export function typeLabel(type) {
  return tOr('field.' + type, 'field.generic');
}

export function fieldLabel(field) {
  return (field.field_name || '').trim() || typeLabel(field.field_type);
}

export function isFilled(field) {
  const type = field.field_type;
  if (CAPTURE_TYPES.indexOf(type) >= 0) {
    return state.captures[type] !== null;
  }
  if (type === 'checkbox') {
    return state.values[field.id] === '1';
  }
  return (state.values[field.id] || '').trim() !== '';
}

function byTopLeft(a, b) {
  return number(a.position_y, 0) - number(b.position_y, 0) || number(a.position_x, 0) - number(b.position_x, 0);
}

/** Reading order (page, then top to bottom, then left to right), which is also the focus order. */
export function inReadingOrder(list) {
  return (list || []).map((f) => Object.assign({}, f, { id: String(f.id) }))
    .sort((a, b) => number(a.page_number, 0) - number(b.page_number, 0) || byTopLeft(a, b));
}

/** Filled in by the sender from a template variable: shown, never changed by the signer. */
export function isPrefilled(field) {
  return String(field.prefilled) === '1';
}

/** The fields the signer fills: not Signet's own, not the sender's, and shown by their conditions. */
export function fillable() {
  return state.fields.filter((f) => AUTO_TYPES.indexOf(f.field_type) < 0 && !isPrefilled(f) && isShown(f));
}

/** The guided form's current field and its control, kept so a value typed on the page shows there and back. */
export const guided = { field: null, control: null };
