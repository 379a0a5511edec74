// Signet administrator pages: the page script, a module as the signer page's. It copies a signer's link
// and brings in the parts of single pages (admin/follow.js: a document followed without a reload). Every
// page works without it; the link is in a read-only field that can be selected and copied by hand.
import './admin/follow.js';

document.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-copy]');
  if (!button) {
    return;
  }
  const field = document.getElementById(button.getAttribute('data-copy'));
  field.select();
  const done = () => {
    button.textContent = button.getAttribute('data-copied');
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => { /* selected: copy by hand */ });
  } else if (document.execCommand('copy')) {
    done();
  }
});
