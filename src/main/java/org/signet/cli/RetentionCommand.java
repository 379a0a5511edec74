package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.signet.CommandServices;
import org.signet.config.Config;
import org.signet.service.Retention;
import org.signet.store.Database;
import org.signet.text.Wire;

/**
 * {@code retention run [--as-of TIME] [--dry-run]}: purges the documents whose retention has run out, as the
 * daily job does, now or as of another time (to plan: which documents go on a given day); with
 * {@code --dry-run} it lists what would go and changes nothing. Held documents are listed as held.
 */
final class RetentionCommand {
    private final PrintStream out;

    RetentionCommand(PrintStream out) {
        this.out = out;
    }

    int run(Arguments a, Config config) throws UsageException, CommandException {
        if (!a.word(1).equals("run")) {
            throw new UsageException("retention needs: run");
        }
        long asOf = asOf(a.option("as-of").orElse(null), config.zone());
        boolean dryRun = a.flag("dry-run");
        Wire wire = new Wire(config.zone());
        try (Database db = Storage.open(config)) {
            Retention retention = CommandServices.retention(config, db, Clock.systemUTC());
            List<Retention.Outcome> outcomes = retention.run(asOf, dryRun);
            outcomes.forEach(o -> out.println(line(o, wire)));
            long purged = outcomes.stream().filter(o -> o.action() == Retention.Action.PURGED).count();
            long held = outcomes.stream().filter(o -> o.action() == Retention.Action.HELD).count();
            out.println((dryRun ? "Would purge " + (outcomes.size() - held) : "Purged " + purged) + " document(s) as of "
                    + wire.time(asOf) + "; " + held + " held");
            return 0;
        } catch (IOException e) {
            throw new CommandException("cannot open the data folder " + config.dataDir() + ": " + e.getMessage());
        }
    }

    private static String line(Retention.Outcome o, Wire wire) {
        String why = o.status() + " since " + wire.time(o.since())
                + (o.ownDays() != null ? ", its own retention " + o.ownDays() + " days" : "");
        return switch (o.action()) {
            case PURGED -> "purged      document " + o.id() + " (" + why + ")";
            case WOULD_PURGE -> "would purge document " + o.id() + " (" + why + ")";
            case HELD -> "held        document " + o.id() + " (" + why + "): " + o.holdReason();
            case GONE -> "skipped     document " + o.id() + " (changed or held meanwhile)";
        };
    }

    /** Now; or an ISO instant (2031-01-15T00:00:00Z), or a date (2031-01-15, its start in the site's time zone). */
    static long asOf(String given, ZoneId zone) throws UsageException {
        if (given == null) {
            return Instant.now().getEpochSecond();
        }
        try {
            return given.length() == 10 ? LocalDate.parse(given).atStartOfDay(zone).toEpochSecond()
                    : Instant.parse(given).getEpochSecond();
        } catch (DateTimeParseException e) {
            throw new UsageException("--as-of must be a date (2031-01-15) or a time (2031-01-15T09:00:00Z)");
        }
    }
}
