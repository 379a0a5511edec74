/*
 * The decline dialog (reject, for an approver): a reason is required, and the page ends with the
 * outcome once the server has recorded it.
 */
import { $, role, setBusy, api } from './page.js';
import { t, errorText } from './text.js';
import { CLOSED_CODES, tell } from './state.js';
import { showOutcome, showClosed } from './outcome.js';

/** Where focus goes back to when the dialog closes: the button that opened it, in the action bar or the guided form. */
let returnTo = null;

/** Opens the decline (or reject) dialog; focus returns to {@code from} when it closes. */
export function openDecline(from) {
  returnTo = from;
  $('#decline-error').textContent = '';
  $('#decline-dialog').showModal();
  $('#decline-reason').focus();
}

export function initDecline() {
  const dialog = $('#decline-dialog');
  const reason = $('#decline-reason');
  const count = $('#decline-count');
  const error = $('#decline-error');
  const confirm = $('#confirm-decline');
  const opener = $('#decline') || $('#reject');
  opener.addEventListener('click', () => openDecline(opener));
  reason.addEventListener('input', () => {
    count.textContent = t('decline.count', { count: reason.value.length });
    reason.removeAttribute('aria-invalid');
  });
  $('#cancel-decline').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    if (document.activeElement === document.body || dialog.contains(document.activeElement)) {
      returnTo.focus();
    }
  });
  confirm.addEventListener('click', async () => {
    const text = reason.value.trim();
    if (!text) {
      error.textContent = t('decline.reasonMissing');
      reason.setAttribute('aria-invalid', 'true');
      reason.focus();
      return;
    }
    setBusy(confirm, true, t('decline.busy'));
    const result = await api('POST', '/decline', { reason: text.slice(0, 1000) });
    setBusy(confirm, false);
    if (result.ok) {
      tell('declined');
      showOutcome('done', t(role === 'approver' ? 'rejected.heading' : 'declined.heading'), t('declined.text'), false);
      return;
    }
    tell('error', { code: result.code });
    if (CLOSED_CODES.indexOf(result.code) >= 0) {
      showClosed(result);
    } else {
      error.textContent = errorText(result);
    }
  });
}
