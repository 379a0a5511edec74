package org.signet.http;

/** A route's handler: a function from a request value to a response value. */
@FunctionalInterface
public interface Handler {
    Response handle(Request request) throws Exception;
}
