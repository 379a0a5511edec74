/*
 * A document's page while the document is out: asks GET /admin/documents/{id}/progress every few seconds
 * (data-progress-url, data-every on #progress-watch) and, when a recipient's step or the document's state
 * changed, rewrites their badges and says the change in the polite live region, in the page's language (the
 * answer carries the words). Each request names the answer it holds (If-None-Match), so an unchanged document
 * answers 304 with no body. It stops once the document has ended. Without script the page says a reload
 * shows the latest.
 */
const watch = document.getElementById('progress-watch');
if (watch) {
  follow(watch);
}

function follow(watch) {
  const url = watch.getAttribute('data-progress-url');
  const every = Number(watch.getAttribute('data-every')) || 3000;
  const live = document.getElementById('progress-live');
  let etag = null;
  document.getElementById('progress-auto').hidden = false;

  async function ask() {
    let open = true;
    try {
      const headers = etag ? { 'If-None-Match': etag } : {};
      const answer = await fetch(url, { headers, cache: 'no-store', credentials: 'same-origin' });
      const json = (answer.headers.get('Content-Type') || '').startsWith('application/json');
      if (answer.status === 200 && json) {
        etag = answer.headers.get('ETag');
        open = show(await answer.json(), live);
      } else if (answer.status !== 304) {
        // Refused, or the session ended and the sign-in page answered: asking again would not help.
        open = false;
      }
    } catch (e) {
      // Offline for a moment, or the session ended: the next round asks again, a reload shows the latest.
    }
    if (open) {
      window.setTimeout(ask, every);
    }
  }
  window.setTimeout(ask, every);
}

/** Rewrites what changed and announces it; answers whether the document is still out. */
function show(progress, live) {
  const said = [];
  for (const signer of progress.signers) {
    const badge = document.getElementById('progress-' + signer.id);
    if (badge && badge.getAttribute('data-progress') !== signer.step) {
      badge.setAttribute('data-progress', signer.step);
      badge.textContent = signer.label;
      said.push(signer.said);
    }
  }
  const state = document.getElementById('document-state');
  if (state && state.getAttribute('data-state') !== progress.state) {
    state.classList.remove('badge-' + state.getAttribute('data-state'));
    state.classList.add('badge-' + progress.state);
    state.setAttribute('data-state', progress.state);
    state.textContent = progress.state_label;
    said.push(progress.said);
  }
  if (said.length > 0) {
    live.textContent = said.join(' ');
  }
  return progress.open;
}
