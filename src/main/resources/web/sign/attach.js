/*
 * Attachment fields: a button that opens a file chooser, the file sent at once to
 * POST {base}/attachments/{field id} (multipart, the same intake as a document upload), then the file's
 * name on the button, which replaces it when pressed again. Only the server decides whether a file is
 * accepted; its refusal is said in the signer's language.
 */
import { el, say, api } from './page.js';
import { t, errorText } from './text.js';
import { state, guided, isRequired, fieldLabel } from './state.js';
import { fieldChanged } from './progress.js';

const ACCEPT = { pdf: 'application/pdf,.pdf', png: 'image/png,.png', jpg: 'image/jpeg,.jpg,.jpeg' };

function kinds(field) {
  let options = [];
  try {
    options = JSON.parse(field.options || '[]');
  } catch (e) {
    options = [];
  }
  const known = (Array.isArray(options) ? options : []).filter((o) => ACCEPT[o]);
  return known.length ? known : Object.keys(ACCEPT);
}

/** Records a file attached on an earlier visit, so the field counts as filled. */
export function rememberAttached(field) {
  if (field.attachment && field.attachment.filename) {
    state.values[field.id] = field.attachment.filename;
  }
}

/** The button on the page or in the guided form; pressing it opens the field's file chooser. */
export function attachButton(field, className) {
  const button = el('button', { type: 'button', class: className, 'aria-describedby': 'attach-kinds-' + field.id });
  button.addEventListener('click', () => chooser(field).click());
  paintAttachment(field, button);
  return button;
}

/** Shows the prompt, or the attached file's name with "Replace"; the accessible name starts with what is shown. */
export function paintAttachment(field, button) {
  const file = state.values[field.id];
  const required = isRequired(field) ? 'Required' : '';
  button.textContent = '';
  if (file) {
    // The space keeps the shown text "name Replace", as the accessible name begins.
    button.append(el('span', { class: 'attach-name' }, [file]), ' ', el('span', { class: 'attach-replace' },
      [t('attach.replace')]));
    button.setAttribute('aria-label', t('attach.added' + required,
      { file: file, replace: t('attach.replace'), name: fieldLabel(field) }));
  } else {
    const prompt = t('prompt.attachment');
    button.append(el('span', { class: 'field-prompt attach-prompt' }, [prompt]));
    button.setAttribute('aria-label', t('attach.empty' + required, { prompt: prompt, name: fieldLabel(field) }));
  }
}

function repaint(field) {
  const box = state.boxes.get(field.id);
  paintAttachment(field, box.control);
  box.wrap.classList.toggle('is-filled', Boolean(state.values[field.id]));
  if (guided.field === field && guided.control) {
    paintAttachment(field, guided.control);
  }
}

function chooser(field) {
  return state.boxes.get(field.id).wrap.querySelector('[data-attach-input]');
}

/**
 * The hidden file input kept in the field's box, with the kinds the field takes said in a hint the
 * buttons point to.
 */
export function attachInput(field) {
  const list = kinds(field);
  const picker = el('input', { type: 'file', accept: list.map((k) => ACCEPT[k]).join(','), class: 'visually-hidden',
    tabindex: -1, 'aria-hidden': 'true', 'data-attach-input': field.id });
  picker.addEventListener('change', () => {
    if (picker.files.length) {
      send(field, picker.files[0]).then(() => {
        picker.value = '';
      });
    }
  });
  const hint = el('span', { id: 'attach-kinds-' + field.id, class: 'visually-hidden' },
    [t('attach.kinds', { kinds: list.map((k) => k.toUpperCase()).join(', ') })]);
  return [picker, hint];
}

function busy(field, on) {
  [state.boxes.get(field.id).control, guided.field === field ? guided.control : null].filter(Boolean)
    .forEach((button) => {
      button.disabled = on;
      if (on) {
        button.setAttribute('aria-busy', 'true');
        button.textContent = t('attach.busy');
      } else {
        button.removeAttribute('aria-busy');
      }
    });
}

async function send(field, file) {
  const form = new FormData();
  form.append('file', file, file.name);
  busy(field, true);
  say(t('attach.busy'));
  const result = await api('POST', '/attachments/' + encodeURIComponent(field.id), form);
  busy(field, false);
  if (result.ok) {
    state.values[field.id] = result.body.filename || file.name;
    say(t('attach.done', { file: state.values[field.id] }));
  } else {
    say(errorText(result));
  }
  repaint(field);
  fieldChanged(field);
  (guided.field === field ? guided.control : state.boxes.get(field.id).control).focus();
}
