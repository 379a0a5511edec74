/*
 * The capture dialog for a signature or initials: three ways to make the mark, on tabs (draw, type,
 * upload). Opened from the keyboard it starts on Type, since drawing needs a pointer.
 */
import { $, el } from './page.js';
import { t } from './text.js';
import { state } from './state.js';
import { setupCanvas, initDrawing, hasInk, clearDrawing, exportDrawing, renderTyped } from './pad.js';
import { readImage } from './upload.js';

/** The dialog's mark, its open panel, an upload read, and who hears of a mark applied. */
const capture = { kind: 'signature', tab: 'draw', upload: null, opener: null, applied: null };

function typedText() {
  return $('#type-input').value.trim();
}

function updateApply() {
  const ready = capture.tab === 'draw' ? hasInk()
    : capture.tab === 'type' ? typedText() !== '' : capture.upload !== null;
  $('#apply-signature').disabled = !ready;
}

function selectTab(name, focus) {
  capture.tab = name;
  document.querySelectorAll('#signature-dialog [role="tab"]').forEach((tab) => {
    const selected = tab.getAttribute('data-tab') === name;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    $('#' + tab.getAttribute('aria-controls')).hidden = !selected;
    if (selected && focus) {
      tab.focus();
    }
  });
  if (name === 'draw') {
    setupCanvas();
  }
  $('#signature-error').textContent = '';
  updateApply();
}

function initTabs() {
  const tabs = Array.from(document.querySelectorAll('#signature-dialog [role="tab"]'));
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => selectTab(tab.getAttribute('data-tab'), false));
    tab.addEventListener('keydown', (event) => {
      const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
      if (event.key in moves) {
        event.preventDefault();
        selectTab(tabs[(moves[event.key] + tabs.length) % tabs.length].getAttribute('data-tab'), true);
      }
    });
  });
}

function initials(name) {
  return (name || '').split(/\s+/).filter(Boolean).map((part) => part.charAt(0).toUpperCase()).join('');
}

/**
 * Opens the capture dialog for a signature or initials. {@code preferTyping} (a keyboard user)
 * opens it on Type, since drawing needs a pointer. Once a mark is applied it is the signer's
 * {@code kind} and {@code applied(kind)} is called; focus goes back to {@code opener} on closing.
 */
export function openCapture(kind, opener, preferTyping, applied) {
  const dialog = $('#signature-dialog');
  const name = (state.session.signer || {}).name || '';
  const previous = state.captures[kind];
  capture.kind = kind;
  capture.opener = opener;
  capture.applied = applied;
  clearDrawing();
  capture.upload = null;
  dialog.classList.toggle('is-initials', kind === 'initials');
  $('#signature-dialog-title').textContent = t('capture.title.' + kind);
  $('#type-label').textContent = t('capture.typeLabel.' + kind);
  $('#type-input').value = previous && previous.method === 'type' ? previous.text
    : (kind === 'initials' ? initials(name) : name);
  $('#type-preview').textContent = $('#type-input').value;
  $('#upload-input').value = '';
  $('#upload-preview').hidden = true;
  dialog.showModal();
  // Opens on the way this mark was made last time when it is being changed, else on Draw.
  selectTab(previous ? previous.method : (preferTyping ? 'type' : 'draw'), true);
}

async function applyCapture() {
  const button = $('#apply-signature');
  let result;
  if (capture.tab === 'draw' && hasInk()) {
    const image = exportDrawing();
    result = { method: 'draw', image: image, preview: image };
  } else if (capture.tab === 'type' && typedText()) {
    const image = await renderTyped(typedText());
    result = { method: 'type', text: typedText(), image: image, preview: image };
  } else if (capture.tab === 'upload' && capture.upload) {
    result = { method: 'upload', image: capture.upload, preview: capture.upload };
  } else {
    button.disabled = true;
    return;
  }
  state.captures[capture.kind] = result;
  capture.applied(capture.kind);
  $('#signature-dialog').close();
}

/** Drawing needs a pointer: the drawing panel offers a keyboard user the other two ways. */
function offerKeyboardWays() {
  const typeInstead = el('button', { type: 'button', id: 'draw-type-instead', class: 'btn-link' }, [t('capture.typeInstead')]);
  const uploadInstead = el('button', { type: 'button', id: 'draw-upload-instead', class: 'btn-link' }, [t('capture.uploadInstead')]);
  typeInstead.addEventListener('click', () => selectTab('type', false) || $('#type-input').focus());
  uploadInstead.addEventListener('click', () => selectTab('upload', false) || $('#upload-input').focus());
  $('#panel-draw .panel-tools').prepend(el('p', { class: 'keyboard-ways' },
    [t('capture.noPointer'), ' ', typeInstead, ' ', uploadInstead]));
}

export function initCapture() {
  const dialog = $('#signature-dialog');
  initTabs();
  offerKeyboardWays();
  initDrawing(updateApply);
  $('#type-input').addEventListener('input', () => {
    $('#type-preview').textContent = $('#type-input').value;
    updateApply();
  });
  $('#type-input').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && typedText()) {
      event.preventDefault();
      applyCapture();
    }
  });
  $('#upload-input').addEventListener('change', async () => {
    capture.upload = null;
    $('#upload-preview').hidden = true;
    $('#signature-error').textContent = '';
    try {
      capture.upload = await readImage($('#upload-input').files[0]);
      $('#upload-preview').src = capture.upload;
      $('#upload-preview').hidden = false;
    } catch (e) {
      $('#signature-error').textContent = e.message;
    }
    updateApply();
  });
  $('#apply-signature').addEventListener('click', applyCapture);
  $('#cancel-signature').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    if (capture.opener) {
      capture.opener.focus();
    }
  });
  window.addEventListener('resize', () => {
    if (dialog.open && capture.tab === 'draw') {
      setupCanvas();
    }
  });
}
