package org.signet.web;

import java.util.Map;
import java.util.regex.Pattern;
import org.signet.text.Html;
import org.signet.text.Messages;

/**
 * The modal dialogs of the signing page: signature capture (draw, type, upload), decline or
 * reject with a reason, and handing over to someone else. They are rendered hidden with the page and
 * opened by the page script; each {@code {{key}}} in their markup is that message of the page's language.
 */
final class PageDialogs {

    /**
     * A dialog's own holes ({@code {{TEXT}}}, its sentence, and the like), in capitals so that no message key names
     * one, filled after its words so that a sender's name is never read as a {@code {{key}}}.
     */
    private static final Pattern OWN = Pattern.compile("\\{\\{([A-Z]+)}}");

    private PageDialogs() {
    }

    /** The capture dialog; the script retitles it for initials and reuses it. */
    static Html signatureDialog(Messages m) {
        return PageHtml.words(m, Html.trusted("""
                <dialog id="signature-dialog" class="dialog" aria-labelledby="signature-dialog-title">
                <div class="dialog-body">
                <h2 id="signature-dialog-title" class="dialog-title">{{signature.title}}</h2>
                <div class="tabs" role="tablist" aria-label="{{signature.how}}">
                <button type="button" class="tab" role="tab" id="tab-draw" data-tab="draw" aria-controls="panel-draw" aria-selected="true">{{signature.draw}}</button>
                <button type="button" class="tab" role="tab" id="tab-type" data-tab="type" aria-controls="panel-type" aria-selected="false" tabindex="-1">{{signature.type}}</button>
                <button type="button" class="tab" role="tab" id="tab-upload" data-tab="upload" aria-controls="panel-upload" aria-selected="false" tabindex="-1">{{signature.upload}}</button>
                </div>
                <div class="tab-panel" role="tabpanel" id="panel-draw" aria-labelledby="tab-draw">
                <p class="hint" id="draw-hint">{{signature.draw_hint}}</p>
                <div class="canvas-wrap">
                <canvas id="signature-canvas" class="signature-canvas" role="img" aria-label="{{signature.drawing_area}}" aria-describedby="draw-hint"></canvas>
                <span class="canvas-baseline" aria-hidden="true"></span>
                </div>
                <div class="panel-tools"><button type="button" id="clear-signature" class="btn btn-quiet btn-small">{{signature.clear}}</button></div>
                </div>
                <div class="tab-panel" role="tabpanel" id="panel-type" aria-labelledby="tab-type" hidden="hidden">
                <label class="label" for="type-input" id="type-label">{{signature.type_label}}</label>
                <input id="type-input" class="input" type="text" maxlength="100" autocomplete="off" spellcheck="false" />
                <div id="type-preview" class="type-preview" aria-hidden="true"></div>
                </div>
                <div class="tab-panel" role="tabpanel" id="panel-upload" aria-labelledby="tab-upload" hidden="hidden">
                <label class="label" for="upload-input">{{signature.upload_label}}</label>
                <p class="hint" id="upload-hint">{{signature.upload_hint}}</p>
                <input id="upload-input" class="file-input" type="file" accept="image/png,image/jpeg" aria-describedby="upload-hint" />
                <div class="upload-preview-wrap"><img id="upload-preview" class="upload-preview" alt="{{signature.upload_preview}}" hidden="hidden" /></div>
                </div>
                <p id="signature-error" class="dialog-error" role="status" aria-live="polite"></p>
                <p class="fine-print">{{signature.fine_print}}</p>
                <div class="dialog-actions">
                <button type="button" id="cancel-signature" class="btn btn-secondary">{{signature.cancel}}</button>
                <button type="button" id="apply-signature" class="btn btn-primary" disabled="disabled">{{signature.apply}}</button>
                </div>
                </div>
                </dialog>
                """));
    }

    /**
     * The dialog asking for a reason; {@code approver} words it as a rejection.
     *
     * @param senderName as it is; empty when unknown
     */
    static Html declineDialog(Messages m, boolean approver, String senderName) {
        Html text = senderName.isEmpty() ? PageHtml.text(m, "decline.text_no_sender")
                : PageHtml.text(m, "decline.text", Html.of("{}", senderName));
        return own(PageHtml.words(m, Html.trusted("""
                <dialog id="decline-dialog" class="dialog" aria-labelledby="decline-dialog-title" aria-describedby="decline-dialog-text">
                <div class="dialog-body">
                <h2 id="decline-dialog-title" class="dialog-title">{{TITLE}}</h2>
                <p id="decline-dialog-text">{{TEXT}}</p>
                <label class="label" for="decline-reason">{{decline.reason}}</label>
                <textarea id="decline-reason" class="input textarea" rows="4" maxlength="1000" required="required" aria-describedby="decline-count"></textarea>
                <p id="decline-count" class="counter">{{decline.count}}</p>
                <p id="decline-error" class="dialog-error" role="status" aria-live="polite"></p>
                <div class="dialog-actions">
                <button type="button" id="cancel-decline" class="btn btn-secondary">{{decline.cancel}}</button>
                <button type="button" id="confirm-decline" class="btn btn-danger">{{CONFIRM}}</button>
                </div>
                </div>
                </dialog>
                """)), Map.of("TEXT", text, "TITLE", PageHtml.text(m, approver ? "decline.title_approver" : "decline.title"),
                "CONFIRM", PageHtml.text(m, approver ? "decline.confirm_approver" : "decline.confirm")));
    }

    /**
     * The dialog handing the party's place to another person: their name, email and a reason, which the
     * sender sees. The same limits as the API's (a name of one line, a reason of 1000 characters).
     *
     * @param senderName as it is; empty when unknown
     */
    static Html delegateDialog(Messages m, String senderName) {
        Html text = senderName.isEmpty() ? PageHtml.text(m, "delegate.text_no_sender")
                : PageHtml.text(m, "delegate.text", Html.of("{}", senderName));
        return own(PageHtml.words(m, Html.trusted("""
                <dialog id="delegate-dialog" class="dialog" aria-labelledby="delegate-dialog-title" aria-describedby="delegate-dialog-text">
                <div class="dialog-body">
                <h2 id="delegate-dialog-title" class="dialog-title">{{delegate.title}}</h2>
                <p id="delegate-dialog-text">{{TEXT}}</p>
                <label class="label" for="delegate-name">{{delegate.name}}</label>
                <input id="delegate-name" class="input" type="text" maxlength="255" autocomplete="off" required="required" />
                <label class="label" for="delegate-email">{{delegate.email}}</label>
                <input id="delegate-email" class="input" type="email" maxlength="254" autocomplete="off" spellcheck="false" required="required" />
                <label class="label" for="delegate-reason">{{delegate.reason}}</label>
                <textarea id="delegate-reason" class="input textarea" rows="3" maxlength="1000" required="required" aria-describedby="delegate-count"></textarea>
                <p id="delegate-count" class="counter">{{decline.count}}</p>
                <p id="delegate-error" class="dialog-error" role="status" aria-live="polite"></p>
                <div class="dialog-actions">
                <button type="button" id="cancel-delegate" class="btn btn-secondary">{{delegate.cancel}}</button>
                <button type="button" id="confirm-delegate" class="btn btn-primary">{{delegate.confirm}}</button>
                </div>
                </div>
                </dialog>
                """)), Map.of("TEXT", text));
    }

    private static Html own(Html dialog, Map<String, Html> holes) {
        return Html.fill(dialog, OWN, holes::get);
    }
}
