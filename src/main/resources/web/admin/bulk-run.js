// A bulk send's run page: while the run goes on, polls the run's progress and updates the summary, the progress bar
// and each row's outcome in place, so the sender sees documents being made without reloading. Without script the
// page's refresh link does the same by hand.
"use strict";

const POLL_MS = 2000;
const table = document.getElementById("run-rows");

/** Sets a row's cells from its outcome: the state's badge, the link to its document, and its error. */
function showRow(row) {
  const status = document.getElementById(`run-row-${row.row}-status`);
  const documentCell = document.getElementById(`run-row-${row.row}-document`);
  const error = document.getElementById(`run-row-${row.row}-error`);
  if (!status || !documentCell || !error) {
    return;
  }
  const badge = document.createElement("span");
  badge.className = `badge badge-${row.status}`;
  badge.textContent = row.label;
  status.replaceChildren(badge);
  if (row.document_id !== null) {
    const link = document.createElement("a");
    link.href = `/admin/documents/${row.document_id}`;
    link.textContent = row.document;
    documentCell.replaceChildren(link);
  }
  error.textContent = row.error || "";
}

/** Fetches the progress and shows it; polls again while the run is running. */
async function poll() {
  try {
    const response = await fetch(table.dataset.progress, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok || !(response.headers.get("Content-Type") || "").includes("json")) {
      return; // Signed out or gone: the refresh link still works.
    }
    const run = await response.json();
    const summary = document.getElementById("run-summary");
    if (summary.textContent !== run.summary) {
      summary.textContent = run.summary;
    }
    const bar = document.getElementById("run-progress");
    bar.max = Math.max(1, run.total);
    bar.value = run.done;
    run.rows.forEach(showRow);
    if (run.status === "running") {
      setTimeout(poll, POLL_MS);
    }
  } catch (e) {
    setTimeout(poll, POLL_MS * 5);
  }
}

if (table && table.dataset.progress) {
  setTimeout(poll, POLL_MS);
}
