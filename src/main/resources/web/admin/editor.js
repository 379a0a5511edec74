// The field editor of a draft or a template (FieldEditorPage): fields are dragged from the palette onto the
// pages with the pointer (pointer events, so a pen or a finger drags as a mouse does), moved, resized by their
// handle and given to a recipient; or, with the keyboard alone, chosen in the palette, placed with Enter, moved
// with the arrow keys, resized with Shift and the arrow keys, removed with Delete. Each step is said in the live
// region. Every change is saved shortly after, as the whole list of fields, to the page's own endpoint, which
// reads it as POST .../fields does. Positions are kept in points; placement.js turns screen into points. The
// settings form, the saves and the pointer drags are modules of their own beside this one.
"use strict";

import { inside, lengthInPoints, toPercent, toPoints } from "./placement.js";
import { Drag } from "./editor-drag.js";
import { Saver } from "./editor-saving.js";
import { Settings, WITH_CHOICES } from "./editor-settings.js";
import { say } from "./editor-words.js";

function start(root) {
  const model = JSON.parse(root.dataset.model);
  const words = JSON.parse(root.dataset.words);
  const editor = new Editor(root, model, words, new Saver(root, model, words));
  document.getElementById("editor-needs-script").hidden = true;
  root.hidden = false;
  editor.drawAll();
}

/** The fields as the page holds them, each with a key of its own, and the pages they lie on. */
class Editor {
  constructor(root, model, words, saver) {
    this.root = root;
    this.model = model;
    this.words = words;
    this.saver = saver;
    this.nextKey = 1;
    this.fields = model.fields.map((f) => ({ ...f, key: this.nextKey++ }));
    this.chosen = null;
    this.selected = null;
    this.currentPage = root.querySelector(".editor-page");
    this.live = document.getElementById("editor-announce");
    this.settings = new Settings(this);
    // The fields a refused save named ("Field 3: ..."), marked on the page beside the reasons.
    this.problems = new Set();
    saver.onProblems = (indexes) => {
      this.problems = new Set(indexes.map((i) => this.fields[i]).filter(Boolean).map((f) => f.key));
      this.drawAll();
    };
    this.palette();
    this.pages();
  }

  /** The recipient record of `id`, or a stand-in for one no longer there. */
  recipient(id) {
    return this.model.recipients.find((r) => String(r.id) === String(id)) || { id: id, name: String(id), colour: 0 };
  }

  typeOf(type) {
    return this.model.types.find((t) => t.type === type);
  }

  /** The page element a field lies on. */
  pageOf(field) {
    return this.root.querySelector(`.editor-page[data-file="${field.file_id}"][data-page="${field.page_number}"]`);
  }

  /** A page element's size in points and where its image is shown now. */
  static geometry(pageElement) {
    const page = { width: Number(pageElement.dataset.width), height: Number(pageElement.dataset.height) };
    return { page: page, shown: pageElement.querySelector("img").getBoundingClientRect() };
  }

  /** The words a field is shown and announced by: its type and whom it is for. */
  nameOf(field) {
    return say(this.words, "field_name", this.typeOf(field.field_type).words, this.recipient(field[this.model.assignee]).name);
  }

  announce(text) {
    // The same words twice in a row would not be read again: a changed region is.
    this.live.textContent = this.live.textContent === text ? text + "\u00a0" : text;
  }

  palette() {
    this.root.querySelectorAll(".palette-item").forEach((button) => {
      let dragged = false;
      // Whether the press that ends in this click was a drag, whose drop placed the field already.
      button.addEventListener("pointerdown", () => { dragged = false; });
      button.addEventListener("click", () => {
        if (dragged) {
          dragged = false;
          return;
        }
        this.choose(button);
      });
      new Drag(button, {
        begin: () => this.ghost(button.dataset.type),
        move: (e) => this.moveGhost(e),
        end: (e) => {
          dragged = true;
          this.dropGhost(button.dataset.type, e);
        },
      });
    });
  }

  /** A press on a type chooses it; a press on the type already chosen places it on the current page. */
  choose(button) {
    const type = button.dataset.type;
    if (this.chosen === type) {
      this.placeOnCurrentPage();
      return;
    }
    this.chosen = type;
    this.root.querySelectorAll(".palette-item").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
    this.announce(say(this.words, "chosen", this.typeOf(type).words));
  }

  pages() {
    this.root.querySelectorAll(".editor-page").forEach((pageElement) => {
      pageElement.addEventListener("focus", () => { this.currentPage = pageElement; });
      pageElement.addEventListener("keydown", (e) => {
        if (e.key === "Enter" && e.target === pageElement && this.chosen) {
          e.preventDefault();
          this.currentPage = pageElement;
          this.placeOnCurrentPage();
        }
      });
      pageElement.addEventListener("click", (e) => {
        this.currentPage = pageElement;
        if (e.target.tagName === "IMG" && this.chosen) {
          const { page, shown } = Editor.geometry(pageElement);
          this.place(this.chosen, pageElement, toPoints(page, shown, e.clientX, e.clientY));
          this.unchoose();
        }
      });
    });
  }

