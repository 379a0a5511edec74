package org.signet.pdf.finish;

/**
 * The words of the certificate of completion, by key ({@code title}, {@code parties},
 * {@code column.time}, ...), with arguments filled in: the caller's catalogue, so that the PDF
 * writer knows no message bundle.
 */
@FunctionalInterface
public interface CertificateWords {
    String get(String key, Object... args);
}
