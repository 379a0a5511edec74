/*
 * Around the document: the list of parties in signing order, and the tool bar with the page indicator,
 * zoom, the switch to the guided form and the download.
 */
import { $, el, main, role, say } from './page.js';
import { t } from './text.js';
import { state, number, fillable } from './state.js';
import { setGuided } from './guided.js';

/** The zoom levels the zoom buttons step through; at 1 the document is as wide as the view allows. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

function partyStatus(party) {
  if (party.status === 'signed') {
    return t(party.role === 'approver' ? 'status.approved' : 'status.signed');
  }
  return party.status === 'declined' ? t(party.role === 'approver' ? 'status.rejected' : 'status.declined')
    : t(party.role === 'viewer' ? 'status.viewer' : 'status.waiting');
}

/** The parties in signing order, so everyone sees who signs before and after them. */
export function renderParties(session) {
  const parties = Array.isArray(session.parties) ? session.parties : [];
  if (parties.length < 2) {
    return null;
  }
  const list = el('ol', { class: 'parties-list' });
  parties.forEach((party) => {
    const who = party.is_you ? t('parties.you', { name: party.name }) : party.name;
    list.append(el('li', { class: party.is_you ? 'is-you' : null }, [
      el('span', { class: 'party-name' }, [who]),
      ' ',
      el('span', { class: 'role-badge' }, [t('role.' + party.role)]),
      ' ',
      el('span', { class: 'party-status' }, [partyStatus(party)])
    ]));
  });
  const details = el('details', { id: 'parties', class: 'parties', open: role === 'approver' }, [
    el('summary', {}, [t('parties.title', { count: parties.length })]),
    list
  ]);
  if (role === 'approver' && (session.review_fields || []).length) {
    details.append(el('p', { class: 'hint' }, [t('review.intro')]));
  }
  return details;
}

/** The tool bar above the document: page indicator, zoom, the guided form's switch, download. */
export function renderTools(session) {
  const total = Math.max(number(session.total_pages, 0), (session.pages || []).length) || 1;
  const indicator = el('span', { id: 'page-indicator', class: 'page-indicator' }, [t('page.label', { page: 1, total: total })]);
  const zoomOut = el('button', { type: 'button', id: 'zoom-out', class: 'btn btn-secondary btn-small btn-icon',
    'aria-label': t('zoom.out') }, ['\u2212']);
  const zoomLevel = el('button', { type: 'button', id: 'zoom-reset', class: 'btn btn-secondary btn-small',
    'aria-label': t('zoom.reset', { percent: 100 }) }, ['100%']);
  const zoomIn = el('button', { type: 'button', id: 'zoom-in', class: 'btn btn-secondary btn-small btn-icon',
    'aria-label': t('zoom.in') }, ['+']);
  const tools = el('div', { id: 'tools', class: 'tools', role: 'toolbar', 'aria-label': t('tools.label') }, [
    indicator,
    el('span', { class: 'zoom' }, [zoomOut, zoomLevel, zoomIn])
  ]);
  zoomOut.addEventListener('click', () => zoomBy(-1));
  zoomIn.addEventListener('click', () => zoomBy(1));
  zoomLevel.addEventListener('click', () => setZoom(1));
  if (role === 'signer' && fillable().length) {
    const toggle = el('button', { type: 'button', id: 'guided-toggle', class: 'btn btn-secondary btn-small',
      'aria-pressed': 'false' }, [t('guided.toggle')]);
    toggle.addEventListener('click', () => setGuided(!state.guided, true));
    tools.append(toggle);
  }
  if (session.download_url) {
    tools.append(el('a', { id: 'download', class: 'btn btn-secondary btn-small', href: session.download_url,
      download: '' }, [t('download.document')]));
  }
  return tools;
}

function setZoom(zoom) {
  state.zoom = zoom;
  main.style.setProperty('--zoom', String(zoom));
  const percentShown = Math.round(zoom * 100);
  const reset = $('#zoom-reset');
  reset.textContent = percentShown + '%';
  reset.setAttribute('aria-label', t('zoom.reset', { percent: percentShown }));
  $('#zoom-out').disabled = zoom <= ZOOMS[0];
  $('#zoom-in').disabled = zoom >= ZOOMS[ZOOMS.length - 1];
  say(t('zoom.now', { percent: percentShown }));
}

function zoomBy(direction) {
  const index = ZOOMS.indexOf(state.zoom);
  const next = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, index + direction))];
  if (next !== state.zoom) {
    setZoom(next);
  }
}

/** Keeps "Page n of N" on the page that fills the middle of the document view. */
export function watchPages() {
  const indicator = $('#page-indicator');
  const pages = Array.from(document.querySelectorAll('#document .page'));
  let queued = false;
  const update = () => {
    queued = false;
    const view = main.getBoundingClientRect();
    const middle = view.top + view.height / 2;
    const current = pages.find((p) => p.getBoundingClientRect().bottom >= middle) || pages[pages.length - 1];
    if (current) {
      const text = t('page.label', { page: current.getAttribute('data-page-number'), total: pages.length });
      if (indicator.textContent !== text) {
        indicator.textContent = text;
      }
    }
  };
  main.addEventListener('scroll', () => {
    if (!queued) {
      queued = true;
      window.requestAnimationFrame(update);
    }
  }, { passive: true });
}