  /** Places the chosen type at a default spot of the current page, a little below the fields already there. */
  placeOnCurrentPage() {
    if (!this.chosen) {
      return;
    }
    const pageElement = this.currentPage;
    const already = this.fields.filter((f) => this.pageOf(f) === pageElement).length;
    this.place(this.chosen, pageElement, { x: 36 + 12 * (already % 20), y: 36 + 24 * (already % 20) });
    this.unchoose();
  }

  /** A type chosen places one field: after it, a press on a page places nothing it was not asked to. */
  unchoose() {
    this.chosen = null;
    this.root.querySelectorAll(".palette-item").forEach((b) => b.setAttribute("aria-pressed", "false"));
  }

  /** A new field of `type` with its top-left corner at `at` (points) on the page shown by `pageElement`. */
  place(type, pageElement, at) {
    const recipient = document.getElementById("editor-for").value;
    if (!recipient) {
      this.announce(this.words.no_recipients);
      return;
    }
    const t = this.typeOf(type);
    const { page } = Editor.geometry(pageElement);
    const box = inside(page, { x: at.x, y: at.y, width: t.width, height: t.height });
    const field = {
      key: this.nextKey++, field_type: type, field_name: "", file_id: Number(pageElement.dataset.file),
      page_number: Number(pageElement.dataset.page), is_required: true, placeholder: "",
      position_x: box.x, position_y: box.y, width: box.width, height: box.height,
    };
    field[this.model.assignee] = Number(recipient);
    if (WITH_CHOICES.includes(type)) {
      field.options = [t.words + " 1", t.words + " 2"];
    }
    this.fields.push(field);
    const element = this.draw(field);
    this.select(field);
    element.focus();
    this.announce(say(this.words, "placed", t.words, this.recipient(recipient).name, field.page_number, box.x, box.y));
    this.changed();
  }

  /** The ghost that follows the pointer while a type is dragged from the palette, at the first page's scale. */
  ghost(type) {
    const { page, shown } = Editor.geometry(this.root.querySelector(".editor-page"));
    const t = this.typeOf(type);
    const ghost = document.createElement("div");
    ghost.className = "editor-ghost";
    ghost.textContent = t.words;
    ghost.style.width = `${t.width * shown.width / page.width}px`;
    ghost.style.height = `${t.height * shown.width / page.width}px`;
    document.body.appendChild(ghost);
    this.dragGhost = ghost;
  }

  moveGhost(e) {
    this.dragGhost.style.left = `${e.clientX}px`;
    this.dragGhost.style.top = `${e.clientY}px`;
  }

  /** Drops a dragged type where the pointer is: the field's top-left corner there, on the page under it. */
  dropGhost(type, e) {
    this.dragGhost.remove();
    const pageElement = this.pageAt(e.clientX, e.clientY);
    if (pageElement) {
      this.currentPage = pageElement;
      const { page, shown } = Editor.geometry(pageElement);
      this.place(type, pageElement, toPoints(page, shown, e.clientX, e.clientY));
    }
  }

  /** The page whose image lies under the screen position (clientX, clientY), if any. */
  pageAt(clientX, clientY) {
    return [...this.root.querySelectorAll(".editor-page")].find((p) => {
      const r = p.querySelector("img").getBoundingClientRect();
      return clientX >= r.left && clientX <= r.right && clientY >= r.top && clientY <= r.bottom;
    });
  }

  drawAll() {
    this.fields.forEach((f) => this.draw(f));
  }

  /** Lays `field` over its page, making its element the first time; returns the element. */
  draw(field) {
    let element = this.root.querySelector(`.editor-field[data-key="${field.key}"]`);
    const pageElement = this.pageOf(field);
    if (!element) {
      element = this.fieldElement(field);
      pageElement.appendChild(element);
    }
    const share = toPercent(Editor.geometry(pageElement).page,
      { x: field.position_x, y: field.position_y, width: field.width, height: field.height });
    element.style.left = `${share.left}%`;
    element.style.top = `${share.top}%`;
    element.style.width = `${share.width}%`;
    element.style.height = `${share.height}%`;
    const recipient = this.recipient(field[this.model.assignee]);
    element.className = `editor-field recipient-${recipient.colour}` + (field === this.selected ? " selected" : "")
      + (this.problems.has(field.key) ? " has-problem" : "");
    element.dataset.type = field.field_type;
    element.dataset.recipient = String(recipient.id);
    element.querySelector(".editor-field-name").textContent = this.nameOf(field);
    return element;
  }

