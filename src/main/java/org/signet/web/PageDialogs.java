package org.signet.web;

/**
 * The modal dialogs of the signing page: signature capture (draw, type, upload) and decline or
 * reject with a reason. They are rendered hidden with the page and opened by the page script.
 */
final class PageDialogs {

    private PageDialogs() {
    }

    /** The capture dialog; the script retitles it for initials and reuses it. */
    static String signatureDialog() {
        return """
                <dialog id="signature-dialog" class="dialog" aria-labelledby="signature-dialog-title">
                <div class="dialog-body">
                <h2 id="signature-dialog-title" class="dialog-title">Add your signature</h2>
                <div class="tabs" role="tablist" aria-label="How to add it">
                <button type="button" class="tab" role="tab" id="tab-draw" data-tab="draw" aria-controls="panel-draw" aria-selected="true">Draw</button>
                <button type="button" class="tab" role="tab" id="tab-type" data-tab="type" aria-controls="panel-type" aria-selected="false" tabindex="-1">Type</button>
                <button type="button" class="tab" role="tab" id="tab-upload" data-tab="upload" aria-controls="panel-upload" aria-selected="false" tabindex="-1">Upload</button>
                </div>
                <div class="tab-panel" role="tabpanel" id="panel-draw" aria-labelledby="tab-draw">
                <p class="hint" id="draw-hint">Draw with your mouse, finger or pen inside the box.</p>
                <div class="canvas-wrap">
                <canvas id="signature-canvas" class="signature-canvas" role="img" aria-label="Drawing area" aria-describedby="draw-hint"></canvas>
                <span class="canvas-baseline" aria-hidden="true"></span>
                </div>
                <div class="panel-tools"><button type="button" id="clear-signature" class="btn btn-quiet btn-small">Clear</button></div>
                </div>
                <div class="tab-panel" role="tabpanel" id="panel-type" aria-labelledby="tab-type" hidden="hidden">
                <label class="label" for="type-input" id="type-label">Type your full name</label>
                <input id="type-input" class="input" type="text" maxlength="100" autocomplete="off" spellcheck="false" />
                <div id="type-preview" class="type-preview" aria-hidden="true"></div>
                </div>
                <div class="tab-panel" role="tabpanel" id="panel-upload" aria-labelledby="tab-upload" hidden="hidden">
                <label class="label" for="upload-input">Choose an image</label>
                <p class="hint" id="upload-hint">PNG or JPEG, at most 1 MB. A dark signature on a white or clear background works best.</p>
                <input id="upload-input" class="file-input" type="file" accept="image/png,image/jpeg" aria-describedby="upload-hint" />
                <div class="upload-preview-wrap"><img id="upload-preview" class="upload-preview" alt="Preview of the chosen image" hidden="hidden" /></div>
                </div>
                <p id="signature-error" class="dialog-error" role="status" aria-live="polite"></p>
                <p class="fine-print">By selecting Apply you agree that this mark is your electronic signature on this document, as binding as one written by hand.</p>
                <div class="dialog-actions">
                <button type="button" id="cancel-signature" class="btn btn-secondary">Cancel</button>
                <button type="button" id="apply-signature" class="btn btn-primary" disabled="disabled">Apply</button>
                </div>
                </div>
                </dialog>
                """;
    }

    /**
     * The dialog asking for a reason; {@code approver} words it as a rejection.
     *
     * @param senderName already escaped
     */
    static String declineDialog(boolean approver, String senderName) {
        String verb = approver ? "Reject" : "Decline";
        String title = approver ? "Reject this document" : "Decline to sign";
        return """
                <dialog id="decline-dialog" class="dialog" aria-labelledby="decline-dialog-title" aria-describedby="decline-dialog-text">
                <div class="dialog-body">
                <h2 id="decline-dialog-title" class="dialog-title">%s</h2>
                <p id="decline-dialog-text">%s will see your reason. The document is then closed for everyone and cannot be signed; this cannot be undone.</p>
                <label class="label" for="decline-reason">Reason</label>
                <textarea id="decline-reason" class="input textarea" rows="4" maxlength="1000" required="required" aria-describedby="decline-count"></textarea>
                <p id="decline-count" class="counter">0 of 1000 characters</p>
                <p id="decline-error" class="dialog-error" role="status" aria-live="polite"></p>
                <div class="dialog-actions">
                <button type="button" id="cancel-decline" class="btn btn-secondary">Cancel</button>
                <button type="button" id="confirm-decline" class="btn btn-danger">%s</button>
                </div>
                </div>
                </dialog>
                """.formatted(title, senderName.isEmpty() ? "The sender" : senderName, verb);
    }
}
