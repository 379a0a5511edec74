package org.signet.web.admin;

import java.util.Map;
import org.signet.domain.Actor;
import org.signet.domain.Principal;

/**
 * How the recipients page places the fields found in a document's file: as {@code POST /documents/{id}/fields} with
 * {@code from_detected} does, each signer number of the file for the recipient the sender chose, the fields there
 * were replaced. The wiring hands the pages the REST interface's own, as with {@link FormUpload}.
 */
@FunctionalInterface
public interface FoundFields {
    void place(Principal p, long documentId, Map<Integer, Long> signerOf, Actor actor);
}
