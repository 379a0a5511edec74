// The field editor's settings of the field chosen: recipient, label, required, hint, choices, default, prefill.
"use strict";

import { say } from "./editor-words.js";

/** The fields whose value can be prefilled from a template's variable (see docs/api/templates.md). */
const PREFILLABLE = ["text", "textarea", "checkbox", "dropdown"];
/** The fields a sender may give a default, which the signer's page starts with (docs/api/workflow.md, Fields). */
const WITH_DEFAULT = ["text", "textarea", "number", "checkbox", "dropdown", "radio"];
/** The fields that offer choices, which the sender lists one per line. */
export const WITH_CHOICES = ["dropdown", "radio"];

/** The settings form of the field chosen; each change is written to the field at once and saved. */
export class Settings {
  constructor(editor) {
    this.editor = editor;
    this.form = document.getElementById("settings-form");
    this.none = document.getElementById("settings-none");
    this.form.addEventListener("submit", (e) => e.preventDefault());
    this.bind("setting-recipient", "change", (f, v) => {
      f[editor.model.assignee] = Number(v);
      editor.announce(say(editor.words, "assigned", editor.typeOf(f.field_type).words, editor.recipient(v).name));
    });
    this.bind("setting-name", "input", (f, v) => { f.field_name = v; });
    this.bind("setting-placeholder", "input", (f, v) => { f.placeholder = v; });
    this.bind("setting-options", "input", (f, v) => {
      f.options = v.split("\n").map((o) => o.trim()).filter((o) => o !== "");
    });
    this.bind("setting-default", "input", (f, v) => { f.default_value = v; });
    this.bind("setting-prefill", "input", (f, v) => { f.variable_key = v.trim(); });
    const required = document.getElementById("setting-required");
    required.addEventListener("change", () => this.write((f) => { f.is_required = required.checked; }));
    document.getElementById("setting-remove").addEventListener("click", () => {
      if (editor.selected) {
        editor.remove(editor.selected);
      }
    });
  }

  bind(id, event, apply) {
    const input = document.getElementById(id);
    if (input) {
      input.addEventListener(event, () => this.write((f) => apply(f, input.value)));
    }
  }

  write(apply) {
    const field = this.editor.selected;
    if (field) {
      apply(field);
      this.editor.draw(field);
      this.editor.changed();
    }
  }

  /** Fills the form from `field`, or hides it when no field is chosen. */
  show(field) {
    this.form.hidden = !field;
    this.none.hidden = Boolean(field);
    if (!field) {
      return;
    }
    const e = this.editor;
    document.getElementById("settings-which").textContent = say(e.words, "selected",
      e.typeOf(field.field_type).words, e.recipient(field[e.model.assignee]).name, field.page_number);
    document.getElementById("setting-recipient").value = String(field[e.model.assignee]);
    document.getElementById("setting-name").value = field.field_name || "";
    document.getElementById("setting-required").checked = field.is_required !== false;
    document.getElementById("setting-placeholder").value = field.placeholder || "";
    document.getElementById("setting-options").value = Array.isArray(field.options) ? field.options.join("\n") : "";
    this.form.querySelector('[data-for="options"]').hidden = !WITH_CHOICES.includes(field.field_type);
    this.form.querySelector('[data-for="default"]').hidden = !WITH_DEFAULT.includes(field.field_type);
    document.getElementById("setting-default").value = field.default_value || "";
    const prefill = this.form.querySelector('[data-for="prefill"]');
    if (prefill) {
      prefill.hidden = !PREFILLABLE.includes(field.field_type);
      document.getElementById("setting-prefill").value = field.variable_key || "";
    }
  }
}
