package org.signet.mail;

import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.config.Config;

/** Chooses how Signet delivers mail: the configured SMTP server, or {@code .eml} files when there is none. */
public final class Transports {
    private static final Logger LOG = Logger.getLogger(Transports.class.getName());

    private Transports() {
    }

    /**
     * An {@link SmtpTransport} when {@code smtp.host} is set (with {@code smtp.port}, {@code username},
     * {@code password}, {@code starttls} and {@code from}); otherwise an {@link OutboxTransport} writing
     * into {@code <data>/outbox}, so a demo needs no mail server.
     *
     * @throws IllegalArgumentException when {@code smtp.from} is not a valid address
     */
    public static MailTransport fromConfig(Config config) {
        String from = sender(config);
        String host = config.string("smtp.host");
        if (host.isEmpty()) {
            Path outbox = config.dataDir().resolve("outbox");
            LOG.log(Level.INFO, "No smtp.host set: mail is written as .eml files into {0}", outbox);
            return new OutboxTransport(outbox, from);
        }
        SmtpSettings settings = new SmtpSettings(host, config.integer("smtp.port"), config.string("smtp.username"),
                config.string("smtp.password"), config.bool("smtp.starttls"), from);
        // SmtpSettings.toString masks the password.
        LOG.log(Level.INFO, "Mail goes out through {0}", settings);
        return new SmtpTransport(settings);
    }

    /**
     * The From address: {@code smtp.from}'s address, under its own display name when the setting names one, else
     * under the site's name ({@code site.name}). The built-in default's "Signet" is no name of the site's choosing.
     */
    static String sender(Config config) {
        boolean defaulted = config.source("smtp.from") == Config.Source.DEFAULT;
        return MimeMessages.withDisplayName(config.string("smtp.from"), config.brand().name(), defaulted);
    }
}
