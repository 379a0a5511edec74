/*
 * The controls a signer fills a field with: a text, text area, number, checkbox, dropdown or radio (on the page and in
 * the guided form, kept in step), a button that opens the capture dialog for a signature or initials,
 * and a hidden file input beside a stamp.
 */
import { el, say } from './page.js';
import { t } from './text.js';
import { state, guided, isRequired, fieldLabel } from './state.js';
import { fieldChanged } from './progress.js';
import { readImage } from './upload.js';
import { openCapture } from './capture.js';

function parseOptions(text) {
  try {
    const options = JSON.parse(text || '[]');
    return Array.isArray(options) ? options.map(String) : [];
  } catch (e) {
    return [];
  }
}

/**
 * A text, text area, checkbox or dropdown control for {@code field}. The page and the guided
 * form each have one; both write the same value, and {@link setValue} keeps the other in step.
 */
export function valueControl(field, className) {
  const type = field.field_type;
  const value = state.values[field.id] !== undefined ? state.values[field.id]
    : (field.value || field.default_value || '');
  let control;
  if (type === 'textarea') {
    control = el('textarea', { class: className, maxlength: 5000, placeholder: field.placeholder || null });
    control.value = value;
  } else if (type === 'checkbox') {
    control = el('input', { type: 'checkbox', class: className + ' field-check' });
    control.checked = value === '1';
  } else if (type === 'dropdown') {
    control = el('select', { class: className }, [el('option', { value: '' }, [t('dropdown.choose')])]);
    parseOptions(field.options).forEach((option) => control.append(el('option', { value: option }, [option])));
    control.value = value;
  } else if (type === 'radio') {
    control = radioGroup(field, className, value);
  } else if (type === 'number') {
    control = el('input', { type: 'text', inputmode: 'decimal', class: className, maxlength: 40,
      placeholder: field.placeholder || null, autocomplete: 'off' });
    control.value = value;
  } else {
    control = el('input', { type: 'text', class: className, maxlength: 1000,
      placeholder: field.placeholder || null, autocomplete: 'off' });
    control.value = value;
  }
  state.values[field.id] = readControl(field, control);
  control.addEventListener(type === 'checkbox' || type === 'dropdown' || type === 'radio' ? 'change' : 'input',
    () => setValue(field, readControl(field, control), control));
  if (isRequired(field)) {
    control.setAttribute('aria-required', 'true');
  }
  return control;
}

/**
 * One choice out of a radio field's options, each a radio button with its own label; the group is named
 * by the field, and focusing it focuses the chosen button (or the first), as a keyboard user expects.
 */
function radioGroup(field, className, value) {
  const group = el('div', { class: className + ' field-radios', role: 'radiogroup' });
  const name = 'radio-' + field.id + '-' + className.replace(/\W+/g, '-');
  parseOptions(field.options).forEach((option, i) => {
    const id = name + '-' + i;
    const input = el('input', { type: 'radio', name: name, id: id, value: option });
    input.checked = option === value;
    group.append(el('span', { class: 'field-radio' }, [input, el('label', { for: id }, [option])]));
  });
  group.focus = (options) => (group.querySelector('input:checked') || group.querySelector('input')).focus(options);
  return group;
}

function readControl(field, control) {
  if (field.field_type === 'radio') {
    const chosen = control.querySelector('input:checked');
    return chosen ? chosen.value : '';
  }
  return field.field_type === 'checkbox' ? (control.checked ? '1' : '0') : control.value;
}

function writeControl(field, control, value) {
  if (field.field_type === 'checkbox') {
    control.checked = value === '1';
  } else if (field.field_type === 'radio') {
    control.querySelectorAll('input').forEach((input) => {
      input.checked = input.value === value;
    });
  } else if (control.value !== value) {
    control.value = value;
  }
}

/** Records a value typed in one control and shows it in the other. */
function setValue(field, value, from) {
  state.values[field.id] = value;
  const box = state.boxes.get(field.id);
  if (box && box.control !== from && box.control.tagName !== 'BUTTON') {
    writeControl(field, box.control, value);
  }
  if (guided.control && guided.control !== from && guided.field === field) {
    writeControl(field, guided.control, value);
  }
  fieldChanged(field);
}

export function inputControl(field) {
  const control = valueControl(field, 'field-control');
  control.setAttribute('aria-label', fieldLabel(field));
  if (!control.getAttribute('placeholder') && control.tagName !== 'SELECT' && control.tagName !== 'DIV'
      && field.field_type !== 'checkbox') {
    control.setAttribute('placeholder', fieldLabel(field));
  }
  return control;
}

export function buttonControl(field) {
  const control = el('button', { type: 'button', class: 'field-control field-capture' });
  control.addEventListener('click', (event) => captureFor(field, control, event));
  return control;
}

/** Opens the way to add a signature, initials or stamp for {@code field}. */
export function captureFor(field, opener, event) {
  if (field.field_type === 'stamp') {
    state.boxes.get(field.id).wrap.querySelector('[data-stamp-input]').click();
  } else {
    // A keyboard press (a click with no pointer detail) opens on typing rather than drawing.
    openCapture(field.field_type, opener, event && event.detail === 0, showCaptured);
  }
}

/** Every field of {@code kind} shows the signature or initials just made in the capture dialog. */
function showCaptured(kind) {
  state.fields.filter((f) => f.field_type === kind).forEach((f) => {
    paintCapture(f);
    fieldChanged(f);
  });
}

function captureImage(field) {
  const type = field.field_type;
  return type === 'stamp' ? state.values[field.id] : (state.captures[type] || {}).preview;
}

/**
 * Shows the empty prompt or the captured image inside a signature, initials or stamp button.
 * The accessible name starts with the visible prompt, so speech users can say what they see.
 */
export function paintButton(field, button) {
  const image = captureImage(field);
  const prompt = t('prompt.' + field.field_type);
  const required = isRequired(field) ? 'Required' : '';
  button.textContent = '';
  if (image) {
    button.append(el('img', { src: image, alt: '' }));
    button.setAttribute('aria-label', t('capture.added' + required, { name: fieldLabel(field) }));
  } else {
    button.append(el('span', { class: 'field-prompt' }, [prompt]));
    button.setAttribute('aria-label', t('capture.empty' + required, { prompt: prompt, name: fieldLabel(field) }));
  }
}

export function paintCapture(field) {
  const box = state.boxes.get(field.id);
  paintButton(field, box.control);
  box.wrap.classList.toggle('is-filled', Boolean(captureImage(field)));
  if (guided.field === field && guided.control) {
    paintButton(field, guided.control);
  }
}

/** A file input kept beside each stamp box, so the box's button can open it. */
export function stampInput(field) {
  const picker = el('input', { type: 'file', accept: 'image/png,image/jpeg', class: 'visually-hidden',
    tabindex: -1, 'aria-hidden': 'true', 'data-stamp-input': field.id });
  picker.addEventListener('change', async () => {
    if (!picker.files.length) {
      return;
    }
    try {
      state.values[field.id] = await readImage(picker.files[0]);
      paintCapture(field);
      fieldChanged(field);
      say('');
    } catch (e) {
      say(e.message);
    }
    picker.value = '';
    (guided.field === field ? guided.control : state.boxes.get(field.id).control).focus();
  });
  return picker;
}
