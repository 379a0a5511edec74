/*
 * The guided form: one field at a time with a large labelled control, progress, Back and Next, the page
 * scrolled to the field, then a review with consent and Finish. A phone gets it by default; the values
 * are the ones the page's own controls show, so switching loses nothing.
 */
import { $, el } from './page.js';
import { t, tn } from './text.js';
import { CAPTURE_TYPES, state, guided, isRequired, isFilled, fieldLabel, fillable } from './state.js';
import { valueControl, paintButton, captureFor } from './controls.js';
import { openDecline } from './decline.js';
import { canDelegate, openDelegate } from './delegate.js';
import { attachButton } from './attach.js';

export function buildGuided() {
  const progress = el('progress', { id: 'guided-progress', class: 'guided-progress', max: 1, value: 0,
    'aria-labelledby': 'guided-count' });
  const panel = el('section', { id: 'guided', class: 'guided', hidden: true, 'aria-labelledby': 'guided-count' }, [
    el('div', { class: 'guided-head' }, [
      el('h2', { id: 'guided-count', class: 'guided-count', tabindex: -1 }, ['']),
      progress,
      canDelegate() ? el('button', { type: 'button', id: 'guided-delegate', class: 'btn btn-quiet btn-small' },
        [t('guided.delegate')]) : '',
      el('button', { type: 'button', id: 'guided-decline', class: 'btn btn-quiet btn-small' }, [t('guided.decline')])
    ]),
    el('div', { id: 'guided-step', class: 'guided-step' }),
    el('p', { id: 'guided-error', class: 'guided-error', role: 'status', 'aria-live': 'polite' }),
    el('div', { class: 'guided-nav' }, [
      el('button', { type: 'button', id: 'guided-back', class: 'btn btn-secondary' }, [t('guided.back')]),
      el('button', { type: 'button', id: 'guided-next', class: 'btn btn-primary' }, [t('guided.next')])
    ])
  ]);
  $('#action-bar .actionbar-inner').prepend(panel);
  $('#guided-back').addEventListener('click', () => showStep(state.step - 1, true));
  $('#guided-next').addEventListener('click', guidedNext);
  // Declining needs no field filled: it is offered at every step, not only at the review.
  $('#guided-decline').addEventListener('click', () => openDecline($('#guided-decline')));
  if ($('#guided-delegate')) {
    $('#guided-delegate').addEventListener('click', () => openDelegate($('#guided-delegate')));
  }
}

/** The guided form's control for {@code field}, labelled with its name. */
function guidedControl(field) {
  const type = field.field_type;
  const id = 'guided-input';
  const hint = el('p', { id: 'guided-hint', class: 'hint' },
    [t(isRequired(field) ? 'guided.required' : 'guided.optional')]);
  let control;
  if (type === 'attachment') {
    control = attachButton(field, 'guided-capture guided-attach');
    control.id = id;
    control.setAttribute('aria-describedby', 'attach-kinds-' + field.id + ' guided-hint');
    return { control: control, parts: [el('p', { class: 'guided-label' }, [fieldLabel(field)]), control, hint] };
  }
  if (CAPTURE_TYPES.indexOf(type) >= 0 || type === 'stamp') {
    control = el('button', { type: 'button', id: id, class: 'guided-capture', 'aria-describedby': 'guided-hint' });
    paintButton(field, control);
    control.addEventListener('click', (event) => captureFor(field, control, event));
    return { control: control, parts: [el('p', { class: 'guided-label' }, [fieldLabel(field)]), control, hint] };
  }
  control = valueControl(field, 'input guided-input');
  control.id = id;
  control.setAttribute('aria-describedby', 'guided-hint guided-error');
  const label = el('label', { class: 'guided-label', for: id }, [fieldLabel(field)]);
  if (type === 'checkbox') {
    return { control: control, parts: [el('div', { class: 'guided-check' }, [control, label]), hint] };
  }
  if (type === 'radio') {
    // A group of choices is named by the field's label, which cannot point at it as it would at one input.
    control.setAttribute('aria-labelledby', 'guided-label');
    return { control: control, parts: [el('p', { class: 'guided-label', id: 'guided-label' }, [fieldLabel(field)]),
      control, hint] };
  }
  return { control: control, parts: [label, control, hint] };
}

