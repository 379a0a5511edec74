package org.signet.config;

/** Configuration that Signet refuses to start with; the message names the key and its source. */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(message);
    }
}
