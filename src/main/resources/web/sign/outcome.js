/*
 * The page's last word: the document and the actions replaced by a message (signed, declined, closed,
 * someone else's turn) and, when the session offers one, the link to download the document.
 */
import { $, el, main, role, say, api } from './page.js';
import { t, tOr, errorText } from './text.js';

/** The link to the document a party can keep: the signed PDF once sealed, their copy before. */
function downloadLink(session) {
  if (!session || !session.download_url) {
    return null;
  }
  return el('p', { class: 'outcome-download' }, [
    el('a', { id: 'download-done', class: 'btn btn-primary', href: session.download_url, download: '' },
      [t(session.sealed ? 'download.signed' : 'download.copy')])
  ]);
}

/** Replaces the document and the actions with a final message; nothing more to do here. */
export function showOutcome(id, heading, text, success, session) {
  document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close());
  say('');
  $('#action-bar').hidden = true;
  document.body.classList.remove('is-guided');
  const tools = $('#tools');
  if (tools) {
    tools.remove();
  }
  const parts = [
    el('span', { class: 'outcome-icon', 'aria-hidden': 'true' }, [success ? '\u2713' : '!']),
    el('h2', { class: 'card-title' }, [heading]),
    el('p', {}, [text])
  ];
  const download = downloadLink(session);
  if (download) {
    parts.push(download);
  }
  const section = el('section', { id: id, class: 'card outcome' + (success ? ' is-success' : ''), tabindex: -1 }, parts);
  const documentArea = $('#document');
  documentArea.removeAttribute('aria-busy');
  main.style.removeProperty('--zoom');
  documentArea.textContent = '';
  documentArea.append(section);
  main.scrollTop = 0;
  section.focus();
}

/** Shows the outcome once the session is read again, so the download offered is the current one. */
export async function showDone(heading, text) {
  const fresh = await api('GET', '/session');
  showOutcome('done', heading, text, true, fresh.ok ? fresh.body : null);
}

export function showClosed(result) {
  showOutcome('notice', tOr('closed.' + result.code, 'closed.unavailable'), errorText(result), false);
}

export function showWaiting(session) {
  const status = (session.signer || {}).status;
  if (status === 'signed') {
    showOutcome('notice', t(role === 'approver' ? 'waiting.approved' : 'waiting.signed'),
      t('waiting.signedText'), true, session);
  } else if (status === 'declined') {
    showOutcome('notice', t(role === 'approver' ? 'waiting.rejected' : 'waiting.declined'),
      t('waiting.declinedText'), false);
  } else {
    showOutcome('notice', t('waiting.other'), t('waiting.otherText'), false);
  }
}
