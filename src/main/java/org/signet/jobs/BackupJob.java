package org.signet.jobs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.signet.files.OwnerOnly;
import org.signet.service.BackupException;
import org.signet.service.BackupManifest;
import org.signet.service.Backups;

/**
 * Takes Signet's own backups: whenever the newest complete one in the backup folder is
 * {@code every} old, a new one into a subfolder named by the time, then removes the oldest beyond
 * {@code keep} and what an interrupted backup left. Runs every few minutes, so a restart delays a
 * due backup by minutes, not a whole period. Only subfolders it names itself are ever removed.
 */
public final class BackupJob implements Runnable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");
    private static final DateTimeFormatter NAME =
            DateTimeFormatter.ofPattern("'signet-'yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Pattern FOLDER = Pattern.compile("signet-\\d{8}T\\d{6}Z(-\\d{1,3})?");

    private final Backups backups;
    private final Path dir;
    private final Duration every;
    private final int keep;
    private final Clock clock;
    private final AtomicLong failures = new AtomicLong();
    private volatile Outcome last;

    /** How the last run that was due went: when, whether a backup was made, and where or why not. */
    public record Outcome(Instant at, boolean ok, String detail) {}

    public BackupJob(Backups backups, Path dir, Duration every, int keep, Clock clock) {
        this.backups = backups;
        this.dir = dir;
        this.every = every;
        this.keep = keep;
        this.clock = clock;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Takes a backup if one is due, then prunes; answers the folder of the backup made. */
    public Optional<Path> runOnce() {
        Instant now = clock.instant();
        try {
            List<Path> complete = folders(true);
            if (!complete.isEmpty() && taken(complete.get(complete.size() - 1)).plus(every).isAfter(now)) {
                return Optional.empty();
            }
            Path made = next(now);
            BackupManifest m = backups.make(made, false);
            last = new Outcome(now, true, made.toString());
            LOG.info("backup made in " + made + ": " + m.files().size() + " files, " + m.chainsChecked()
                    + " audit chains checked");
            prune();
            return Optional.of(made);
        } catch (BackupException | IOException | RuntimeException e) {
            failures.incrementAndGet();
            last = new Outcome(now, false, e.getMessage());
            LOG.log(Level.WARNING, "the backup into " + dir + " failed; the next run tries again", e);
            return Optional.empty();
        }
    }

    /** How many due backups have failed since Signet started. */
    public long failures() {
        return failures.get();
    }

    /** How the last due backup went; empty before the first. */
    public Optional<Outcome> lastOutcome() {
        return Optional.ofNullable(last);
    }

    /** When the newest complete backup in the folder was taken, by its name; empty when there is none. */
    public Optional<Instant> newestComplete() {
        try {
            List<Path> complete = folders(true);
            return complete.isEmpty() ? Optional.empty() : Optional.of(taken(complete.get(complete.size() - 1)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A new subfolder named by {@code now}, numbered when two backups fall in one second. */
    private Path next(Instant now) throws IOException {
        OwnerOnly.folder(dir);
        String name = NAME.format(now);
        Path p = dir.resolve(name);
        for (int n = 2; Files.exists(p); n++) {
            p = dir.resolve(name + "-" + n);
        }
        return p;
    }

    /** Removes the complete backups beyond {@code keep}, oldest first, and every incomplete one. */
    private void prune() throws IOException {
        List<Path> complete = folders(true);
        for (Path p : complete.subList(0, Math.max(0, complete.size() - keep))) {
            Backups.delete(p);
        }
        for (Path p : folders(false)) {
            Backups.delete(p); // only this job writes here, and it is not running another backup now
        }
    }

    /** This job's subfolders, complete or not, in the order they were made. */
    private List<Path> folders(boolean complete) throws IOException {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.sorted().toList()) {
                if (FOLDER.matcher(p.getFileName().toString()).matches() && Files.isDirectory(p)
                        && Backups.isComplete(p) == complete) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    private static Instant taken(Path folder) {
        String name = folder.getFileName().toString().substring(0, "signet-yyyyMMddTHHmmssZ".length());
        return NAME.parse(name, Instant::from);
    }
}
