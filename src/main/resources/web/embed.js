/*
 * Signet embedded signing: when another site frames the signing page, and that site's origin is one
 * the page lists (embed.origins, in main[data-embed-origins]), the page's events (signet:ready,
 * signet:viewed, signet:signed, signet:declined, signet:delegated, signet:completed, signet:error,
 * each with document_id and signer_id) go to it with postMessage, addressed to that origin alone, never '*':
 * a page around this one from any other origin learns nothing. The first module sign.js imports,
 * so it listens before the page's first event.
 */
'use strict';
(function () {
  if (window.parent === window) {
    return;
  }
  const main = document.getElementById('main');
  const listed = ((main && main.getAttribute('data-embed-origins')) || '').split(' ').filter(Boolean);

  /** The origin of the page that frames this one: the browser's own record, else where the frame was opened from. */
  function parentOrigin() {
    const ancestors = window.location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) {
      return ancestors[0];
    }
    try {
      return document.referrer ? new URL(document.referrer).origin : null;
    } catch (e) {
      return null;
    }
  }

  const target = parentOrigin();
  if (!target || listed.indexOf(target) < 0) {
    return;
  }
  document.addEventListener('signet:event', (event) => {
    window.parent.postMessage(event.detail, target);
  });
})();
