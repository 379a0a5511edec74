// The field editor's words: the page hands them over in the four languages, with {0}, {1}... for what each says.
"use strict";

/** Message `key` of the page's words with {0}, {1}... filled in. */
export function say(words, key, ...args) {
  return words[key].replace(/\{(\d+)\}/g, (all, i) => (i < args.length ? String(args[i]) : all));
}
