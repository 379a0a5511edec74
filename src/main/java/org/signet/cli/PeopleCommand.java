package org.signet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.List;
import org.signet.CommandServices;
import org.signet.config.Config;
import org.signet.error.Refusal;
import org.signet.service.People;
import org.signet.store.Database;
import org.signet.text.Wire;

/**
 * {@code people export --email E --to DIR} writes everything Signet holds about an address into a new folder
 * (index.json, person.json and their copies of finished documents); {@code people erase --email E [--dry-run]}
 * erases them and prints, for each document they take part in, what it did or would do and why.
 */
final class PeopleCommand {
    private final PrintStream out;

    PeopleCommand(PrintStream out) {
        this.out = out;
    }

    int run(Arguments a, Config config) throws UsageException, CommandException {
        String verb = a.word(1);
        if (!verb.equals("export") && !verb.equals("erase")) {
            throw new UsageException("people needs: export or erase");
        }
        String email = a.option("email").orElseThrow(() -> new UsageException("people " + verb + " needs --email E"));
        Path to = verb.equals("export") ? Path.of(a.option("to").orElseThrow(
                () -> new UsageException("people export needs --to DIR"))) : null;
        Wire wire = new Wire(config.zone());
        try (Database db = Storage.open(config)) {
            People people = CommandServices.people(config, db, Clock.systemUTC());
            return to != null ? export(people.export(email, wire), email, to)
                    : erase(people.erase(email, Clock.systemUTC().millis() / 1000, a.flag("dry-run")), a.flag("dry-run"));
        } catch (Refusal e) {
            throw new CommandException(e.getMessage());
        } catch (IOException e) {
            throw new CommandException("cannot write the export to " + to + ": " + e.getMessage());
        }
    }

    private int export(People.Export export, String email, Path to) throws IOException, CommandException {
        if (Files.exists(to) && (!Files.isDirectory(to) || !empty(to))) {
            throw new CommandException(to + " exists and is not an empty folder: name a new one");
        }
        Files.createDirectories(to.resolve("files"));
        List<People.Entry> entries = export.entries();
        for (People.Entry e : entries) {
            try (InputStream in = e.opener().open()) {
                Files.copy(in, to.resolve(e.path()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        out.println("Exported what Signet holds about " + email + " to " + to + ": " + entries.size() + " file(s), "
                + "the index among them");
        return 0;
    }

    private static boolean empty(Path folder) throws IOException {
        try (var entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        }
    }

    private int erase(List<People.Step> steps, boolean dryRun) {
        for (People.Step s : steps) {
            String action = switch (s.action()) {
                case REMOVED -> dryRun ? "would remove from" : "removed from";
                case PURGED -> dryRun ? "would purge" : "purged";
                case KEPT -> "kept";
            };
            out.println(action + " document " + s.documentId() + " (" + s.status() + "): " + s.why());
        }
        long kept = steps.stream().filter(s -> s.action() == People.Action.KEPT).count();
        out.println((dryRun ? "Dry run, nothing changed: " : "Erased: ") + (steps.size() - kept) + " document(s) "
                + (dryRun ? "would change" : "changed") + ", " + kept + " kept");
        return 0;
    }
}
