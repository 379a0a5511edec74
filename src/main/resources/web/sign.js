/*
 * Signet signing page script: fills the page shell from GET /sign/{token}/session, lets the
 * signer fill their fields on the pages or one at a time in the guided form, capture a
 * signature, and talks to the JSON endpoints under the same token. Also drives the PIN, login
 * and emailed-code forms. Plain JavaScript modules from this site, no build step, no network access beyond
 * it. Every word it shows comes from the page's text block (#page-text), in the signer's language.
 *
 * The parts, in sign/: page (shell, elements, the JSON endpoints), text (words), gates (PIN,
 * login and emailed code), signing (the page from its session), state (what is filled, the rules of a field),
 * document (pages and fields), controls (a field's inputs), tools (parties, zoom, page indicator),
 * guided (one field at a time), progress, actions (Finish, Approve, refusals), decline, delegate
 * (handing over to someone else), capture
 * (the signature dialog), pad (drawing and typed marks), upload (images from a file), attach (the files of
 * attachment fields), outcome.
 */
import './embed.js';
import { token } from './sign/page.js';
import { initPin, initLogin, initEmailCode } from './sign/gates.js';
import { initSigning } from './sign/signing.js';

/** Starts the part of the script that the page kind (body[data-page]) calls for. */
function start(page) {
  if (page === 'pin') {
    initPin();
  } else if (page === 'login') {
    initLogin();
  } else if (page === 'email_code') {
    initEmailCode();
  } else if (page === 'sign') {
    initSigning();
  }
}

// A page without a signing link's token has nothing for this script to do.
if (token) {
  start(document.body.getAttribute('data-page'));
}
