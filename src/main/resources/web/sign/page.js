/*
 * What every part of the page script shares: the page shell's #main with its token and role, making
 * elements, the message region, busy buttons, and calls to the JSON endpoints under the token.
 */

export const $ = (selector, root) => (root || document).querySelector(selector);
export const main = $('#main');
/** The signing link's token; sign.js starts nothing on a page without one. */
export const token = main ? main.getAttribute('data-token') : null;
/** The signing link's own path, under which the page images and the JSON endpoints are. */
export const base = '/sign/' + encodeURIComponent(token);
export const role = (main && main.getAttribute('data-role')) || 'signer';

/** Creates an element with attributes and children (strings become text, never markup). */
export function el(tag, attrs, children) {
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

export function say(text) {
  const region = $('#message');
  if (region) {
    region.textContent = text || '';
  }
}

export function setBusy(button, busy, busyText) {
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


/**
 * Calls an endpoint under this token and reads its JSON answer; never throws. A FormData body goes as
 * the form it is (the browser writes its multipart framing), any other body as JSON.
 */
export async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  const form = body instanceof FormData;
  if (body !== undefined && !form) {
    headers['Content-Type'] = 'application/json';
  }
  let response;
  try {
    response = await fetch(base + path, {
      method: method, headers: headers, credentials: 'same-origin', cache: 'no-store',
      body: body === undefined || form ? body : JSON.stringify(body)
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
