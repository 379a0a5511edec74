/*
 * The document: each page's image, with boxes laid over it by percentages so that they scale with it:
 * the signer's own fields, values other parties have already given, and (for an approver) the fields
 * others still have to fill.
 */
import { $, el, base } from './page.js';
import { t, localDate } from './text.js';
import { AUTO_TYPES, CAPTURE_TYPES, state, number, place, isRequired, typeLabel, fieldLabel, isPrefilled, fillable,
  inReadingOrder } from './state.js';
import { inputControl, buttonControl, paintCapture, stampInput } from './controls.js';
import { applyConditions } from './progress.js';
import { showStep } from './guided.js';
import { attachButton, attachInput, rememberAttached } from './attach.js';
import { beginningOn, fileHeading, fileNav, pageLabel } from './files.js';

function autoText(field) {
  const signer = state.session.signer || {};
  if (field.field_type === 'name') {
    return signer.name || t('auto.name');
  }
  return field.field_type === 'email' ? (signer.email || t('auto.email')) : localDate(new Date());
}

function renderField(field, size) {
  const type = field.field_type;
  const wrap = el('div', { class: 'field field-' + type, 'data-field-box': field.id });
  place(wrap, field, size);
  wrap.style.setProperty('--fs', number(field.font_size, 11) || 11);
  let control;
  if (AUTO_TYPES.indexOf(type) >= 0) {
    control = el('div', { class: 'field-control field-auto', role: 'note',
      'aria-label': t('field.auto', { name: fieldLabel(field) }) }, [autoText(field)]);
  } else if (isPrefilled(field)) {
    const checkbox = type === 'checkbox';
    const shown = checkbox ? (field.value === '1' ? '\u2611' : '\u2610') : (field.value || '');
    control = el('div', { class: 'field-control field-auto field-prefilled', role: 'note',
      'aria-label': t('field.prefilled', { name: fieldLabel(field),
        value: checkbox ? t(field.value === '1' ? 'field.checked' : 'field.unchecked') : shown }) }, [shown]);
  } else if (type === 'attachment') {
    rememberAttached(field);
    control = attachButton(field, 'field-control field-capture field-attach');
  } else if (CAPTURE_TYPES.indexOf(type) >= 0 || type === 'stamp') {
    control = buttonControl(field);
  } else {
    control = inputControl(field);
  }
  const open = AUTO_TYPES.indexOf(type) < 0 && !isPrefilled(field);
  if (isRequired(field) && open) {
    wrap.classList.add('is-required');
  }
  control.setAttribute('data-field-id', field.id);
  control.setAttribute('data-field-type', type);
  if (open) {
    // Every field the signer fills shows its name; the control's own name says it to screen readers.
    wrap.append(el('span', { class: 'field-tag', 'aria-hidden': 'true' }, [fieldLabel(field)]));
    wrap.addEventListener('click', () => {
      if (state.guided) {
        showStep(fillable().indexOf(field), true);
      }
    });
  }
  wrap.append(control);
  if (type === 'stamp') {
    wrap.append(stampInput(field));
  } else if (type === 'attachment') {
    wrap.append(...attachInput(field));
    wrap.classList.toggle('is-filled', Boolean(state.values[field.id]));
  }
  const box = { field: field, wrap: wrap, control: control };
  if (field.validation || type === 'number') {
    // Why the value typed does not suit the field, said under it as the signer types.
    box.problem = el('span', { class: 'field-problem', id: 'problem-' + field.id, 'aria-live': 'polite' });
    wrap.append(box.problem);
    control.setAttribute('aria-describedby', box.problem.id);
  }
  state.boxes.set(field.id, box);
  if (control.tagName === 'BUTTON' && type !== 'attachment') {
    if (type === 'stamp' && field.value && /^data:image\//.test(field.value)) {
      state.values[field.id] = field.value;
    }
    paintCapture(field);
  }
  return wrap;
}

function renderCompleted(item, size) {
  const type = item.field_type;
  const value = item.value || '';
  const box = el('div', { class: 'completed completed-' + type });
  place(box, item, size);
  box.style.setProperty('--fs', number(item.font_size, 11) || 11);
  if (/^data:image\/(png|jpeg);/.test(value)) {
    box.append(el('img', { src: value, alt: t('completed.image', { name: typeLabel(type) }) }));
  } else if (type === 'checkbox') {
    box.append(el('span', { role: 'img', 'aria-label': t(value === '1' ? 'completed.checked' : 'completed.unchecked') },
      [value === '1' ? '\u2713' : '']));
  } else {
    box.append(el('span', {}, [value]));
  }
  return box;
}

/** A field another party still has to fill, shown to an approver so they see what they approve. */
function renderPending(item, size) {
  const label = t('review.field', { field: fieldLabel(item), name: item.signer_name || '' });
  const box = el('div', { class: 'pending', role: 'note', 'aria-label': label });
  place(box, item, size);
  box.append(el('span', { class: 'field-tag', 'aria-hidden': 'true' }, [label]));
  return box;
}

export function renderPages(session) {
  const documentArea = $('#document');
  const sizes = Array.isArray(session.pages) ? session.pages : [];
  const total = Math.max(number(session.total_pages, 0), sizes.length) || 1;
  const pending = inReadingOrder(session.review_fields);
  documentArea.textContent = '';
  const nav = fileNav(session);
  if (nav) {
    documentArea.append(nav);
  }
  for (let n = 1; n <= total; n++) {
    const given = sizes[n - 1] || sizes[0] || {};
    const size = { width: number(given.width, 612) || 612, height: number(given.height, 792) || 792 };
    const label = pageLabel(session, n, total);
    const begins = nav ? beginningOn(session, n) : null;
    if (begins) {
      documentArea.append(fileHeading(begins));
    }
    const page = el('section', { class: 'page', 'data-page-number': n, 'aria-label': label });
    page.style.aspectRatio = size.width + ' / ' + size.height;
    page.dataset.width = size.width;
    page.append(el('img', { class: 'page-image', src: base + '/pages/' + n + '.png', alt: label,
      loading: n > 2 ? 'lazy' : 'eager', decoding: 'async', draggable: 'false' }));
    const layer = el('div', { class: 'page-layer' });
    (session.completed_values || []).filter((c) => number(c.page_number, 0) === n)
      .forEach((c) => layer.append(renderCompleted(c, size)));
    pending.filter((f) => number(f.page_number, 0) === n).forEach((f) => layer.append(renderPending(f, size)));
    state.fields.filter((f) => number(f.page_number, 0) === n)
      .forEach((f) => layer.append(renderField(f, size)));
    page.append(layer);
    documentArea.append(page);
  }
  applyConditions();
  documentArea.removeAttribute('aria-busy');
  // Remembered so that "Next field" continues from the field last worked on.
  documentArea.addEventListener('focusin', (event) => {
    state.lastField = event.target.getAttribute('data-field-id') || state.lastField;
  });
  watchScale(documentArea);
}

/** Keeps --scale (CSS px per point) on each page so field text scales with the page image. */
function watchScale(documentArea) {
  const update = () => documentArea.querySelectorAll('.page').forEach((page) => {
    page.style.setProperty('--scale', page.clientWidth / number(page.dataset.width, 612));
  });
  update();
  if (window.ResizeObserver) {
    new ResizeObserver(update).observe(documentArea);
  } else {
    window.addEventListener('resize', update);
  }
}
