package org.signet.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;
import org.signet.CommandServices;
import org.signet.config.Config;
import org.signet.crypto.Passwords;
import org.signet.domain.EmailAddress;
import org.signet.domain.User;
import org.signet.service.Operator;
import org.signet.store.Database;

/**
 * {@code users add|list|passwd|disable|reset-2fa}: host-site accounts, managed from the command line through the
 * same accounts as the administrator pages ({@link Operator}), so a new password or a disabled account ends the
 * account's sessions on a running server too.
 */
final class UsersCommand {
    private static final String RESET_2FA = "reset-2fa";
    private final PrintStream out;
    private final Supplier<Optional<char[]>> passwordInput;

    UsersCommand(PrintStream out, Supplier<Optional<char[]>> passwordInput) {
        this.out = out;
        this.passwordInput = passwordInput;
    }

    int run(Arguments a, Config config) throws UsageException, CommandException {
        String sub = a.word(1);
        if (!java.util.Set.of("add", "list", "passwd", "disable", RESET_2FA).contains(sub)) {
            throw new UsageException("users needs one of: add, list, passwd, disable, " + RESET_2FA);
        }
        try (Database db = Storage.open(config)) {
            Operator users = CommandServices.operator(db, java.time.Clock.systemUTC());
            switch (sub) {
                case "add" -> add(a, users);
                case "list" -> list(users);
                case "passwd" -> passwd(a, users);
                case RESET_2FA -> resetSecondFactors(a, users);
                default -> disable(a, users);
            }
        }
        return 0;
    }

    private void add(Arguments a, Operator users) throws UsageException, CommandException {
        String email = a.require("email").trim();
        String name = a.requireText("name");
        if (!EmailAddress.isValid(email)) {
            throw new UsageException("'" + email + "' is not a valid email address");
        }
        if (users.user(email).isPresent()) {
            throw new CommandException("a user with email " + email + " already exists");
        }
        boolean admin = a.flag("admin");
        String hash = a.flag("password-stdin") || admin ? Passwords.hash(password(admin)) : null;
        User u = users.addUser(email, name, admin, hash);
        out.println("Added user " + u.id() + ": " + u.email() + (u.admin() ? " (administrator)" : "")
                + (u.hasPassword() ? "" : "; no password, so no sign-in until users passwd --email " + u.email()
                        + " sets one"));
    }

    /**
     * An administrator always gets a password (typed at the prompt, or a line on standard input): one made
     * without could not sign in to the pages that only an administrator may use, and nothing would say so.
     */
    private char[] password(boolean admin) throws CommandException {
        try {
            return password();
        } catch (CommandException e) {
            throw admin ? new CommandException("no user was added: an administrator needs a password (type it at the"
                    + " prompt, or give it on standard input with --password-stdin): " + e.getMessage()) : e;
        }
    }

    private void list(Operator users) {
        out.printf("%-5s %-32s %-24s %-6s %-9s %s%n", "ID", "EMAIL", "NAME", "ADMIN", "DISABLED", "PASSWORD");
        for (User u : users.users()) {
            out.printf("%-5d %-32s %-24s %-6s %-9s %s%n", u.id(), u.email(), u.name(), yes(u.admin()),
                    yes(u.disabled()), u.hasPassword() ? "set" : "-");
        }
    }

    private void passwd(Arguments a, Operator users) throws UsageException, CommandException {
        String email = a.require("email");
        users.user(email).orElseThrow(() -> new CommandException("no user with email " + email));
        users.setPassword(email, Passwords.hash(password()));
        out.println("Password changed for " + email + "; their sessions have ended");
    }

    private void disable(Arguments a, Operator users) throws UsageException, CommandException {
        String email = a.require("email");
        if (!users.disable(email)) {
            throw new CommandException("no user with email " + email);
        }
        out.println("Disabled " + email + "; their API keys and sessions stop working at once");
    }

    /** For a user who lost their authenticator app: they sign in with their password alone, and may set up a new one. */
    private void resetSecondFactors(Arguments a, Operator users) throws UsageException, CommandException {
        String email = a.require("email");
        if (!users.resetSecondFactors(email)) {
            throw new CommandException("no user with email " + email);
        }
        out.println("Second factor removed for " + email + "; their sessions have ended");
    }

    private char[] password() throws CommandException {
        char[] p = passwordInput.get().orElseThrow(() -> new CommandException("no password given on standard input"));
        if (p.length < 8) {
            Arrays.fill(p, '\0');
            throw new CommandException("a password needs at least 8 characters");
        }
        return p;
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }
}
