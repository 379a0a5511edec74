/*
 * A document of several files: which file each page belongs to, a heading where each file begins, and
 * a list of links above the pages that moves to a file's first page (and focus with it, for keyboards
 * and screen readers). A document of one file shows neither.
 */
import { el } from './page.js';
import { t } from './text.js';
import { number } from './state.js';

function filesOf(session) {
  return Array.isArray(session.files) ? session.files : [];
}

/** Whether the document has more than one file, so its pages are told apart by file. */
export function several(session) {
  return filesOf(session).length > 1;
}

/** The file that begins on page n (from 1), with its rank, or null when none begins there. */
export function beginningOn(session, n) {
  const files = filesOf(session);
  const at = files.findIndex((f) => number(f.first_page, 0) === n);
  return at < 0 ? null : { file: files[at], order: at + 1, count: files.length };
}

/** The page's label: "Page n of N", or for several files the file's name and the page inside it. */
export function pageLabel(session, n, total) {
  const file = filesOf(session).find((f) => n >= number(f.first_page, 0)
    && n < number(f.first_page, 0) + number(f.pages, 0));
  if (!several(session) || !file) {
    return t('page.label', { page: n, total: total });
  }
  return t('page.inFile', { name: file.name, page: n - number(file.first_page, 0) + 1, total: number(file.pages, 0) });
}

/** The heading a file's first page is preceded by; moving to the file focuses it. */
export function fileHeading(begins) {
  return el('h2', { class: 'file-heading', id: 'file-' + begins.file.id, tabindex: '-1' },
    [t('files.heading', { order: begins.order, count: begins.count, name: begins.file.name })]);
}

/** The list of the document's files, each a link to its first page; null for a document of one file. */
export function fileNav(session) {
  if (!several(session)) {
    return null;
  }
  const list = el('ol', { class: 'file-list' });
  filesOf(session).forEach((f) => {
    const link = el('a', { href: '#file-' + f.id, 'data-file-link': f.id },
      [t('files.link', { name: f.name, pages: number(f.pages, 0) })]);
    link.addEventListener('click', (event) => {
      const heading = document.getElementById('file-' + f.id);
      if (heading) {
        event.preventDefault();
        heading.scrollIntoView({ block: 'start' });
        heading.focus({ preventScroll: true });
      }
    });
    list.append(el('li', {}, [link]));
  });
  return el('nav', { class: 'file-nav', 'aria-label': t('files.nav') }, [list]);
}
