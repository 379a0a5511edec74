package org.signet.web.admin;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.signet.domain.Actor;
import org.signet.domain.FileLayout;
import org.signet.domain.Principal;
import org.signet.text.Html;

/**
 * What the field editor edits: a draft's fields for its recipients, or a template's for its signer slots. The
 * editor is one page and one script for both; this is the part that differs, each read and save going through
 * the service the REST interface uses for it.
 */
interface EditedFields {

    /** One person a field may be for: a document's signer or a template's slot, with the words shown for it. */
    record Recipient(long id, String name, String role) {}

    /**
     * What the editor shows: the title, the key a field names its recipient by ({@code signer_id} or
     * {@code signer_slot}), the recipients, the files in order and the fields in the save shape of
     * {@code POST .../fields}, each on a file and a page inside it.
     */
    record Model(String title, String assigneeKey, List<Recipient> recipients, FileLayout files,
            List<Map<String, Object>> fields) {}

    /** The part of the pages' addresses these editors live under: {@code documents} or {@code templates}. */
    String area();

    /** The steps navigation the editor of {@code id} shows above its own links, as its neighbouring pages do; may be empty. */
    Html steps(AdminView v, long id);

    /** Where "Back" goes from the editor of {@code id}. */
    String back(long id);

    /** Where the editor goes on from {@code id} when the sender is done. */
    String next(long id);

    /** The message key of the "next" link's words. */
    String nextWords();

    Model load(Principal p, long id);

    /** Replaces every field with {@code raw}, the payload's {@code fields}; all or nothing, as the interface does. */
    List<Map<String, Object>> save(Principal p, long id, Object raw, Actor actor);

    /** Page {@code n} over the files joined in order, as PNG. */
    byte[] page(Principal p, long id, int n) throws IOException;
}
