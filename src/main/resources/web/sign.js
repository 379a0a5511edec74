/*
 * Signet signing page script: fills the page shell from GET /sign/{token}/session, lets the
 * signer fill their fields and capture a signature, and talks to the JSON endpoints under the
 * same token. Also drives the PIN and login forms. Plain ES2017, no build step, no network
 * access beyond this site.
 */
'use strict';
(function () {
  const $ = (selector, root) => (root || document).querySelector(selector);
  const main = $('#main');
  const token = main ? main.getAttribute('data-token') : null;
  if (!token) {
    return;
  }
  const base = '/sign/' + encodeURIComponent(token);
  const MAX_IMAGE_BYTES = 1024 * 1024;
  const MAX_IMAGE_SIDE = 2000;
  const INK = '#1a2a6c';
  const HAND_FONT = '"Signet Handwriting"';
  const AUTO_TYPES = ['name', 'email', 'date'];
  const CAPTURE_TYPES = ['signature', 'initials'];
  const CLOSED_CODES = ['not_your_turn', 'already_completed', 'document_closed'];
  const LABELS = {
    signature: 'Signature', initials: 'Initials', stamp: 'Stamp', text: 'Text', textarea: 'Text',
    checkbox: 'Checkbox', dropdown: 'Choice', name: 'Name', email: 'Email', date: 'Date signed'
  };

  /** Creates an element with attributes and children (strings become text, never markup). */
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach((name) => {
      const value = attrs[name];
      if (value !== null && value !== undefined && value !== false) {
        node.setAttribute(name, value === true ? '' : String(value));
      }
    });
    (children || []).forEach((child) => node.append(child));
    return node;
  }

  /** Calls a JSON endpoint under this token; never throws. */
  async function api(method, path, body) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    let response;
    try {
      response = await fetch(base + path, {
        method: method, headers: headers, credentials: 'same-origin', cache: 'no-store',
        body: body === undefined ? undefined : JSON.stringify(body)
      });
    } catch (e) {
      return { ok: false, status: 0, code: 'network', data: {},
        message: 'Signet could not be reached. Check your connection and try again.' };
    }
    let json = null;
    try {
      json = await response.json();
    } catch (e) {
      json = null;
    }
    if (response.ok) {
      return { ok: true, status: response.status, body: json || {} };
    }
    const error = json && typeof json === 'object' ? json : {};
    return { ok: false, status: response.status, code: error.code || 'http_' + response.status,
      data: error.data || {},
      message: error.message || 'Something went wrong (error ' + response.status + '). Please try again.' };
  }

  function say(text) {
    const region = $('#message');
    if (region) {
      region.textContent = text || '';
    }
  }

  function setBusy(button, busy, busyText) {
    if (!button) {
      return;
    }
    if (busy) {
      button.dataset.label = button.textContent;
      button.textContent = busyText;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
    } else {
      button.textContent = button.dataset.label || button.textContent;
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }

  // ---- PIN and login gates ------------------------------------------------------------

  function initGate(form, input, button, send, onError) {
    if (!form || main.getAttribute('data-locked') === 'true') {
      return;
    }
    input.focus();
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const body = send();
      if (!body) {
        return;
      }
      setBusy(button, true, 'Checking\u2026');
      const result = await api('POST', form.id === 'pin-form' ? '/pin' : '/login', body);
      if (result.ok) {
        window.location.reload();
        return;
      }
      setBusy(button, false);
      onError(result);
    });
  }

  function gateFail(input, text) {
    say(text);
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    input.select();
  }

  function initPin() {
    const input = $('#pin-input');
    const button = $('#pin-submit');
    initGate($('#pin-form'), input, button, () => {
      const pin = input.value.trim();
      if (!/^[0-9]{4,8}$/.test(pin)) {
        gateFail(input, 'Enter the PIN: 4 to 8 digits.');
        return null;
      }
      return { pin: pin };
    }, (result) => {
      if (result.code === 'pin_locked' || result.status === 429) {
        say('Too many wrong PINs: this link is locked for 15 minutes. Try again later.');
        input.disabled = true;
        button.disabled = true;
      } else if (result.code === 'invalid_pin') {
        const left = Number(result.data.attempts_left);
        gateFail(input, (result.message || 'That PIN is not correct.')
          + (left > 0 ? ' ' + left + (left === 1 ? ' try' : ' tries') + ' left before the link locks for 15 minutes.' : ''));
      } else {
        gateFail(input, result.message);
      }
    });
  }

  function initLogin() {
    const email = $('#login-email');
    const password = $('#login-password');
    initGate($('#login-form'), password, $('#login-submit'), () => {
      if (!password.value) {
        gateFail(password, 'Enter your password.');
        return null;
      }
      return { email: email.value, password: password.value };
    }, (result) => {
      password.value = '';
      gateFail(password, result.code === 'invalid_login'
        ? 'That email and password do not match. Try again.' : result.message);
    });
  }

  // ---- Signing page: state -------------------------------------------------------------

  const role = main.getAttribute('data-role') || 'signer';
  const state = {
    session: null,
    fields: [],
    boxes: new Map(), // field id -> {field, wrap, control}
    values: {}, // field id -> string
    lastField: null,
    missingShown: false,
    captures: { signature: null, initials: null } // {method, image, text, preview}
  };

  function number(value, fallback) {
    const n = parseFloat(value);
    return isFinite(n) ? n : fallback;
  }

  function percent(part, whole) {
    return Math.max(0, Math.min(100, (part / whole) * 100)) + '%';
  }

  /** Places a box by percentages of its page, so it scales with the page image. */
  function place(node, item, size) {
    node.style.left = percent(number(item.position_x, 0), size.width);
    node.style.top = percent(number(item.position_y, 0), size.height);
    node.style.width = percent(number(item.width, 0), size.width);
    node.style.height = percent(number(item.height, 0), size.height);
  }

  function isRequired(field) {
    return String(field.is_required) === '1' || field.is_required === true;
  }

  function fieldLabel(field) {
    return (field.field_name || '').trim() || LABELS[field.field_type] || 'Field';
  }

  function isFilled(field) {
    const type = field.field_type;
    if (CAPTURE_TYPES.indexOf(type) >= 0) {
      return state.captures[type] !== null;
    }
    if (type === 'checkbox') {
      return state.values[field.id] === '1';
    }
    return (state.values[field.id] || '').trim() !== '';
  }

  function byTopLeft(a, b) {
    return number(a.position_y, 0) - number(b.position_y, 0) || number(a.position_x, 0) - number(b.position_x, 0);
  }

  /** Filled in by the sender from a template variable: shown, never changed by the signer. */
  function isPrefilled(field) {
    return String(field.prefilled) === '1';
  }

  function fillable() {
    return state.fields.filter((f) => AUTO_TYPES.indexOf(f.field_type) < 0 && !isPrefilled(f));
  }

  // ---- Signing page: rendering ---------------------------------------------------------

  function parseOptions(text) {
    try {
      const options = JSON.parse(text || '[]');
      return Array.isArray(options) ? options.map(String) : [];
    } catch (e) {
      return [];
    }
  }

  function autoText(field) {
    const signer = state.session.signer || {};
    if (field.field_type === 'name') {
      return signer.name || 'Your name';
    }
    return field.field_type === 'email' ? (signer.email || 'Your email') : 'Date of signing';
  }

  function inputControl(field) {
    const type = field.field_type;
    const value = field.value || '';
    let control;
    if (type === 'textarea') {
      control = el('textarea', { class: 'field-control', maxlength: 5000, placeholder: field.placeholder || null });
      control.value = value;
    } else if (type === 'checkbox') {
      control = el('input', { type: 'checkbox', class: 'field-control field-check' });
      control.checked = value === '1';
    } else if (type === 'dropdown') {
      control = el('select', { class: 'field-control' }, [el('option', { value: '' }, ['Choose\u2026'])]);
      parseOptions(field.options).forEach((option) => control.append(el('option', { value: option }, [option])));
      control.value = value;
    } else {
      control = el('input', { type: 'text', class: 'field-control', maxlength: 1000,
        placeholder: field.placeholder || null, autocomplete: 'off' });
      control.value = value;
    }
    const read = () => (type === 'checkbox' ? (control.checked ? '1' : '0') : control.value);
    state.values[field.id] = read();
    control.addEventListener(type === 'checkbox' || type === 'dropdown' ? 'change' : 'input', () => {
      state.values[field.id] = read();
      fieldChanged(field);
    });
    if (isRequired(field)) {
      control.setAttribute('aria-required', 'true');
    }
    control.setAttribute('aria-label', fieldLabel(field));
    return control;
  }

  function buttonControl(field) {
    const type = field.field_type;
    const control = el('button', { type: 'button', class: 'field-control field-capture' });
    control.addEventListener('click', () => {
      if (type === 'stamp') {
        state.boxes.get(field.id).wrap.querySelector('[data-stamp-input]').click();
      } else {
        openCapture(type, control);
      }
    });
    return control;
  }

  /** Shows the empty prompt or the captured image inside a signature, initials or stamp box. */
  function paintCapture(field) {
    const box = state.boxes.get(field.id);
    const type = field.field_type;
    const image = type === 'stamp' ? state.values[field.id] : (state.captures[type] || {}).preview;
    const required = isRequired(field) ? ', required' : '';
    box.control.textContent = '';
    if (image) {
      box.control.append(el('img', { src: image, alt: '' }));
      box.control.setAttribute('aria-label', fieldLabel(field) + ': added. Select to change it' + required);
      box.wrap.classList.add('is-filled');
    } else {
      const prompt = { signature: 'Sign', initials: 'Initial', stamp: 'Add stamp' }[type];
      box.control.append(el('span', { class: 'field-prompt' }, [prompt]));
      box.control.setAttribute('aria-label', fieldLabel(field) + ': select to add' + required);
      box.wrap.classList.remove('is-filled');
    }
  }

  function renderField(field, size) {
    const type = field.field_type;
    const wrap = el('div', { class: 'field field-' + type, 'data-field-box': field.id, title: fieldLabel(field) });
    place(wrap, field, size);
    wrap.style.setProperty('--fs', number(field.font_size, 11) || 11);
    let control;
    if (AUTO_TYPES.indexOf(type) >= 0) {
      control = el('div', { class: 'field-control field-auto', role: 'note',
        'aria-label': fieldLabel(field) + ': filled in automatically' }, [autoText(field)]);
    } else if (isPrefilled(field)) {
      const shown = type === 'checkbox' ? (field.value === '1' ? '\u2611' : '\u2610') : (field.value || '');
      control = el('div', { class: 'field-control field-auto field-prefilled', role: 'note',
        'aria-label': fieldLabel(field) + ': ' + (type === 'checkbox' ? (field.value === '1' ? 'checked' : 'not checked')
          : shown) + ', filled in by the sender' }, [shown]);
    } else if (CAPTURE_TYPES.indexOf(type) >= 0 || type === 'stamp') {
      control = buttonControl(field);
    } else {
      control = inputControl(field);
    }
    if (isRequired(field) && AUTO_TYPES.indexOf(type) < 0 && !isPrefilled(field)) {
      wrap.classList.add('is-required');
    }
    control.setAttribute('data-field-id', field.id);
    control.setAttribute('data-field-type', type);
    wrap.append(control);
    if (type === 'stamp') {
      wrap.append(stampInput(field));
    }
    state.boxes.set(field.id, { field: field, wrap: wrap, control: control });
    if (control.tagName === 'BUTTON') {
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
      box.append(el('img', { src: value, alt: (LABELS[type] || 'Value') + ' added by another party' }));
    } else if (type === 'checkbox') {
      box.append(el('span', { 'aria-label': value === '1' ? 'Checked' : 'Not checked' }, [value === '1' ? '\u2713' : '']));
    } else {
      box.append(el('span', {}, [value]));
    }
    return box;
  }

  function renderPages(session) {
    const documentArea = $('#document');
    const sizes = Array.isArray(session.pages) ? session.pages : [];
    const total = Math.max(number(session.total_pages, 0), sizes.length) || 1;
    documentArea.textContent = '';
    for (let n = 1; n <= total; n++) {
      const given = sizes[n - 1] || sizes[0] || {};
      const size = { width: number(given.width, 612) || 612, height: number(given.height, 792) || 792 };
      const page = el('section', { class: 'page', 'data-page-number': n, 'aria-label': 'Page ' + n + ' of ' + total });
      page.style.aspectRatio = size.width + ' / ' + size.height;
      page.dataset.width = size.width;
      page.append(el('img', { class: 'page-image', src: base + '/pages/' + n + '.png', alt: 'Page ' + n + ' of ' + total,
        loading: n > 2 ? 'lazy' : 'eager', decoding: 'async', draggable: 'false' }));
      const layer = el('div', { class: 'page-layer' });
      (session.completed_values || []).filter((c) => number(c.page_number, 0) === n)
        .forEach((c) => layer.append(renderCompleted(c, size)));
      state.fields.filter((f) => number(f.page_number, 0) === n)
        .forEach((f) => layer.append(renderField(f, size)));
      page.append(layer);
      documentArea.append(page);
    }
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

  // ---- Signing page: progress, validation, outcome -------------------------------------

  function fieldChanged(field) {
    const box = state.boxes.get(field.id);
    if (box && isFilled(field)) {
      box.wrap.classList.remove('is-invalid');
      box.control.removeAttribute('aria-invalid');
    }
    updateProgress();
  }

  function updateProgress() {
    const progress = $('#progress');
    if (!progress) {
      return;
    }
    const required = fillable().filter(isRequired);
    const done = required.filter(isFilled).length;
    const text = required.length === 0 ? ''
      : done === required.length ? 'All required fields are complete'
        : done + ' of ' + required.length + ' required fields complete';
    if (progress.textContent !== text) {
      progress.textContent = text;
    }
    if (state.missingShown) {
      // The message about empty fields follows the count as they are filled, and goes once none is left.
      const left = required.length - done;
      state.missingShown = left > 0;
      say(left > 0 ? missingMessage(left) : '');
    }
  }

  function missingMessage(count) {
    return count === 1 ? 'One required field is still empty. It is marked in red.'
      : count + ' required fields are still empty. They are marked in red.';
  }

  function missingRequired() {
    return fillable().filter((f) => isRequired(f) && !isFilled(f)).map((f) => f.id);
  }

  function markInvalid(ids) {
    state.missingShown = true;
    const boxes = ids.map((id) => state.boxes.get(String(id))).filter(Boolean);
    boxes.forEach((box) => {
      box.wrap.classList.add('is-invalid');
      if (box.control.tagName !== 'DIV') {
        box.control.setAttribute('aria-invalid', 'true');
      }
    });
    if (boxes.length) {
      goTo(boxes[0]);
      // "Next field" starts again from the first empty one, which has focus now, rather than skip it.
      state.lastField = null;
    }
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

  /** Replaces the document and the actions with a final message; nothing more to do here. */
  function showOutcome(id, heading, text, success) {
    document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close());
    say('');
    $('#action-bar').hidden = true;
    const section = el('section', { id: id, class: 'card outcome' + (success ? ' is-success' : ''), tabindex: -1 }, [
      el('span', { class: 'outcome-icon', 'aria-hidden': 'true' }, [success ? '\u2713' : '!']),
      el('h2', { class: 'card-title' }, [heading]),
      el('p', {}, [text])
    ]);
    const documentArea = $('#document');
    documentArea.removeAttribute('aria-busy');
    documentArea.textContent = '';
    documentArea.append(section);
    $('#scroller').scrollTop = 0;
    section.focus();
  }

  function showClosed(result) {
    const headings = {
      not_your_turn: 'It is not your turn yet',
      already_completed: 'Nothing more to do',
      document_closed: 'This document is closed'
    };
    showOutcome('notice', headings[result.code] || 'This document is not available', result.message, false);
  }

  function showWaiting(session) {
    const status = (session.signer || {}).status;
    if (status === 'signed') {
      showOutcome('notice', role === 'approver' ? 'You have approved this document' : 'You have already signed',
        'There is nothing more for you to do. Everyone receives the completed document by email once all have signed.', true);
    } else if (status === 'declined') {
      showOutcome('notice', 'You declined this document', 'The sender has been told. There is nothing more to do.', false);
    } else {
      showOutcome('notice', 'This document is not ready for you',
        'It is not your turn yet, or the document has been closed. If it is waiting for you, you will get an email when it is your turn.', false);
    }
  }

  function handleFailure(result) {
    if (CLOSED_CODES.indexOf(result.code) >= 0) {
      showClosed(result);
    } else if (result.code === 'missing_required_fields') {
      const ids = (result.data && result.data.field_ids) || [];
      say(result.message || 'Some required fields are still empty.');
      markInvalid(ids);
    } else if (result.code === 'consent_required') {
      say(result.message || 'Tick the consent box first.');
      $('#consent').focus();
    } else {
      say(result.message);
    }
  }

  // ---- Signing page: actions -----------------------------------------------------------

  function submission() {
    const values = {};
    fillable().forEach((field) => {
      const type = field.field_type;
      if (type === 'signature') {
        return;
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
      say('Tick the box to agree to use electronic records and signatures first.');
      $('#consent').focus();
      return;
    }
    const missing = missingRequired();
    if (missing.length) {
      say(missingMessage(missing.length));
      markInvalid(missing);
      return;
    }
    say('');
    setBusy(button, true, 'Finishing\u2026');
    const result = await api('POST', '/submit', submission());
    setBusy(button, false);
    if (result.ok) {
      const completed = result.body.document_status === 'completed';
      showOutcome('done', 'You have signed', completed
        ? 'Everyone has now signed \u201c' + state.session.title + '\u201d. The completed document is on its way to you by email. You can close this page.'
        : 'Your signature on \u201c' + state.session.title + '\u201d has been recorded. When everyone has signed, you will receive the completed document by email. You can close this page.', true);
    } else {
      handleFailure(result);
    }
  }

  async function approve() {
    const button = $('#approve');
    if (!$('#consent').checked) {
      say('Tick the box to agree to use electronic records and signatures first.');
      return;
    }
    setBusy(button, true, 'Approving\u2026');
    const result = await api('POST', '/submit', { consent: true });
    setBusy(button, false);
    if (result.ok) {
      showOutcome('done', 'You have approved', 'Your approval of \u201c' + state.session.title
        + '\u201d has been recorded. You will receive the completed document by email once everyone has signed. You can close this page.', true);
    } else {
      handleFailure(result);
    }
  }

  function initDecline() {
    const dialog = $('#decline-dialog');
    const reason = $('#decline-reason');
    const count = $('#decline-count');
    const error = $('#decline-error');
    const confirm = $('#confirm-decline');
    const opener = $('#decline') || $('#reject');
    opener.addEventListener('click', () => {
      error.textContent = '';
      dialog.showModal();
      reason.focus();
    });
    reason.addEventListener('input', () => {
      count.textContent = reason.value.length + ' of 1000 characters';
      reason.removeAttribute('aria-invalid');
    });
    $('#cancel-decline').addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      if (document.activeElement === document.body || dialog.contains(document.activeElement)) {
        opener.focus();
      }
    });
    confirm.addEventListener('click', async () => {
      const text = reason.value.trim();
      if (!text) {
        error.textContent = 'Please give a reason.';
        reason.setAttribute('aria-invalid', 'true');
        reason.focus();
        return;
      }
      setBusy(confirm, true, 'Sending\u2026');
      const result = await api('POST', '/decline', { reason: text.slice(0, 1000) });
      setBusy(confirm, false);
      if (result.ok) {
        const rejected = role === 'approver';
        showOutcome('done', rejected ? 'You rejected this document' : 'You declined to sign',
          'The sender has been told, with your reason, and the document is now closed. You can close this page.', false);
      } else if (CLOSED_CODES.indexOf(result.code) >= 0) {
        showClosed(result);
      } else {
        error.textContent = result.message;
      }
    });
  }

  function initActions() {
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
    if ($('#signature-dialog')) {
      initCapture();
    }
    $('#actions').hidden = false;
    updateProgress();
  }

  async function initSigning() {
    const result = await api('GET', '/session');
    if (!result.ok) {
      showOutcome('notice', CLOSED_CODES.indexOf(result.code) >= 0 ? 'This document is not available' : 'The document could not be opened',
        result.message, false);
      return;
    }
    const session = result.body;
    state.session = session;
    // Reading order (page, then top to bottom, then left to right) is also the focus order.
    state.fields = (session.fields || []).map((f) => Object.assign({}, f, { id: String(f.id) }))
      .sort((a, b) => number(a.page_number, 0) - number(b.page_number, 0) || byTopLeft(a, b));
    if (session.requires) {
      showOutcome('notice', 'Please reload the page', 'This document is protected. Reload the page to '
        + (session.requires === 'pin' ? 'enter your PIN.' : 'sign in.'), false);
      return;
    }
    if (!session.can_act && role !== 'viewer') {
      showWaiting(session);
      return;
    }
    renderPages(session);
    if (document.activeElement === document.body) {
      // Lets arrow keys, Page Down and Space scroll the document straight away.
      $('#scroller').focus({ preventScroll: true });
    }
    if (role === 'viewer') {
      $('#view-only').hidden = false;
    } else {
      initActions();
    }
  }

  const page = document.body.getAttribute('data-page');
  const start = () => {
    if (page === 'pin') {
      initPin();
    } else if (page === 'login') {
      initLogin();
    } else if (page === 'sign') {
      initSigning();
    }
  };

  // ---- Capture dialog: draw, type, upload ----------------------------------------------

  const capture = { kind: 'signature', tab: 'draw', strokes: [], current: null, rect: null,
    upload: null, opener: null, ctx: null };

  function uploadError(file) {
    if (!file) {
      return 'Choose an image file.';
    }
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      return 'That file is not a PNG or JPEG image.';
    }
    return file.size > MAX_IMAGE_BYTES ? 'That image is larger than 1 MB. Choose a smaller one.' : null;
  }

  /** Reads a PNG or JPEG file as a data URL after checking its type, size and dimensions. */
  function readImage(file) {
    return new Promise((resolve, reject) => {
      const problem = uploadError(file);
      if (problem) {
        reject(new Error(problem));
        return;
      }
      const reader = new FileReader();
      reader.onerror = () => reject(new Error('That file could not be read.'));
      reader.onload = () => {
        const image = new Image();
        image.onerror = () => reject(new Error('That file is not an image that can be shown.'));
        image.onload = () => (image.naturalWidth > MAX_IMAGE_SIDE || image.naturalHeight > MAX_IMAGE_SIDE
          ? reject(new Error('That image is larger than 2000 by 2000 pixels. Choose a smaller one.'))
          : resolve(reader.result));
        image.src = reader.result;
      };
      reader.readAsDataURL(file);
    });
  }

  /** A file input kept beside each stamp box, so the box's button can open it. */
  function stampInput(field) {
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
      state.boxes.get(field.id).control.focus();
    });
    return picker;
  }

  // Drawing: strokes are kept in CSS pixels and redrawn whole, so resizing never loses them.
  function setupCanvas() {
    const canvas = $('#signature-canvas');
    const rect = canvas.getBoundingClientRect();
    if (!rect.width) {
      return;
    }
    canvas.width = Math.round(rect.width * 2);
    canvas.height = Math.round(rect.height * 2);
    capture.ctx = canvas.getContext('2d');
    redraw();
  }

  function ink(ctx, scale, dx, dy) {
    ctx.setTransform(scale, 0, 0, scale, dx, dy);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2.6;
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
  }

  function drawStroke(ctx, points) {
    const first = points[0];
    ctx.beginPath();
    if (points.length === 1) {
      ctx.arc(first.x, first.y, ctx.lineWidth / 2, 0, 2 * Math.PI);
      ctx.fill();
      return;
    }
    ctx.moveTo(first.x, first.y);
    // Curves through the midpoints give a smooth line from jittery pointer samples.
    for (let i = 1; i < points.length - 1; i++) {
      ctx.quadraticCurveTo(points[i].x, points[i].y,
        (points[i].x + points[i + 1].x) / 2, (points[i].y + points[i + 1].y) / 2);
    }
    const last = points[points.length - 1];
    ctx.lineTo(last.x, last.y);
    ctx.stroke();
  }

  function redraw() {
    const ctx = capture.ctx;
    if (!ctx) {
      return;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    ink(ctx, 2, 0, 0);
    capture.strokes.forEach((stroke) => drawStroke(ctx, stroke));
  }

  function pointOf(event) {
    return { x: event.clientX - capture.rect.left, y: event.clientY - capture.rect.top };
  }

  function initDrawing() {
    const canvas = $('#signature-canvas');
    canvas.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'mouse' && event.button !== 0) {
        return;
      }
      event.preventDefault();
      canvas.setPointerCapture(event.pointerId);
      capture.rect = canvas.getBoundingClientRect();
      capture.current = [pointOf(event)];
      capture.strokes.push(capture.current);
      redraw();
      updateApply();
    });
    canvas.addEventListener('pointermove', (event) => {
      if (!capture.current) {
        return;
      }
      const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      (samples.length ? samples : [event]).forEach((e) => capture.current.push(pointOf(e)));
      redraw();
    });
    const end = () => {
      capture.current = null;
    };
    ['pointerup', 'pointercancel', 'lostpointercapture'].forEach((name) => canvas.addEventListener(name, end));
    $('#clear-signature').addEventListener('click', () => {
      capture.strokes = [];
      redraw();
      updateApply();
    });
  }

  /** The drawing cropped to its ink, at twice the CSS resolution for a sharp print. */
  function exportDrawing() {
    const points = [].concat.apply([], capture.strokes);
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const pad = 6;
    const left = Math.min.apply(null, xs) - pad;
    const top = Math.min.apply(null, ys) - pad;
    const out = document.createElement('canvas');
    out.width = Math.ceil((Math.max.apply(null, xs) + pad - left) * 2);
    out.height = Math.ceil((Math.max.apply(null, ys) + pad - top) * 2);
    const ctx = out.getContext('2d');
    ink(ctx, 2, -left * 2, -top * 2);
    capture.strokes.forEach((stroke) => drawStroke(ctx, stroke));
    return out.toDataURL('image/png');
  }

  /** Typed text in the handwriting font, for the preview (and for initials, the value sent). */
  async function renderTyped(text) {
    const size = 64;
    const font = size + 'px ' + HAND_FONT + ', cursive';
    try {
      await document.fonts.load(font, text);
    } catch (e) {
      // The fallback cursive font is good enough for a preview.
    }
    const measure = document.createElement('canvas').getContext('2d');
    measure.font = font;
    const width = Math.ceil(measure.measureText(text).width) + 24;
    const out = document.createElement('canvas');
    out.width = Math.min(width * 2, MAX_IMAGE_SIDE);
    out.height = Math.round(size * 1.5) * 2;
    const ctx = out.getContext('2d');
    ctx.scale(out.width / width, 2);
    ctx.font = font;
    ctx.fillStyle = INK;
    ctx.textBaseline = 'middle';
    ctx.fillText(text, 12, size * 0.75);
    return out.toDataURL('image/png');
  }

  function typedText() {
    return $('#type-input').value.trim();
  }

  function updateApply() {
    const ready = capture.tab === 'draw' ? capture.strokes.length > 0
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

  function openCapture(kind, opener) {
    const dialog = $('#signature-dialog');
    const name = (state.session.signer || {}).name || '';
    const previous = state.captures[kind];
    capture.kind = kind;
    capture.opener = opener;
    capture.strokes = [];
    capture.upload = null;
    dialog.classList.toggle('is-initials', kind === 'initials');
    $('#signature-dialog-title').textContent = kind === 'initials' ? 'Add your initials' : 'Add your signature';
    $('#type-label').textContent = kind === 'initials' ? 'Type your initials' : 'Type your full name';
    $('#type-input').value = previous && previous.method === 'type' ? previous.text
      : (kind === 'initials' ? initials(name) : name);
    $('#type-preview').textContent = $('#type-input').value;
    $('#upload-input').value = '';
    $('#upload-preview').hidden = true;
    dialog.showModal();
    // Opens on Draw, or on the way this mark was made last time when it is being changed.
    selectTab(previous ? previous.method : 'draw', true);
  }

  async function applyCapture() {
    const button = $('#apply-signature');
    let result;
    if (capture.tab === 'draw' && capture.strokes.length) {
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
    state.fields.filter((f) => f.field_type === capture.kind).forEach((f) => {
      paintCapture(f);
      fieldChanged(f);
    });
    $('#signature-dialog').close();
  }

  function initCapture() {
    const dialog = $('#signature-dialog');
    initTabs();
    initDrawing();
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

  start();
}());
