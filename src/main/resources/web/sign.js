/*
 * Signet signing page script: fills the page shell from GET /sign/{token}/session, lets the
 * signer fill their fields on the pages or one at a time in the guided form, capture a
 * signature, and talks to the JSON endpoints under the same token. Also drives the PIN and
 * login forms. Plain ES2017, no build step, no network access beyond this site. Every word it
 * shows comes from the page's text block (#page-text), in the signer's language.
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
  const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
  const PHONE = '(max-width: 640px)';

  // ---- Text ----------------------------------------------------------------------------

  const TEXT = (() => {
    const block = document.getElementById('page-text');
    try {
      return block ? JSON.parse(block.textContent) : {};
    } catch (e) {
      return {};
    }
  })();
  const LANG = TEXT.lang || document.documentElement.lang || 'en';
  const plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(LANG) : null;

  function has(key) {
    return Object.prototype.hasOwnProperty.call(TEXT, key);
  }

  /** The text for {@code key} with its {name} placeholders filled from {@code vars}. */
  function t(key, vars) {
    const template = has(key) ? String(TEXT[key]) : key;
    return template.replace(/\{(\w+)\}/g, (whole, name) => (vars && name in vars ? String(vars[name]) : whole));
  }

  /** The singular or plural form of {@code key} (key.one or key.other) for {@code count}. */
  function tn(key, count, vars) {
    const form = plurals && plurals.select(count) === 'one' ? 'one' : (plurals ? 'other' : (count === 1 ? 'one' : 'other'));
    return t(key + '.' + form, Object.assign({ count: count }, vars || {}));
  }

  /** The text for {@code key} when the catalogue has one (a key made from a server's code), else for {@code fallback}. */
  function tOr(key, fallback, vars) {
    return t(has(key) ? key : fallback, vars);
  }

  /**
   * What to tell the signer about a refused request, in their language rather than the server's: why
   * the text rule refused something they typed (data.details), else what the code means.
   */
  function errorText(result) {
    const details = (result.data && result.data.details) || {};
    const why = Object.keys(details).map((param) => 'error.' + (details[param] || {}).code).find(has);
    return why ? t(why) : tOr('error.' + result.code, result.status === 429 ? 'error.rate_limited' : 'error.generic',
      { status: result.status });
  }

  /** Dates as the signer writes them. */
  function localDate(date) {
    try {
      return new Intl.DateTimeFormat(LANG, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
    } catch (e) {
      return date.toISOString().slice(0, 10);
    }
  }

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
      return { ok: false, status: 0, code: 'network', data: {} };
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
    return { ok: false, status: response.status, code: error.code || 'http_' + response.status, data: error.data || {} };
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
      setBusy(button, true, t('gate.checking'));
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
        gateFail(input, t('pin.format'));
        return null;
      }
      return { pin: pin };
    }, (result) => {
      if (result.code === 'pin_locked' || result.status === 429) {
        say(t('pin.locked'));
        input.disabled = true;
        button.disabled = true;
      } else if (result.code === 'invalid_pin') {
        const left = Number(result.data.attempts_left);
        gateFail(input, left > 0 ? tn('pin.triesLeft', left) : t('pin.wrong'));
      } else {
        gateFail(input, errorText(result));
      }
    });
  }

  function initLogin() {
    const email = $('#login-email');
    const password = $('#login-password');
    initGate($('#login-form'), password, $('#login-submit'), () => {
      if (!password.value) {
        gateFail(password, t('login.passwordMissing'));
        return null;
      }
      return { email: email.value, password: password.value };
    }, (result) => {
      password.value = '';
      gateFail(password, result.code === 'invalid_login' ? t('login.wrong') : errorText(result));
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
    zoom: 1,
    guided: false,
    step: 0,
    captures: { signature: null, initials: null } // {method, image, text, preview}
  };

  /**
   * Tells whoever listens on this document (embed.js, when a listed site frames the page) that
   * something happened: {type: 'signet:' + what, document_id, signer_id}, and more in {@code extra}.
   */
  function tell(what, extra) {
    const session = state.session || {};
    const detail = Object.assign({ type: 'signet:' + what, document_id: session.document_id || null,
      signer_id: (session.signer || {}).id || null }, extra || {});
    document.dispatchEvent(new CustomEvent('signet:event', { detail: detail }));
  }

  /** Tells that the signer's action went through: signed (or approved), and completed when it was the last. */
  function tellActed(result) {
    tell('signed');
    if (result.body.document_status === 'completed') {
      tell('completed');
    }
  }

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

  function typeLabel(type) {
    return tOr('field.' + type, 'field.generic');
  }

  function fieldLabel(field) {
    return (field.field_name || '').trim() || typeLabel(field.field_type);
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

  /** Reading order (page, then top to bottom, then left to right), which is also the focus order. */
  function inReadingOrder(list) {
    return (list || []).map((f) => Object.assign({}, f, { id: String(f.id) }))
      .sort((a, b) => number(a.page_number, 0) - number(b.page_number, 0) || byTopLeft(a, b));
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
      return signer.name || t('auto.name');
    }
    return field.field_type === 'email' ? (signer.email || t('auto.email')) : localDate(new Date());
  }

  /**
   * A text, text area, checkbox or dropdown control for {@code field}. The page and the guided
   * form each have one; both write the same value, and {@link setValue} keeps the other in step.
   */
  function valueControl(field, className) {
    const type = field.field_type;
    const value = state.values[field.id] !== undefined ? state.values[field.id] : (field.value || '');
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
    } else {
      control = el('input', { type: 'text', class: className, maxlength: 1000,
        placeholder: field.placeholder || null, autocomplete: 'off' });
      control.value = value;
    }
    state.values[field.id] = readControl(field, control);
    control.addEventListener(type === 'checkbox' || type === 'dropdown' ? 'change' : 'input',
      () => setValue(field, readControl(field, control), control));
    if (isRequired(field)) {
      control.setAttribute('aria-required', 'true');
    }
    return control;
  }

  function readControl(field, control) {
    return field.field_type === 'checkbox' ? (control.checked ? '1' : '0') : control.value;
  }

  function writeControl(field, control, value) {
    if (field.field_type === 'checkbox') {
      control.checked = value === '1';
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

  function inputControl(field) {
    const control = valueControl(field, 'field-control');
    control.setAttribute('aria-label', fieldLabel(field));
    if (!control.getAttribute('placeholder') && control.tagName !== 'SELECT' && field.field_type !== 'checkbox') {
      control.setAttribute('placeholder', fieldLabel(field));
    }
    return control;
  }

  function buttonControl(field) {
    const type = field.field_type;
    const control = el('button', { type: 'button', class: 'field-control field-capture' });
    control.addEventListener('click', (event) => captureFor(field, control, event));
    return control;
  }

  /** Opens the way to add a signature, initials or stamp for {@code field}. */
  function captureFor(field, opener, event) {
    if (field.field_type === 'stamp') {
      state.boxes.get(field.id).wrap.querySelector('[data-stamp-input]').click();
    } else {
      // A keyboard press (a click with no pointer detail) opens on typing rather than drawing.
      openCapture(field.field_type, opener, event && event.detail === 0);
    }
  }

  function captureImage(field) {
    const type = field.field_type;
    return type === 'stamp' ? state.values[field.id] : (state.captures[type] || {}).preview;
  }

  /**
   * Shows the empty prompt or the captured image inside a signature, initials or stamp button.
   * The accessible name starts with the visible prompt, so speech users can say what they see.
   */
  function paintButton(field, button) {
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

  function paintCapture(field) {
    const box = state.boxes.get(field.id);
    paintButton(field, box.control);
    box.wrap.classList.toggle('is-filled', Boolean(captureImage(field)));
    if (guided.field === field && guided.control) {
      paintButton(field, guided.control);
    }
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

  function renderPages(session) {
    const documentArea = $('#document');
    const sizes = Array.isArray(session.pages) ? session.pages : [];
    const total = Math.max(number(session.total_pages, 0), sizes.length) || 1;
    const pending = inReadingOrder(session.review_fields);
    documentArea.textContent = '';
    for (let n = 1; n <= total; n++) {
      const given = sizes[n - 1] || sizes[0] || {};
      const size = { width: number(given.width, 612) || 612, height: number(given.height, 792) || 792 };
      const label = t('page.label', { page: n, total: total });
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

  // ---- Signing page: who takes part ----------------------------------------------------

  function partyStatus(party) {
    if (party.status === 'signed') {
      return t(party.role === 'approver' ? 'status.approved' : 'status.signed');
    }
    return party.status === 'declined' ? t(party.role === 'approver' ? 'status.rejected' : 'status.declined')
      : t(party.role === 'viewer' ? 'status.viewer' : 'status.waiting');
  }

  /** The parties in signing order, so everyone sees who signs before and after them. */
  function renderParties(session) {
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

  // ---- Signing page: tools (page indicator, zoom, guided mode, download) ---------------

  function renderTools(session) {
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
  function watchPages() {
    const scroller = $('#scroller');
    const indicator = $('#page-indicator');
    const pages = Array.from(document.querySelectorAll('#document .page'));
    let queued = false;
    const update = () => {
      queued = false;
      const view = scroller.getBoundingClientRect();
      const middle = view.top + view.height / 2;
      const current = pages.find((p) => p.getBoundingClientRect().bottom >= middle) || pages[pages.length - 1];
      if (current) {
        const text = t('page.label', { page: current.getAttribute('data-page-number'), total: pages.length });
        if (indicator.textContent !== text) {
          indicator.textContent = text;
        }
      }
    };
    scroller.addEventListener('scroll', () => {
      if (!queued) {
        queued = true;
        window.requestAnimationFrame(update);
      }
    }, { passive: true });
  }

  // ---- Signing page: the guided form ----------------------------------------------------

  /** The guided form's parts, kept so a value typed on the page shows there and back. */
  const guided = { field: null, control: null };

  function buildGuided() {
    const progress = el('progress', { id: 'guided-progress', class: 'guided-progress', max: 1, value: 0,
      'aria-labelledby': 'guided-count' });
    const panel = el('section', { id: 'guided', class: 'guided', hidden: true, 'aria-labelledby': 'guided-count' }, [
      el('div', { class: 'guided-head' }, [
        el('h2', { id: 'guided-count', class: 'guided-count', tabindex: -1 }, ['']),
        progress,
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
  }

  /** The guided form's control for {@code field}, labelled with its name. */
  function guidedControl(field) {
    const type = field.field_type;
    const id = 'guided-input';
    const hint = el('p', { id: 'guided-hint', class: 'hint' },
      [t(isRequired(field) ? 'guided.required' : 'guided.optional')]);
    let control;
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
    return { control: control, parts: [label, control, hint] };
  }

  /** Shows step {@code index}: a field, or after the last one the review with consent and Finish. */
  function showStep(index, focus) {
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
  function setGuided(on, focus) {
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
      if (box.control.tagName === 'DIV') {
        return; // filled in by Signet or the sender: never in the tab order
      }
      if (on) {
        box.control.tabIndex = -1;
      } else {
        box.control.removeAttribute('tabindex');
      }
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

  // ---- Signing page: progress, validation, outcome -------------------------------------

  function fieldChanged(field) {
    const box = state.boxes.get(field.id);
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

  function updateProgress() {
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

  /** The link to the document a party can keep: the signed PDF once sealed, their copy before. */
  function downloadLink(session) {
    if (!session || !session.download_url) {
      return null;
    }
    return el('p', { class: 'outcome-download' }, [
      el('a', { id: 'download-done', class: 'btn btn-primary', href: session.download_url, download: '' },
        [t(session.sealed ? 'download.signed' : 'download.copy')])
    ]);
  }

  /** Replaces the document and the actions with a final message; nothing more to do here. */
  function showOutcome(id, heading, text, success, session) {
    document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close());
    say('');
    $('#action-bar').hidden = true;
    document.body.classList.remove('is-guided');
    const tools = $('#tools');
    if (tools) {
      tools.remove();
    }
    const parts = [
      el('span', { class: 'outcome-icon', 'aria-hidden': 'true' }, [success ? '\u2713' : '!']),
      el('h2', { class: 'card-title' }, [heading]),
      el('p', {}, [text])
    ];
    const download = downloadLink(session);
    if (download) {
      parts.push(download);
    }
    const section = el('section', { id: id, class: 'card outcome' + (success ? ' is-success' : ''), tabindex: -1 }, parts);
    const documentArea = $('#document');
    documentArea.removeAttribute('aria-busy');
    main.style.removeProperty('--zoom');
    documentArea.textContent = '';
    documentArea.append(section);
    $('#scroller').scrollTop = 0;
    section.focus();
  }

  /** Shows the outcome once the session is read again, so the download offered is the current one. */
  async function showDone(heading, text) {
    const fresh = await api('GET', '/session');
    showOutcome('done', heading, text, true, fresh.ok ? fresh.body : null);
  }

  function showClosed(result) {
    showOutcome('notice', tOr('closed.' + result.code, 'closed.unavailable'), errorText(result), false);
  }

  function showWaiting(session) {
    const status = (session.signer || {}).status;
    if (status === 'signed') {
      showOutcome('notice', t(role === 'approver' ? 'waiting.approved' : 'waiting.signed'),
        t('waiting.signedText'), true, session);
    } else if (status === 'declined') {
      showOutcome('notice', t(role === 'approver' ? 'waiting.rejected' : 'waiting.declined'),
        t('waiting.declinedText'), false);
    } else {
      showOutcome('notice', t('waiting.other'), t('waiting.otherText'), false);
    }
  }

  function handleFailure(result) {
    if (CLOSED_CODES.indexOf(result.code) >= 0) {
      showClosed(result);
    } else if (result.code === 'missing_required_fields') {
      const ids = (result.data && result.data.field_ids) || [];
      say(ids.length ? tn('missing', ids.length) : t('missing.some'));
      markInvalid(ids);
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
      say(t('consent.first'));
      $('#consent').focus();
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

  /** Opens the decline (or reject) dialog; focus returns to {@code from} when it closes. */
  let openDecline = () => {};

  function initDecline() {
    const dialog = $('#decline-dialog');
    const reason = $('#decline-reason');
    const count = $('#decline-count');
    const error = $('#decline-error');
    const confirm = $('#confirm-decline');
    const opener = $('#decline') || $('#reject');
    // Where focus goes back to: the button that opened the dialog, the action bar's or the guided form's.
    let returnTo = opener;
    openDecline = (from) => {
      returnTo = from;
      error.textContent = '';
      dialog.showModal();
      reason.focus();
    };
    opener.addEventListener('click', () => openDecline(opener));
    reason.addEventListener('input', () => {
      count.textContent = t('decline.count', { count: reason.value.length });
      reason.removeAttribute('aria-invalid');
    });
    $('#cancel-decline').addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      if (document.activeElement === document.body || dialog.contains(document.activeElement)) {
        returnTo.focus();
      }
    });
    confirm.addEventListener('click', async () => {
      const text = reason.value.trim();
      if (!text) {
        error.textContent = t('decline.reasonMissing');
        reason.setAttribute('aria-invalid', 'true');
        reason.focus();
        return;
      }
      setBusy(confirm, true, t('decline.busy'));
      const result = await api('POST', '/decline', { reason: text.slice(0, 1000) });
      setBusy(confirm, false);
      if (result.ok) {
        tell('declined');
        showOutcome('done', t(role === 'approver' ? 'rejected.heading' : 'declined.heading'), t('declined.text'), false);
        return;
      }
      tell('error', { code: result.code });
      if (CLOSED_CODES.indexOf(result.code) >= 0) {
        showClosed(result);
      } else {
        error.textContent = errorText(result);
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
    if ($('#guided-toggle')) {
      buildGuided();
      // A phone gets one field at a time; a desktop can switch to it.
      setGuided(window.matchMedia(PHONE).matches, false);
    }
  }

  async function initSigning() {
    const result = await api('GET', '/session');
    if (!result.ok) {
      tell('error', { code: result.code });
      showOutcome('notice', t(CLOSED_CODES.indexOf(result.code) >= 0 ? 'closed.unavailable' : 'closed.openFailed'),
        errorText(result), false);
      return;
    }
    const session = result.body;
    state.session = session;
    state.fields = inReadingOrder(session.fields);
    tell('ready');
    if (session.requires) {
      showOutcome('notice', t('reload.heading'), t(session.requires === 'pin' ? 'reload.pin' : 'reload.login'), false);
      return;
    }
    if (!session.can_act && role !== 'viewer') {
      showWaiting(session);
      return;
    }
    const documentArea = $('#document');
    main.before(renderTools(session));
    const parties = renderParties(session);
    if (parties) {
      documentArea.before(parties);
    }
    renderPages(session);
    watchPages();
    tell('viewed');
    if (document.activeElement === document.body) {
      // Lets arrow keys, Page Down and Space scroll the document straight away. The ring around
      // the whole document stays off until a key is pressed, as nobody moved focus there.
      const scroller = $('#scroller');
      scroller.classList.add('is-quiet');
      const wake = () => scroller.classList.remove('is-quiet');
      scroller.addEventListener('keydown', wake, { once: true });
      scroller.addEventListener('blur', wake, { once: true });
      scroller.focus({ preventScroll: true });
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
      return t('upload.none');
    }
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      return t('upload.type');
    }
    return file.size > MAX_IMAGE_BYTES ? t('upload.size') : null;
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
      reader.onerror = () => reject(new Error(t('upload.unreadable')));
      reader.onload = () => {
        const image = new Image();
        image.onerror = () => reject(new Error(t('upload.notImage')));
        image.onload = () => (image.naturalWidth > MAX_IMAGE_SIDE || image.naturalHeight > MAX_IMAGE_SIDE
          ? reject(new Error(t('upload.dimensions')))
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
      (guided.field === field ? guided.control : state.boxes.get(field.id).control).focus();
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

  /**
   * Opens the capture dialog for a signature or initials. {@code preferTyping} (a keyboard user)
   * opens it on Type, since drawing needs a pointer.
   */
  function openCapture(kind, opener, preferTyping) {
    const dialog = $('#signature-dialog');
    const name = (state.session.signer || {}).name || '';
    const previous = state.captures[kind];
    capture.kind = kind;
    capture.opener = opener;
    capture.strokes = [];
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

  /** Drawing needs a pointer: the drawing panel offers a keyboard user the other two ways. */
  function offerKeyboardWays() {
    const typeInstead = el('button', { type: 'button', id: 'draw-type-instead', class: 'btn-link' }, [t('capture.typeInstead')]);
    const uploadInstead = el('button', { type: 'button', id: 'draw-upload-instead', class: 'btn-link' }, [t('capture.uploadInstead')]);
    typeInstead.addEventListener('click', () => selectTab('type', false) || $('#type-input').focus());
    uploadInstead.addEventListener('click', () => selectTab('upload', false) || $('#upload-input').focus());
    $('#panel-draw .panel-tools').prepend(el('p', { class: 'keyboard-ways' },
      [t('capture.noPointer'), ' ', typeInstead, ' ', uploadInstead]));
  }

  function initCapture() {
    const dialog = $('#signature-dialog');
    initTabs();
    offerKeyboardWays();
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
