// Signet administrator pages: the one thing that needs a script, copying a signer's link. Every page
// works without it; the link is in a read-only field that can be selected and copied by hand.
"use strict";
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-copy]");
  if (!button) {
    return;
  }
  var field = document.getElementById(button.getAttribute("data-copy"));
  field.select();
  var done = function () {
    button.textContent = button.getAttribute("data-copied");
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, function () { /* selected: copy by hand */ });
  } else if (document.execCommand("copy")) {
    done();
  }
});
