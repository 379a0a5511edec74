/*
 * The hand-over dialog: a signer or approver whose turn it is gives their place to someone else (name,
 * email, reason). The server checks everything again; the page ends once it has recorded the change,
 * since this link no longer works after it.
 */
import { $, setBusy, api } from './page.js';
import { t, errorText } from './text.js';
import { CLOSED_CODES, state, tell } from './state.js';
import { showOutcome, showClosed } from './outcome.js';

/** Where focus goes back to when the dialog closes: the button that opened it, in the action bar or the guided form. */
let returnTo = null;

/** The same shape the server takes: one @, a dotted domain, no spaces. */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Marks {@code input} as the one to fix, says why and goes to it. */
function refuse(input, message) {
  $('#delegate-error').textContent = message;
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

/** What the dialog holds, or null after saying what is missing. */
function entered() {
  const name = $('#delegate-name');
  const email = $('#delegate-email');
  const reason = $('#delegate-reason');
  if (!name.value.trim()) {
    refuse(name, t('delegate.nameMissing'));
    return null;
  }
  if (!EMAIL.test(email.value.trim())) {
    refuse(email, t('delegate.emailInvalid'));
    return null;
  }
  if (!reason.value.trim()) {
    refuse(reason, t('delegate.reasonMissing'));
    return null;
  }
  return { name: name.value.trim(), email: email.value.trim(), reason: reason.value.trim().slice(0, 1000) };
}

/** A refusal of one of the dialog's inputs is shown on it; anything else as the page's refusal. */
function showRefusal(result) {
  const params = (result.data && result.data.params) || {};
  const input = result.code === 'duplicate_signer' || params.email ? $('#delegate-email')
    : params.name ? $('#delegate-name') : params.reason ? $('#delegate-reason') : null;
  if (input) {
    refuse(input, errorText(result));
  } else {
    $('#delegate-error').textContent = errorText(result);
  }
}

async function handOver() {
  const confirm = $('#confirm-delegate');
  const body = entered();
  if (!body) {
    return;
  }
  setBusy(confirm, true, t('delegate.busy'));
  const result = await api('POST', '/delegate', body);
  setBusy(confirm, false);
  if (result.ok) {
    tell('delegated');
    showOutcome('done', t('delegated.heading'), t('delegated.text', { name: body.name }), true);
    return;
  }
  tell('error', { code: result.code });
  if (CLOSED_CODES.indexOf(result.code) >= 0) {
    showClosed(result);
  } else {
    showRefusal(result);
  }
}

/** Whether this party may hand over now: the page has the dialog and the session says so. */
export function canDelegate() {
  return Boolean($('#delegate-dialog') && state.session && state.session.can_delegate);
}

/** Opens the hand-over dialog; focus returns to {@code from} when it closes. */
export function openDelegate(from) {
  returnTo = from;
  $('#delegate-error').textContent = '';
  $('#delegate-dialog').showModal();
  $('#delegate-name').focus();
}

/** Shows the Hand over button when the session says this party may hand over now, and wires its dialog. */
export function initDelegate() {
  const opener = $('#delegate');
  const dialog = $('#delegate-dialog');
  if (!opener || !canDelegate()) {
    return;
  }
  opener.hidden = false;
  opener.addEventListener('click', () => openDelegate(opener));
  ['#delegate-name', '#delegate-email', '#delegate-reason'].forEach((id) => {
    $(id).addEventListener('input', () => $(id).removeAttribute('aria-invalid'));
  });
  $('#delegate-reason').addEventListener('input', () => {
    $('#delegate-count').textContent = t('decline.count', { count: $('#delegate-reason').value.length });
  });
  $('#cancel-delegate').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    if (document.activeElement === document.body || dialog.contains(document.activeElement)) {
      returnTo.focus();
    }
  });
  $('#confirm-delegate').addEventListener('click', handOver);
}
