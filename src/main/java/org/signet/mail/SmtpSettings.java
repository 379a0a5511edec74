package org.signet.mail;

import java.util.Objects;

/**
 * How to reach the SMTP server: host and port, optional login, STARTTLS, and the From address
 * (a bare address gets the display name "Signet"). {@code username} and {@code password} may be
 * null or empty when the server needs no login.
 */
public record SmtpSettings(String host, int port, String username, String password,
                           boolean starttls, String from) {

    public SmtpSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(from, "from");
        if (host.isBlank()) {
            throw new IllegalArgumentException("SMTP host is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("SMTP port " + port + " is not between 1 and 65535");
        }
    }

    /** True when a username is set, so the server is asked to authenticate (SMTP AUTH). */
    public boolean authenticates() {
        return username != null && !username.isEmpty();
    }

    /** Masks the password: settings are logged at start-up and appear in error reports. */
    @Override
    public String toString() {
        String shownPassword = password == null || password.isEmpty() ? "(none)" : "****";
        return "SmtpSettings[host=" + host + ", port=" + port + ", username=" + username
                + ", password=" + shownPassword + ", starttls=" + starttls + ", from=" + from + "]";
    }
}
