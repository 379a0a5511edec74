/*
 * A field's rules as the page holds a value to them while the signer types
 * (docs/api/workflow.md, Rules on fields): a number's bounds and decimals, a validation's named format or pattern. The server checks
 * the same at submit, whatever the page did; this only says it sooner, in the signer's language.
 */
import { t } from './text.js';

const FORMATS = {
  email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/u,
  digits: /^[0-9]+$/u,
  date: /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/u
};

function parse(text) {
  try {
    const value = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch (e) {
    return {};
  }
}

function realDate(value) {
  const day = new Date(value + 'T00:00:00Z');
  return !isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A pattern as a whole-value match; null when this browser cannot run it (the server still checks). */
function wholeMatch(pattern) {
  try {
    return new RegExp('^(?:' + pattern + ')$', 'u');
  } catch (e) {
    return null;
  }
}

function numberProblem(field, value) {
  const o = parse(field.options);
  const decimals = Number(o.decimals) || 0;
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(value)) {
    return t('validation.number');
  }
  const point = value.indexOf('.');
  if (point >= 0 && value.length - point - 1 > decimals) {
    return decimals === 0 ? t('validation.whole') : t('validation.decimals', { decimals: decimals });
  }
  const n = parseFloat(value);
  const low = typeof o.min === 'number' && n < o.min;
  const high = typeof o.max === 'number' && n > o.max;
  if (low || high) {
    if (typeof o.min === 'number' && typeof o.max === 'number') {
      return t('validation.range', { min: o.min, max: o.max });
    }
    return low ? t('validation.min', { min: o.min }) : t('validation.max', { max: o.max });
  }
  return '';
}

function validationProblem(v, value) {
  const passes = v.format ? FORMATS[v.format] && FORMATS[v.format].test(value) && (v.format !== 'date' || realDate(value))
    : (wholeMatch(v.pattern) || { test: () => true }).test(value);
  if (passes) {
    return '';
  }
  return v.message || t('validation.' + (v.format || 'pattern'));
}

/** Why {@code value} does not suit {@code field}, in words for the signer, or '' when it does (or is empty). */
export function problem(field, value) {
  if (!value) {
    return '';
  }
  if (field.field_type === 'number') {
    return numberProblem(field, value);
  }
  return field.validation ? validationProblem(field.validation, value) : '';
}