/** Shows step {@code index}: a field, or after the last one the review with consent and Finish. */
export function showStep(index, focus) {
  const steps = fillable();
  const step = Math.max(0, Math.min(steps.length, index));
  state.step = step;
  document.querySelectorAll('.field.is-current').forEach((node) => node.classList.remove('is-current'));
  const holder = $('#guided-step');
  holder.textContent = '';
  $('#guided-error').textContent = '';
  const reviewing = step === steps.length;
  const required = steps.filter(isRequired);
  $('#guided-progress').max = steps.length;
  $('#guided-progress').value = steps.filter(isFilled).length;
  $('#guided-back').disabled = step === 0;
  $('#guided-next').hidden = reviewing;
  $('#guided-next').textContent = step === steps.length - 1 ? t('guided.review') : t('guided.next');
  $('#actions').hidden = !reviewing;
  guided.field = null;
  guided.control = null;
  if (reviewing) {
    $('#guided-count').textContent = t('guided.reviewTitle');
    const open = required.filter((f) => !isFilled(f)).length;
    holder.append(el('p', { class: 'guided-summary' },
      [open ? tn('missing', open) : t('guided.reviewText')]));
    if (focus) {
      $('#guided-count').focus();
    }
    return;
  }
  const field = steps[step];
  const built = guidedControl(field);
  guided.field = field;
  guided.control = built.control;
  $('#guided-count').textContent = t('guided.count', { step: step + 1, total: steps.length });
  built.parts.forEach((part) => holder.append(part));
  const box = state.boxes.get(field.id);
  box.wrap.classList.add('is-current');
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  box.wrap.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  if (focus) {
    built.control.focus({ preventScroll: true });
  }
}

function guidedNext() {
  const field = fillable()[state.step];
  if (field && isRequired(field) && !isFilled(field)) {
    $('#guided-error').textContent = t('guided.requiredMissing');
    if (guided.control.tagName !== 'BUTTON') {
      guided.control.setAttribute('aria-invalid', 'true');
    }
    guided.control.focus();
    return;
  }
  showStep(state.step + 1, true);
}

/** Switches between the whole pages and one field at a time; the values stay as they are. */
export function setGuided(on, focus) {
  state.guided = on;
  document.body.classList.toggle('is-guided', on);
  $('#guided').hidden = !on;
  $('#guided-toggle').setAttribute('aria-pressed', String(on));
  $('#next-field').hidden = on || fillable().length === 0;
  $('#progress').hidden = on;
  // The page's own controls step aside for the guided ones: one control per field in the tab order.
  const layerHidden = on ? 'true' : null;
  document.querySelectorAll('#document .page-layer').forEach((layer) => {
    if (layerHidden) {
      layer.setAttribute('aria-hidden', layerHidden);
    } else {
      layer.removeAttribute('aria-hidden');
    }
  });
  state.boxes.forEach((box) => {
    // A radio group's buttons are its controls; any other div was filled in by Signet or the sender.
    const controls = box.field.field_type === 'radio' ? box.control.querySelectorAll('input')
      : box.control.tagName === 'DIV' ? [] : [box.control];
    controls.forEach((control) => {
      if (on) {
        control.tabIndex = -1;
      } else {
        control.removeAttribute('tabindex');
      }
    });
  });
  if (on) {
    // A fresh form starts at its first field; one already begun, at the first required field still empty.
    const steps = fillable();
    const begun = steps.some(isFilled);
    const open = steps.findIndex((f) => isRequired(f) && !isFilled(f));
    showStep(!begun ? 0 : (open < 0 ? steps.length : open), focus);
  } else {
    document.querySelectorAll('.field.is-current').forEach((node) => node.classList.remove('is-current'));
    guided.field = null;
    guided.control = null;
    $('#actions').hidden = false;
  }
}
