package org.signet.http;

import org.signet.error.Refusal;

/**
 * The pages a part of the site answers failures with in place of the JSON error envelope, for
 * people in a browser rather than programs: registered on the site's {@link Router} for a path prefix.
 */
public interface ErrorPages {
    /** The page for a refused request; its status is the refusal's. */
    Response refused(Request request, Refusal refusal);

    /** The page for an unexpected failure, already logged under the request's id; its status is 500. */
    Response failed(Request request);
}
