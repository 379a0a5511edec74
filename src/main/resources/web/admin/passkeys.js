// Passkeys on the administrator pages (WebAuthn). The server hands out every challenge and checks every answer;
// this module only carries them between it and the browser's navigator.credentials, binary values as base64url.
// A button with data-passkey-sign-in signs in with a passkey; a form with data-passkey-add adds one. Both stay
// disabled, and say that they need script, until this module has run in a browser that has passkeys.
"use strict";

/** The bytes of base64url text. */
function decode(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64 + "===".slice((base64.length + 3) % 4)), (c) => c.charCodeAt(0));
}

/** Base64url text of bytes (an ArrayBuffer or a view of one). */
function encode(bytes) {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text = "";
  view.forEach((b) => { text += String.fromCharCode(b); });
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Posts `body` as JSON with the CSRF token; resolves to the answer, or rejects with its error code. */
async function post(url, csrf, body) {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify(body || {}),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(answer.code || String(response.status));
  }
  return answer;
}

/**
 * Proves a passkey to the server at `url`: asks `url + "/options"` for a challenge, lets the browser's passkey
 * answer it with the user verified, and posts the answer to `url`. Resolves to the server's answer. Any page can
 * use it: a sign-in with a passkey alone, or a passkey as the second factor after a password.
 */
export async function assertPasskey(url, csrf) {
  const options = await post(url + "/options", csrf);
  const credential = await navigator.credentials.get({
    publicKey: {
      challenge: decode(options.challenge),
      rpId: options.rpId,
      timeout: options.timeout,
      userVerification: "required",
      allowCredentials: [],
    },
  });
  const r = credential.response;
  return post(url, csrf, {
    credentialId: encode(credential.rawId),
    clientDataJSON: encode(r.clientDataJSON),
    authenticatorData: encode(r.authenticatorData),
    signature: encode(r.signature),
    userHandle: r.userHandle ? encode(r.userHandle) : null,
  });
}

/** Makes a passkey named `name` for the signed-in user and posts it to `url`; resolves to the server's answer. */
export async function addPasskey(url, csrf, name) {
  const options = await post(url + "/options", csrf);
  const credential = await navigator.credentials.create({
    publicKey: {
      challenge: decode(options.challenge),
      rp: options.rp,
      user: { id: decode(options.user.id), name: options.user.name, displayName: options.user.displayName },
      pubKeyCredParams: options.pubKeyCredParams,
      excludeCredentials: options.excludeCredentials.map((c) => ({ type: c.type, id: decode(c.id) })),
      authenticatorSelection: options.authenticatorSelection,
      attestation: options.attestation,
      timeout: options.timeout,
    },
  });
  return post(url, csrf, {
    name: name,
    clientDataJSON: encode(credential.response.clientDataJSON),
    attestationObject: encode(credential.response.attestationObject),
  });
}

/** The status line a control reports on, named by its aria-describedby. */
function statusOf(control) {
  const ids = (control.getAttribute("aria-describedby") || "").split(" ");
  return document.getElementById(ids[ids.length - 1]);
}

/** Runs `ceremony` for `control`, saying so on its status line; on success goes where the server says. */
async function run(control, ceremony) {
  const status = statusOf(control);
  control.disabled = true;
  status.textContent = status.getAttribute("data-working");
  try {
    const answer = await ceremony();
    window.location.assign(answer.location);
  } catch (e) {
    status.textContent = status.getAttribute("data-failed");
    control.disabled = false;
  }
}

const supported = typeof window.PublicKeyCredential === "function" && !!navigator.credentials;

document.querySelectorAll("button[data-passkey-sign-in]").forEach((button) => {
  const status = statusOf(button);
  if (!supported) {
    status.textContent = status.getAttribute("data-unsupported");
    return;
  }
  status.textContent = "";
  button.disabled = false;
  button.addEventListener("click", () => run(button, () =>
    assertPasskey(button.getAttribute("data-passkey-sign-in"), button.getAttribute("data-csrf"))));
});

document.querySelectorAll("form[data-passkey-add]").forEach((form) => {
  const button = form.querySelector("button[type=submit]");
  const status = form.querySelector("[role=status]");
  if (!supported) {
    status.textContent = status.getAttribute("data-unsupported");
    return;
  }
  status.textContent = "";
  button.disabled = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(button, () => addPasskey(form.getAttribute("data-passkey-add"), form.getAttribute("data-csrf"),
      form.elements.namedItem("name").value));
  });
});
