/*
 * The PIN, login and emailed-code gates: checks what was typed, sends it, and reloads into the signing
 * page when it is right (or, having asked for a code, into the gate that takes it). Without the script
 * the same forms post to the server, which answers with the gate again or opens the link.
 */
import { $, main, api, say, setBusy } from './page.js';
import { t, tn, errorText } from './text.js';

function initGate(form, input, button, path, send, onError) {
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
    const result = await api('POST', path, body);
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

export function initPin() {
  const input = $('#pin-input');
  const button = $('#pin-submit');
  initGate($('#pin-form'), input, button, '/pin', () => {
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

export function initLogin() {
  const email = $('#login-email');
  const password = $('#login-password');
  initGate($('#login-form'), password, $('#login-submit'), '/login', () => {
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

function codeLocked(input, buttons) {
  say(t('code.locked'));
  [input].concat(buttons).forEach((control) => {
    if (control) {
      control.disabled = true;
    }
  });
}

/** Asking for a code: sent, the page reloads into the gate that takes it; refused, it says why. */
function initCodeSend(input) {
  const form = $('#code-send-form');
  const button = $('#code-send');
  if (!form || main.getAttribute('data-locked') === 'true') {
    return;
  }
  if (!input) {
    button.focus();
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    setBusy(button, true, t('code.sending'));
    const result = await api('POST', '/email-code/send', {});
    if (result.ok) {
      window.location.reload();
      return;
    }
    setBusy(button, false);
    if (result.code === 'pin_locked') {
      codeLocked(input, [button, $('#code-submit')]);
    } else {
      say(errorText(result));
    }
  });
}

export function initEmailCode() {
  const input = $('#code-input');
  const button = $('#code-submit');
  initCodeSend(input);
  initGate($('#code-form'), input, button, '/email-code', () => {
    const code = input.value.replace(/\s/g, '');
    if (!/^[0-9]{6}$/.test(code)) {
      gateFail(input, t('code.format'));
      return null;
    }
    return { code: code };
  }, (result) => {
    if (result.code === 'pin_locked') {
      codeLocked(input, [button, $('#code-send')]);
    } else if (result.code === 'invalid_code') {
      const left = Number(result.data.attempts_left);
      gateFail(input, left > 0 ? tn('code.triesLeft', left) : t('code.wrong'));
    } else {
      gateFail(input, errorText(result));
    }
  });
}
