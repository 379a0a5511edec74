/*
 * The page script's words: every one comes from the page's text block (#page-text), the web/script
 * catalogue in the signer's language, so the script never shows a word of its own.
 */

const TEXT = (() => {
  const block = document.getElementById('page-text');
  try {
    return block ? JSON.parse(block.textContent) : {};
  } catch (e) {
    return {};
  }
})();
const LANG = TEXT.lang || document.documentElement.lang || 'en';
const plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(LANG) : null;

function has(key) {
  return Object.prototype.hasOwnProperty.call(TEXT, key);
}

/** The text for {@code key} with its {name} placeholders filled from {@code vars}. */
export function t(key, vars) {
  const template = has(key) ? String(TEXT[key]) : key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (vars && name in vars ? String(vars[name]) : whole));
}

/** The singular or plural form of {@code key} (key.one or key.other) for {@code count}. */
export function tn(key, count, vars) {
  const form = plurals && plurals.select(count) === 'one' ? 'one' : (plurals ? 'other' : (count === 1 ? 'one' : 'other'));
  return t(key + '.' + form, Object.assign({ count: count }, vars || {}));
}

/** The text for {@code key} when the catalogue has one (a key made from a server's code), else for {@code fallback}. */
export function tOr(key, fallback, vars) {
  return t(has(key) ? key : fallback, vars);
}

/**
 * What to tell the signer about a refused request, in their language rather than the server's: why
 * the text rule refused something they typed (data.details), else what the code means.
 */
export function errorText(result) {
  const details = (result.data && result.data.details) || {};
  const why = Object.keys(details).map((param) => 'error.' + (details[param] || {}).code).find(has);
  return why ? t(why) : tOr('error.' + result.code, result.status === 429 ? 'error.rate_limited' : 'error.generic',
    { status: result.status });
}

/** Dates as the signer writes them. */
export function localDate(date) {
  try {
    return new Intl.DateTimeFormat(LANG, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  } catch (e) {
    return date.toISOString().slice(0, 10);
  }
}
