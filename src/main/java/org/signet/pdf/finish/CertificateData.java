package org.signet.pdf.finish;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * What the certificate-of-completion pages say about a finished document; any string or time may be
 * null and is then printed as a dash. {@code origin} says where the document came from ("template
 * 7"), or is null for an upload, and then has no row; {@code verifyUrl} is where a reader can check
 * the file ({@code {site.url}/verify}), or null for no such row. Times are written in {@code zone},
 * each with its offset from UTC. {@code siteName} is the site that sealed the document ({@code site.name});
 * {@code words} the certificate's words in the language it is written in; {@code files}, for a document
 * of several files, each of them in order (empty for one file, which {@code originalSha256} names).
 */
public record CertificateData(String documentTitle, String documentId, String originalSha256, Instant completedAt,
        String origin, String verifyUrl, ZoneId zone, List<Party> parties, List<Event> events,
        List<Attachment> attachments, String siteName, CertificateWords words, List<DocumentFile> files) {

    public CertificateData {
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(siteName, "siteName");
        Objects.requireNonNull(words, "words");
        parties = parties == null ? List.of() : List.copyOf(parties);
        events = events == null ? List.of() : List.copyOf(events);
        attachments = attachments == null ? List.of() : List.copyOf(attachments);
        files = files == null ? List.of() : List.copyOf(files);
    }

    /** A document of one file, which {@code originalSha256} names. */
    public CertificateData(String documentTitle, String documentId, String originalSha256, Instant completedAt,
            String origin, String verifyUrl, ZoneId zone, List<Party> parties, List<Event> events,
            List<Attachment> attachments, String siteName, CertificateWords words) {
        this(documentTitle, documentId, originalSha256, completedAt, origin, verifyUrl, zone, parties, events,
                attachments, siteName, words, List.of());
    }

    /** A document without attached files. */
    public CertificateData(String documentTitle, String documentId, String originalSha256, Instant completedAt,
            String origin, String verifyUrl, ZoneId zone, List<Party> parties, List<Event> events, String siteName,
            CertificateWords words) {
        this(documentTitle, documentId, originalSha256, completedAt, origin, verifyUrl, zone, parties, events,
                List.of(), siteName, words);
    }

    /** The same certificate, listing {@code list} as the attached files. */
    public CertificateData withAttachments(List<Attachment> list) {
        return new CertificateData(documentTitle, documentId, originalSha256, completedAt, origin, verifyUrl, zone,
                parties, events, list, siteName, words, files);
    }

    /** The same certificate, listing {@code list} as the document's files, joined in that order. */
    public CertificateData withFiles(List<DocumentFile> list) {
        return new CertificateData(documentTitle, documentId, originalSha256, completedAt, origin, verifyUrl, zone,
                parties, events, attachments, siteName, words, list);
    }

    /** One of a document of several files' files: its name, its pages in the sealed PDF, its original's digest. */
    public record DocumentFile(String filename, int firstPage, int lastPage, String sha256) {
    }

    /** A file a signer attached, appended after the document's pages: which field, whose, its name and digest. */
    public record Attachment(String field, String signer, String filename, String sha256) {
    }

    /** A signer or approver of the document and what they did, when and from where. */
    public record Party(String name, String email, String role, String status, String ipAddress, String userAgent,
            Instant invitedAt, Instant viewedAt, Instant signedAt) {
    }

    /** One line of the audit trail. */
    public record Event(Instant at, String action, String actor, String ipAddress) {
    }
}
