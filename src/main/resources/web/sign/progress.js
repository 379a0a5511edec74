/*
 * How far the signer has got: a field's marks cleared once it is filled, the count of required fields
 * done, and the message about empty ones kept in step with it.
 */
import { $, say } from './page.js';
import { t, tn } from './text.js';
import { state, guided, isRequired, isFilled, fillable, isShown } from './state.js';
import { problem } from './rules.js';

/** Hides each field whose condition does not hold, and shows the others. */
export function applyConditions() {
  state.boxes.forEach((box) => {
    box.wrap.hidden = !isShown(box.field);
  });
}

/**
 * Says under the field (and in the guided form) why its value does not suit it, as the signer types,
 * or clears that once it does; answers the words, '' when there are none.
 */
export function showProblem(field) {
  const words = problem(field, state.values[field.id] || '');
  const box = state.boxes.get(field.id);
  if (box && box.problem) {
    box.problem.textContent = words;
    box.wrap.classList.toggle('is-invalid', Boolean(words));
    if (words) {
      box.control.setAttribute('aria-invalid', 'true');
    } else {
      box.control.removeAttribute('aria-invalid');
    }
  }
  if (guided.field === field && guided.control) {
    $('#guided-error').textContent = words;
  }
  return words;
}

export function fieldChanged(field) {
  applyConditions();
  const box = state.boxes.get(field.id);
  if (showProblem(field)) {
    updateProgress();
    return;
  }
  if (box && isFilled(field)) {
    box.wrap.classList.remove('is-invalid');
    box.control.removeAttribute('aria-invalid');
  }
  if (guided.field === field && isFilled(field)) {
    guided.control.removeAttribute('aria-invalid');
    $('#guided-error').textContent = '';
  }
  if (state.guided) {
    $('#guided-progress').value = fillable().filter(isFilled).length;
  }
  updateProgress();
}

export function updateProgress() {
  const progress = $('#progress');
  if (!progress) {
    return;
  }
  const required = fillable().filter(isRequired);
  const done = required.filter(isFilled).length;
  const text = required.length === 0 ? ''
    : done === required.length ? t('progress.done') : t('progress.count', { done: done, total: required.length });
  if (progress.textContent !== text) {
    progress.textContent = text;
  }
  if (state.missingShown) {
    // The message about empty fields follows the count as they are filled, and goes once none is left.
    const left = required.length - done;
    state.missingShown = left > 0;
    say(left > 0 ? tn('missing', left) : '');
  }
}
