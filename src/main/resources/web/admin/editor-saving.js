// The field editor's saves: the whole list of fields, a moment after the last change, to the page's endpoint.
"use strict";

import { say } from "./editor-words.js";

/** How long the editor waits after a change before saving, so a run of arrow keys is one save. */
const SAVE_AFTER_MS = 500;

/**
 * Saves the fields a moment after the last change, one save at a time, and says how it stands: "Saving…" from
 * the change until the answer, "Saved", or "Not saved" with the server's reasons; leaving the page while a
 * change is not saved asks first.
 */
export class Saver {
  constructor(root, model, words) {
    this.url = model.save;
    this.csrf = root.dataset.csrf;
    this.words = words;
    this.status = document.getElementById("editor-status");
    this.errors = document.getElementById("editor-errors");
    this.timer = null;
    this.sending = false;
    this.unsaved = false;
    this.fields = null;
    this.onProblems = () => {};
    window.addEventListener("beforeunload", (e) => {
      if (this.unsaved || this.sending) {
        e.preventDefault();
        e.returnValue = words.leave;
      }
    });
  }

  /** A change: saved once no other change has come for SAVE_AFTER_MS; `fields` gives the list to save. */
  later(fields) {
    this.fields = fields;
    this.unsaved = true;
    this.show(this.words.saving, "saving");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.save(), SAVE_AFTER_MS);
  }

  async save() {
    this.timer = null;
    if (this.sending) {
      return;
    }
    this.sending = true;
    this.unsaved = false;
    let failed = null;
    try {
      const response = await fetch(this.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": this.csrf },
        body: JSON.stringify({ fields: this.fields() }),
      });
      const answer = await response.json().catch(() => ({}));
      failed = response.ok ? null : answer;
    } catch (e) {
      failed = { message: null };
    }
    this.sending = false;
    if (failed) {
      this.unsaved = true;
      this.show(failed.message ? say(this.words, "not_saved", failed.message) : this.words.unreachable, "failed",
        (failed.data && failed.data.errors) || []);
    } else if (this.unsaved) {
      this.save();
    } else {
      this.show(this.words.saved, "saved");
    }
  }

  show(text, state, reasons) {
    this.status.textContent = text;
    this.status.dataset.state = state;
    this.errors.replaceChildren(...(reasons || []).map((r) => {
      const item = document.createElement("li");
      item.textContent = r;
      return item;
    }));
    this.errors.hidden = !reasons || reasons.length === 0;
    this.onProblems((reasons || []).map((r) => /^Field (\d+):/.exec(r)).filter(Boolean).map((m) => Number(m[1]) - 1));
  }
}
