package org.signet.web.admin;

import java.util.ArrayList;
import java.util.List;
import org.signet.text.Html;

/**
 * The steps of making a document, shown at the top of each of their pages: upload, recipients, fields, review
 * and send. The present step is marked with {@code aria-current="step"}; the others are links once the draft
 * exists, upload excepted: going back there would start another document.
 */
final class DraftSteps {
    /** The steps in order, each with its message key. */
    enum Step {
        UPLOAD("compose.step.upload"), RECIPIENTS("compose.step.recipients"), FIELDS("compose.step.fields"),
        SEND("compose.step.send");

        final String key;

        Step(String key) {
            this.key = key;
        }

        /** Where this step of document {@code id} is; {@code id} is null before the upload. */
        String path(Long id) {
            return switch (this) {
                case UPLOAD -> "/admin/documents/new";
                case RECIPIENTS -> "/admin/documents/" + id + "/recipients";
                case FIELDS -> "/admin/documents/" + id + "/fields";
                case SEND -> "/admin/documents/" + id + "/send";
            };
        }
    }

    private DraftSteps() {}

    /** The steps with {@code present} marked; {@code id} is the draft's, or null before it exists. */
    static Html render(AdminView v, Long id, Step present) {
        List<Html> items = new ArrayList<>();
        for (Step step : Step.values()) {
            Html words = Html.of("<span class=\"step-number\">{}</span> {}", v.number(step.ordinal() + 1L), v.t(step.key));
            boolean reachable = step != present && id != null && step != Step.UPLOAD;
            Html item = step == present
                    ? Html.of("<span aria-current=\"step\">{}</span>", words)
                    : reachable ? Html.of("<a href=\"{}\">{}</a>", step.path(id), words) : Html.of("<span>{}</span>", words);
            items.add(Html.of("<li>{}</li>\n", item));
        }
        return Html.of("<nav class=\"draft-steps\" aria-label=\"{}\">\n<ol>\n{}</ol>\n</nav>\n", v.t("compose.steps"),
                Html.join(items));
    }
}
