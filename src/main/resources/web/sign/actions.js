/*
 * The signer's actions: consent, Next field, Finish (or Approve) with what they filled, and a refusal
 * turned into marked fields and a message; initActions wires the action bar and the dialogs.
 */
import { $, role, say, setBusy, api } from './page.js';
import { t, tn, errorText } from './text.js';
import { CLOSED_CODES, state, tell, tellActed, isRequired, isFilled, fillable } from './state.js';
import { updateProgress, showProblem } from './progress.js';
import { buildGuided, showStep, setGuided } from './guided.js';
import { showDone, showClosed } from './outcome.js';
import { initDecline } from './decline.js';
import { initDelegate } from './delegate.js';
import { initCapture } from './capture.js';

/** As narrow as a phone (sign.css's own breakpoint): the guided form is where such a page starts. */
const PHONE = '(max-width: 640px)';

function missingRequired() {
  return fillable().filter((f) => isRequired(f) && !isFilled(f)).map((f) => f.id);
}

/** Marks fields and goes to the first; {@code refused} says why, when it is not that they are empty. */
function markInvalid(ids, refused) {
  state.missingShown = !refused;
  const boxes = ids.map((id) => state.boxes.get(String(id))).filter(Boolean);
  boxes.forEach((box) => {
    box.wrap.classList.add('is-invalid');
    if (box.control.tagName !== 'DIV') {
      box.control.setAttribute('aria-invalid', 'true');
    }
  });
  if (!boxes.length) {
    return;
  }
  if (state.guided) {
    // The guided form goes back to the first empty field and asks for it.
    showStep(fillable().findIndex((f) => f.id === boxes[0].field.id), true);
    $('#guided-error').textContent = refused || t('guided.requiredMissing');
    return;
  }
  goTo(boxes[0]);
  // "Next field" starts again from the first empty one, which has focus now, rather than skip it.
  state.lastField = null;
}

function goTo(box) {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  box.wrap.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  box.control.focus({ preventScroll: true });
}

/** Moves to the next required field still empty, after the one that has focus. */
function nextField() {
  const open = fillable().filter((f) => isRequired(f) && !isFilled(f));
  const list = open.length ? open : fillable().filter((f) => !isFilled(f));
  if (!list.length) {
    $('#consent').focus();
    return;
  }
  const order = fillable().map((f) => f.id);
  const after = list.find((f) => order.indexOf(f.id) > order.indexOf(state.lastField));
  goTo(state.boxes.get((after || list[0]).id));
}

function handleFailure(result) {
  if (CLOSED_CODES.indexOf(result.code) >= 0) {
    showClosed(result);
  } else if (result.code === 'missing_required_fields') {
    const ids = (result.data && result.data.field_ids) || [];
    say(ids.length ? tn('missing', ids.length) : t('missing.some'));
    markInvalid(ids);
  } else if (result.code === 'validation_failed') {
    // The server's own check of the fields' validations: the fields are named, the words are the page's.
    const ids = (result.data && result.data.field_ids) || [];
    say(t('error.validation_failed'));
    markInvalid(ids, t('error.validation_failed'));
  } else if (result.code === 'consent_required') {
    say(t('consent.first'));
    $('#consent').focus();
  } else {
    say(errorText(result));
    // Fields whose values were refused (values.<id>) are marked, as empty required ones are.
    const params = Object.keys((result.data && result.data.params) || {});
    const ids = params.filter((p) => /^values\.\d+$/.test(p)).map((p) => p.slice(7));
    if (ids.length) {
      markInvalid(ids, errorText(result));
    }
  }
}

function submission() {
  const values = {};
  fillable().forEach((field) => {
    const type = field.field_type;
    if (type === 'signature' || type === 'attachment') {
      return; // a signature goes in its own key; an attachment was sent when it was chosen
    }
    if (type === 'initials') {
      if (state.captures.initials) {
        values[field.id] = state.captures.initials.image;
      }
    } else if (type === 'stamp') {
      if (state.values[field.id]) {
        values[field.id] = state.values[field.id];
      }
    } else {
      values[field.id] = state.values[field.id] || (type === 'checkbox' ? '0' : '');
    }
  });
  const body = { consent: true, values: values };
  const signature = state.captures.signature;
  if (signature && state.fields.some((f) => f.field_type === 'signature')) {
    body.signature = signature.method === 'type'
      ? { method: 'type', text: signature.text } : { method: signature.method, image: signature.image };
  }
  return body;
}

async function finish() {
  const button = $('#finish');
  if (!$('#consent').checked) {
    say(t('consent.first'));
    $('#consent').focus();
    return;
  }
  const unsuited = fillable().filter((f) => showProblem(f));
  if (unsuited.length) {
    say(showProblem(unsuited[0]));
    markInvalid(unsuited.map((f) => f.id), showProblem(unsuited[0]));
    return;
  }
  const missing = missingRequired();
  if (missing.length) {
    say(tn('missing', missing.length));
    markInvalid(missing);
    return;
  }
  say('');
  setBusy(button, true, t('finish.busy'));
  const result = await api('POST', '/submit', submission());
  setBusy(button, false);
  if (result.ok) {
    tellActed(result);
    const completed = result.body.document_status === 'completed';
    await showDone(t('signed.heading'), t(completed ? 'signed.completed' : 'signed.recorded',
      { title: state.session.title }));
  } else {
    tell('error', { code: result.code });
    handleFailure(result);
  }
}

async function approve() {
  const button = $('#approve');
  if (!$('#consent').checked) {
    say(t('consent.first'));
    $('#consent').focus();
    return;
  }
  setBusy(button, true, t('approve.busy'));
  const result = await api('POST', '/submit', { consent: true });
  setBusy(button, false);
  if (result.ok) {
    tellActed(result);
    await showDone(t('approved.heading'), t('approved.text', { title: state.session.title }));
  } else {
    tell('error', { code: result.code });
    handleFailure(result);
  }
}

export function initActions() {
  const consent = $('#consent');
  const primary = $('#finish') || $('#approve');
  consent.addEventListener('change', () => {
    primary.disabled = !consent.checked;
    if (consent.checked) {
      say('');
    }
  });
  primary.disabled = !consent.checked;
  primary.addEventListener('click', role === 'approver' ? approve : finish);
  if ($('#next-field')) {
    $('#next-field').addEventListener('click', nextField);
    $('#next-field').hidden = fillable().length === 0;
  }
  initDecline();
  initDelegate();
  if ($('#signature-dialog')) {
    initCapture();
  }
  $('#actions').hidden = false;
  updateProgress();
  if ($('#guided-toggle')) {
    buildGuided();
    // A phone gets one field at a time; a desktop can switch to it.
    setGuided(window.matchMedia(PHONE).matches, false);
  }
}
