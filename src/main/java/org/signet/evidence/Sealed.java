package org.signet.evidence;

import java.time.Instant;
import java.util.Objects;
import org.signet.domain.SealLevel;

/**
 * A sealed PDF and what it proves: its level, the time it was sealed (the authority's when there is
 * one), and when the certificate of its newest document timestamp expires (null without one), before
 * which the evidence is renewed.
 */
public record Sealed(byte[] pdf, SealLevel level, Instant sealedAt, Instant evidenceExpiresAt) {

    public Sealed {
        Objects.requireNonNull(pdf, "pdf");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(sealedAt, "sealedAt");
    }
}
