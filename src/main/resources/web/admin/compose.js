// The upload step of a new document. Without this module the form posts as it is and works; with it, a file
// dropped on the drop zone is put in the file chooser, and the upload goes by XMLHttpRequest so that its progress
// can be shown (fetch cannot report an upload's progress). The server answers as it answers the plain form: the
// recipients page after a redirect, or this page again with the refusal beside the file.
"use strict";

/** Puts a dropped file into the chooser, so that the form sends it as if it had been chosen. */
function acceptDrop(zone, input, status) {
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("drop-over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("drop-over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("drop-over");
    const files = event.dataTransfer && event.dataTransfer.files;
    if (files && files.length > 0) {
      input.files = files;
      status.textContent = files[0].name;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
}

/** This page again, as the server answered it: its main part replaces ours, and the module takes it up again. */
function showAnswer(html) {
  const answer = new DOMParser().parseFromString(html, "text/html");
  const main = document.querySelector("main");
  const theirs = answer.querySelector("main");
  if (!main || !theirs) {
    return;
  }
  document.title = answer.title;
  main.innerHTML = theirs.innerHTML;
  start();
  const error = main.querySelector(".field-error, [role=alert]");
  (error || main).setAttribute("tabindex", "-1");
  (error || main).focus();
}

/** Sends the form by XMLHttpRequest, showing how much of it has gone. */
function upload(form, status) {
  const box = document.getElementById("upload-progress-box");
  const bar = document.getElementById("upload-progress");
  const button = document.getElementById("upload-submit");
  const request = new XMLHttpRequest();
  request.open("POST", form.action);
  request.setRequestHeader("X-CSRF-Token", form.elements.csrf.value);
  request.upload.addEventListener("progress", (event) => {
    if (event.lengthComputable) {
      bar.value = Math.round((event.loaded / event.total) * 100);
    }
  });
  request.addEventListener("load", () => {
    if (request.status >= 200 && request.status < 300) {
      window.location.assign(request.responseURL);
    } else {
      showAnswer(request.responseText);
    }
  });
  request.addEventListener("error", () => {
    box.hidden = true;
    button.disabled = false;
    status.textContent = form.dataset.failed;
  });
  box.hidden = false;
  bar.value = 0;
  button.disabled = true;
  status.textContent = form.dataset.sending;
  request.send(new FormData(form));
}

function start() {
  const form = document.getElementById("upload-form");
  if (!form) {
    return;
  }
  const input = document.getElementById("file");
  const status = document.getElementById("upload-status");
  acceptDrop(document.getElementById("drop-zone"), input, status);
  form.addEventListener("submit", (event) => {
    if (!form.checkValidity()) {
      return;
    }
    event.preventDefault();
    upload(form, status);
  });
}

start();