  fieldElement(field) {
    const element = document.createElement("button");
    element.type = "button";
    element.dataset.key = String(field.key);
    const name = document.createElement("span");
    name.className = "editor-field-name";
    const handle = document.createElement("span");
    handle.className = "editor-handle";
    handle.setAttribute("aria-hidden", "true");
    element.append(name, handle);
    element.addEventListener("focus", () => this.select(field));
    element.addEventListener("keydown", (e) => this.key(field, e));
    this.pointerMoves(field, element, handle);
    return element;
  }

  /** Dragging a field moves it; dragging its handle resizes it. Both stay on the field's page. */
  pointerMoves(field, element, handle) {
    let from = null;
    let grab = null;
    const track = (resizing) => ({
      begin: (e, down) => {
        from = { ...field };
        const { page, shown } = Editor.geometry(this.pageOf(field));
        const at = toPoints(page, shown, down.clientX, down.clientY);
        grab = { x: at.x - field.position_x, y: at.y - field.position_y };
      },
      move: (e, dx, dy) => {
        const { page, shown } = Editor.geometry(this.pageOf(field));
        const px = lengthInPoints(page, shown, dx);
        const py = lengthInPoints(page, shown, dy);
        const box = resizing
          ? { x: from.position_x, y: from.position_y, width: from.width + px, height: from.height + py }
          : { x: from.position_x + px, y: from.position_y + py, width: from.width, height: from.height };
        this.setBox(field, inside(page, box));
      },
      end: (e) => {
        const onto = resizing ? null : this.pageAt(e.clientX, e.clientY);
        if (onto && onto !== this.pageOf(field)) {
          this.toPage(field, element, onto, e, grab);
        }
        element.focus();
        this.announce(resizing ? say(this.words, "resized", field.width, field.height)
          : say(this.words, "moved_page", field.page_number, field.position_x, field.position_y));
        this.changed();
      },
    });
    new Drag(handle, track(true));
    new Drag(element, track(false), handle);
  }

  /** Moves a field dragged onto another page there, the point it was held by under the pointer. */
  toPage(field, element, pageElement, e, grab) {
    const { page, shown } = Editor.geometry(pageElement);
    const at = toPoints(page, shown, e.clientX, e.clientY);
    field.file_id = Number(pageElement.dataset.file);
    field.page_number = Number(pageElement.dataset.page);
    pageElement.appendChild(element);
    this.currentPage = pageElement;
    this.setBox(field, inside(page, { x: at.x - grab.x, y: at.y - grab.y, width: field.width, height: field.height }));
  }

  setBox(field, box) {
    field.position_x = box.x;
    field.position_y = box.y;
    field.width = box.width;
    field.height = box.height;
    this.draw(field);
  }

  /** Arrow keys move a field, Shift and arrows resize it, Ctrl makes a step one point; Delete removes it. */
  key(field, e) {
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      this.remove(field);
      return;
    }
    if (!arrows[e.key]) {
      return;
    }
    e.preventDefault();
    const step = e.ctrlKey ? 1 : 5;
    const [dx, dy] = arrows[e.key].map((d) => d * step);
    const { page } = Editor.geometry(this.pageOf(field));
    const box = e.shiftKey
      ? { x: field.position_x, y: field.position_y, width: field.width + dx, height: field.height + dy }
      : { x: field.position_x + dx, y: field.position_y + dy, width: field.width, height: field.height };
    this.setBox(field, inside(page, box));
    this.announce(e.shiftKey ? say(this.words, "resized", field.width, field.height)
      : say(this.words, "moved", field.position_x, field.position_y));
    this.changed();
  }

  select(field) {
    const before = this.selected;
    this.selected = field;
    if (before && before !== field) {
      this.draw(before);
    }
    this.draw(field);
    this.currentPage = this.pageOf(field);
    this.settings.show(field);
  }

  /** Removes a field; the focus goes to the next field of its page, else to the page. */
  remove(field) {
    const element = this.root.querySelector(`.editor-field[data-key="${field.key}"]`);
    const pageElement = this.pageOf(field);
    const name = this.typeOf(field.field_type).words;
    const recipient = this.recipient(field[this.model.assignee]).name;
    this.fields = this.fields.filter((f) => f !== field);
    const next = element.nextElementSibling && element.nextElementSibling.classList.contains("editor-field")
      ? element.nextElementSibling : null;
    element.remove();
    this.selected = null;
    this.settings.show(null);
    (next || pageElement).focus();
    this.announce(say(this.words, "removed", name, recipient));
    this.changed();
  }

  changed() {
    this.saver.later(() => this.fields.map((f) => this.wire(f)));
  }

  /** A field as POST .../fields takes it: without the page's own key, and no empty prefill. */
  wire(field) {
    const out = { ...field };
    delete out.key;
    if (out.variable_key === "") {
      delete out.variable_key;
    }
    return out;
  }
}

// Last, as the classes above exist only once their declarations have run.
const editorRoot = document.getElementById("field-editor");
if (editorRoot) {
  start(editorRoot);
}
