package org.signet.json;

/** Text that is not valid JSON; the message says where, as the parser reported it. */
public final class JsonSyntaxException extends Exception {
    public JsonSyntaxException(String message) {
        super(message);
    }
}
