/*
 * The signing page: reads the session, then shows the document with its tools and the signer's actions,
 * or says why there is nothing to do (the link is closed, a gate comes first, it is someone else's turn).
 */
import { $, main, role, api } from './page.js';
import { t, tOr, errorText } from './text.js';
import { CLOSED_CODES, state, tell, inReadingOrder } from './state.js';
import { renderParties, renderTools, watchPages } from './tools.js';
import { renderPages } from './document.js';
import { showOutcome, showWaiting } from './outcome.js';
import { initActions } from './actions.js';

export async function initSigning() {
  const result = await api('GET', '/session');
  if (!result.ok) {
    tell('error', { code: result.code });
    showOutcome('notice', t(CLOSED_CODES.indexOf(result.code) >= 0 ? 'closed.unavailable' : 'closed.openFailed'),
      errorText(result), false);
    return;
  }
  const session = result.body;
  state.session = session;
  state.fields = inReadingOrder(session.fields);
  tell('ready');
  if (session.requires) {
    showOutcome('notice', t('reload.heading'), tOr('reload.' + session.requires, 'reload.login'), false);
    return;
  }
  if (!session.can_act && role !== 'viewer') {
    showWaiting(session);
    return;
  }
  const documentArea = $('#document');
  $('#document-area').before(renderTools(session));
  const parties = renderParties(session);
  if (parties) {
    documentArea.before(parties);
  }
  renderPages(session);
  watchPages();
  tell('viewed');
  if (document.activeElement === document.body) {
    // Lets arrow keys, Page Down and Space scroll the document straight away. The ring around
    // the whole document stays off until a key is pressed, as nobody moved focus there.
    main.classList.add('is-quiet');
    const wake = () => main.classList.remove('is-quiet');
    main.addEventListener('keydown', wake, { once: true });
    main.addEventListener('blur', wake, { once: true });
    main.focus({ preventScroll: true });
  }
  if (role === 'viewer') {
    $('#view-only').hidden = false;
  } else {
    initActions();
  }
}
