package org.signet.mail;

import java.io.IOException;
import java.text.MessageFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.OutboxEntry;
import org.signet.domain.QueuedAttachment;
import org.signet.store.Database;
import org.signet.store.Lease;
import org.signet.store.MailOutboxStore;

/**
 * Delivers the messages of the mail queue: due pending messages in batches on each
 * {@link #runOnce()}, temporary failures retried with growing delays, permanent ones given up at
 * once. Delivery is at least once: a crash between handing a message over and recording it sends
 * it again after the restart. Signet makes one sender per process; its lock keeps deliveries
 * from overlapping, and each message is claimed with a {@link Lease} before it is handed over, so
 * several instances on one database never deliver the same message at the same time, and a message
 * left claimed by an instance that stopped is delivered by another once the lease has ended.
 */
public final class MailSender {

    /** Reads the bytes of a stored file to attach; empty when the file no longer exists. */
    @FunctionalInterface
    public interface AttachmentLoader {
        Optional<byte[]> load(long storedFileId) throws IOException;
    }

    /** A message is failed after this many temporary failures. */
    static final int MAX_ATTEMPTS = 10;
    /** Delay after the 1st, 2nd, ... failed attempt; every later one waits {@link #LAST_DELAY}. */
    private static final List<Duration> DELAYS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(15), Duration.ofHours(1), Duration.ofHours(3), Duration.ofHours(6),
            Duration.ofHours(12));
    private static final Duration LAST_DELAY = Duration.ofHours(24);
    /** Messages claimed at a time: a process that stops leaves at most these waiting for their lease to end. */
    private static final int BATCH = 10;
    /**
     * How long one message may take: connecting and each SMTP command and write are bounded by the
     * transport's 10-second timeouts, and a message is about ten of them.
     */
    static final Duration LONGEST_MESSAGE = Duration.ofMinutes(2);
    /** How long a claim holds its messages; a message is begun only while its whole {@link #LONGEST_MESSAGE} fits. */
    static final Duration LEASE = Duration.ofMinutes(5);
    /**
     * After this many temporary failures in a row the server is most likely down; the rest wait for
     * the next run instead of each spending a connect timeout and an attempt.
     */
    private static final int FAILURES_IN_A_ROW = 3;
    /** How long {@link #deliverNow} waits for a running delivery; it serves an HTTP request. */
    private static final Duration LOCK_WAIT = Duration.ofSeconds(30);
    private static final int ERROR_CHARS = 300;
    private static final Logger LOG = Logger.getLogger(MailSender.class.getName());
    private static final int PRUNE_BATCH = 1000;

    /** HELD: another run (of this or another instance) holds the message's lease and is delivering it. */
    private enum Outcome { SENT, RETRY, FAILED, HELD }

    private final MailOutboxStore table;
    private final MailTransport transport;
    private final AttachmentLoader loader;
    private final Clock clock;
    private final SigningLinks.Resolver links;
    private final LongFunction<Optional<String>> codes;
    private final ReentrantLock lock = new ReentrantLock();
    /** A run was asked for; one that finds another delivering leaves it to that one to run again. */
    private final AtomicBoolean wanted = new AtomicBoolean();
    private final LongAdder failedAttempts = new LongAdder();

    /** A sender for messages without signing-link placeholders. */
    public MailSender(Database db, MailTransport transport, AttachmentLoader loader, Clock clock) {
        this(db, transport, loader, clock, (signer, recipient) -> Optional.empty());
    }

    /**
     * A sender that puts each signer's link ({@code links}) in place of its placeholder as it delivers,
     * asking for it for the message's recipient.
     */
    public MailSender(Database db, MailTransport transport, AttachmentLoader loader, Clock clock,
            SigningLinks.Resolver links) {
        this(db, transport, loader, clock, links, ticket -> Optional.empty());
    }

    /** As above, and puts each one-time code ({@code codes}, by ticket) in place of its placeholder too. */
    public MailSender(Database db, MailTransport transport, AttachmentLoader loader, Clock clock,
            SigningLinks.Resolver links, LongFunction<Optional<String>> codes) {
        this.table = new MailOutboxStore(Objects.requireNonNull(db, "db"));
        this.transport = Objects.requireNonNull(transport, "transport");
        this.loader = Objects.requireNonNull(loader, "loader");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.links = Objects.requireNonNull(links, "links");
        this.codes = Objects.requireNonNull(codes, "codes");
    }

    /**
     * Delivers every pending message due now, first due first. Returns at once when another run
     * is delivering; that one runs once more before it ends, so a message queued meanwhile (due
     * after that run began) goes out then, not at the next periodic run.
     */
    public void runOnce() {
        wanted.set(true);
        // Asked for after the holder's last look at `wanted`: then the lock is free again here.
        while (wanted.get() && lock.tryLock()) {
            try {
                wanted.set(false);
                deliverDue(now());
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Attempts the given pending messages now, however long their next attempt is away, and says
     * for each id whether the message has been handed to the mail server: true also for one sent
     * before; false for a failed or unknown one, and for one whose attempt now failed temporarily (it
     * stays queued for its retries), that a running delivery kept busy past 30 seconds or that another
     * instance is delivering at this moment, or that was
     * left untried after three temporary failures in a row (the server is most likely down; it keeps
     * its place in the queue). Call it after the transaction that queued the messages has committed, never inside one: a transaction
     * would hold the database's write lock while the mail server answers.
     */
    public Map<Long, Boolean> deliverNow(Collection<Long> ids) {
        Map<Long, Boolean> handedOver = new LinkedHashMap<>();
        boolean locked = lockWithin(LOCK_WAIT);
        try {
            // As in deliverDue: after a few temporary failures in a row the server is most likely down,
            // and the caller, an HTTP request, must not wait a connect timeout for every message.
            int failuresInARow = 0;
            for (Long id : ids) {
                if (!locked || failuresInARow >= FAILURES_IN_A_ROW) {
                    handedOver.put(id, isSent(id));
                    continue;
                }
                Outcome outcome = deliverById(id);
                failuresInARow = outcome == Outcome.RETRY ? failuresInARow + 1 : 0;
                handedOver.put(id, outcome == Outcome.SENT);
            }
        } finally {
            if (locked) {
                lock.unlock();
            }
        }
        return handedOver;
    }

    private void deliverDue(long cutoff) {
        // Every message handled here leaves the due set (sent, failed, or next attempt in the future);
        // remembering ids keeps a clock that jumps backwards from looping over the same messages.
        Set<Long> seen = new HashSet<>();
        int failuresInARow = 0;
        while (table.anyDue(cutoff, now())) {
            Lease lease = table.newLease(now(), LEASE);
            List<OutboxEntry> batch = table.claimDue(cutoff, now(), BATCH, lease);
            List<OutboxEntry> fresh = batch.stream().filter(e -> seen.add(e.id())).toList();
            int tried = 0;
            for (OutboxEntry entry : fresh) {
                if (Thread.currentThread().isInterrupted() || !lease.covers(now(), LONGEST_MESSAGE)) {
                    break; // Signet is stopping, or the lease ends too soon for one more message
                }
                tried++;
                failuresInARow = deliver(entry, lease) == Outcome.RETRY ? failuresInARow + 1 : 0;
                if (failuresInARow == FAILURES_IN_A_ROW) {
                    LOG.log(Level.WARNING, "Mail delivery paused after {0} temporary failures in a "
                            + "row; {1} messages are waiting", new Object[] {FAILURES_IN_A_ROW, table.pendingCount()});
                    break;
                }
            }
            if (tried < batch.size()) {
                // What the lease still holds was not tried; let go, it would otherwise wait for the lease to end.
                table.release(lease);
            }
            if (Thread.currentThread().isInterrupted() || failuresInARow == FAILURES_IN_A_ROW
                    || fresh.isEmpty() || batch.size() < BATCH) {
                return;
            }
        }
    }

    private Outcome deliverById(long id) {
        Optional<OutboxEntry> entry = table.find(id);
        if (entry.isEmpty()) {
            return Outcome.FAILED;
        }
        return switch (entry.get().status()) {
            case SENT -> Outcome.SENT;
            case FAILED -> Outcome.FAILED;
            case PENDING -> claimAndDeliver(id);
        };
    }

    /** Attempts a pending message under a lease of its own; HELD when another run is delivering it. */
    private Outcome claimAndDeliver(long id) {
        Lease lease = table.newLease(now(), LEASE);
        Optional<OutboxEntry> claimed = table.claim(id, now(), lease);
        if (claimed.isEmpty()) {
            return isSent(id) ? Outcome.SENT : Outcome.HELD;
        }
        return deliver(claimed.get(), lease);
    }

    private boolean isSent(long id) {
        return table.find(id).map(e -> e.status() == OutboxEntry.Status.SENT).orElse(false);
    }

    private Outcome deliver(OutboxEntry entry, Lease lease) {
        int attempt = entry.attempts() + 1;
        LongFunction<Optional<String>> own = signer -> links.link(signer, entry.recipient());
        try {
            transport.send(new MailMessage(entry.recipient(), entry.recipientName(), entry.subject(),
                    filled(entry.textBody(), own), filled(entry.htmlBody(), own),
                    attachments(entry)));
        } catch (MailDeliveryException e) {
            return failed(entry, lease, attempt, e.permanent(), e.getMessage(), null);
        } catch (RuntimeException e) {
            // A fault in a transport or loader must not stop the queue behind this message for good;
            // its stack trace goes with the outcome line, as it points at a bug.
            return failed(entry, lease, attempt, false, "Unexpected fault: " + e, e);
        }
        recorded(table.markSent(entry.id(), lease, attempt, now()), entry);
        log(Level.INFO, null, "Mail {0} ({1}) to {2} sent on attempt {3}",
                Long.toString(entry.id()), entry.template(), entry.recipient(), attempt);
        return Outcome.SENT;
    }

    /** A body with its links and codes put in, which exist only in the message handed over, never in the queue. */
    private String filled(String body, LongFunction<Optional<String>> recipientsLinks) throws MailDeliveryException {
        return OneTimeCodes.fill(SigningLinks.fill(body, recipientsLinks), codes);
    }

    private List<Attachment> attachments(OutboxEntry entry) throws MailDeliveryException {
        QueuedAttachment queued = entry.attachment();
        if (queued == null) {
            return List.of();
        }
        String what = "the attachment '" + queued.filename() + "' (stored file " + queued.storedFileId() + ")";
        Optional<byte[]> content;
        try {
            content = loader.load(queued.storedFileId());
        } catch (IOException e) {
            throw new MailDeliveryException("Cannot read " + what + ": " + e.getMessage(), false, e);
        }
        byte[] bytes = content.orElseThrow(() -> new MailDeliveryException(
                "Not sent: " + what + " no longer exists", true, null));
        return List.of(new Attachment(queued.filename(), queued.contentType(), bytes));
    }

    private Outcome failed(OutboxEntry entry, Lease lease, int attempt, boolean permanent, String reason,
            Throwable bug) {
        failedAttempts.increment();
        String error = shortError(reason);
        if (permanent || attempt >= MAX_ATTEMPTS) {
            recorded(table.markFailed(entry.id(), lease, attempt, error), entry);
            log(Level.WARNING, bug, "Mail {0} ({1}) to {2} failed for good on attempt {3}: {4}",
                    Long.toString(entry.id()), entry.template(), entry.recipient(), attempt, error);
            return Outcome.FAILED;
        }
        long next = now() + delayAfter(attempt).toSeconds();
        recorded(table.markRetry(entry.id(), lease, attempt, next, error), entry);
        log(Level.WARNING, bug, "Mail {0} ({1}) to {2} not sent on attempt {3}, next try at {4}: {5}",
                Long.toString(entry.id()), entry.template(), entry.recipient(), attempt,
                Instant.ofEpochSecond(next), error);
        return Outcome.RETRY;
    }

    /**
     * Warns of an outcome not recorded because the lease ran out first and another run took the
     * message, which may then go out twice: the lease, well past the longest delivery, should never allow it.
     */
    private static void recorded(boolean held, OutboxEntry entry) {
        if (!held) {
            LOG.log(Level.WARNING, "Mail {0} ({1}): its claim ended before the outcome was recorded; another run "
                    + "has taken it", new Object[] {Long.toString(entry.id()), entry.template()});
        }
    }

    /** One line per outcome; never the bodies, which hold signing links. */
    private static void log(Level level, Throwable bug, String pattern, Object... args) {
        if (bug == null) {
            LOG.log(level, pattern, args);
        } else {
            LOG.log(level, MessageFormat.format(pattern, args), bug);
        }
    }

    /**
     * Deletes messages delivered more than {@code keep} ago, a batch at a time: their bodies hold
     * signing links. Failed and pending messages are kept. Returns how many were deleted.
     */
    public int pruneDelivered(Duration keep) {
        long before = now() - keep.toSeconds();
        int deleted = 0;
        for (int n = table.deleteSentBefore(before, PRUNE_BATCH); n > 0; n = table.deleteSentBefore(before, PRUNE_BATCH)) {
            deleted += n;
        }
        return deleted;
    }

    /** Delivery attempts that failed since start, temporarily or for good. */
    public long failedAttempts() {
        return failedAttempts.sum();
    }

    /** The wait after failed attempt number {@code attempt} (1-based): 1 min, 5 min, ... then every 24 h. */
    static Duration delayAfter(int attempt) {
        return attempt <= DELAYS.size() ? DELAYS.get(attempt - 1) : LAST_DELAY;
    }

    /**
     * One line, bounded: the error is shown to administrators. Transports mask the SMTP password in
     * their messages, and messages never carry the bodies, so no credential is stored here.
     */
    private static String shortError(String reason) {
        String line = reason == null ? "unknown error" : reason.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
        return line.length() <= ERROR_CHARS ? line : line.substring(0, ERROR_CHARS - 1) + "…";
    }

    private boolean lockWithin(Duration wait) {
        try {
            return lock.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }
}
