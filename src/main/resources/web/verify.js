/* The verify page without a reload: the form is sent with fetch and the answer's results take the
   place of the page's, focus moving to them. Without script the same form posts and the answer is
   the whole page, so nothing here is needed to check a file. A module, as every page script. */
const form = document.getElementById('verify-form');
if (form && window.fetch && window.FormData && window.DOMParser) {
  enhance(form);
}

function enhance(form) {
  var button = document.getElementById('verify-submit');
  var message = document.getElementById('message');
  var status = document.getElementById('verify-status');

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var chosen = document.getElementById('verify-file').files[0];
    if (chosen && chosen.size > Number(form.getAttribute('data-max-bytes'))) {
      // Said at once: the server would refuse it too, but only after the whole file was sent.
      message.textContent = form.getAttribute('data-too-large');
      return;
    }
    button.disabled = true;
    message.textContent = '';
    status.textContent = form.getAttribute('data-busy');
    fetch(form.action, { method: 'POST', body: new FormData(form), credentials: 'same-origin' })
      .then(function (response) { return response.text(); })
      .then(function (html) { show(new DOMParser().parseFromString(html, 'text/html')); })
      .catch(function () { message.textContent = form.getAttribute('data-failed'); })
      .then(function () {
        button.disabled = false;
        status.textContent = '';
      });
  });

  /** Takes the answer's results, or its reason for refusing the file, into this page. */
  function show(answer) {
    var old = document.getElementById('results');
    if (old) {
      old.parentNode.removeChild(old);
    }
    var results = answer.getElementById('results');
    var reason = answer.getElementById('message');
    if (results) {
      document.getElementById('main').appendChild(document.importNode(results, true));
      document.getElementById('results').focus();
    } else {
      // An answer that is no page of ours (a refusal before the page was reached) has no reason to show.
      message.textContent = reason && reason.textContent ? reason.textContent : form.getAttribute('data-failed');
    }
  }
}
