package org.signet.domain;

import java.util.Arrays;
import java.util.Optional;

/**
 * How much a sealed PDF proves on its own, named by the PAdES baseline levels (ETSI EN 319 142-1):
 * B-B a signature; B-T with a trusted time; B-LT with the chains and revocation data to check it
 * later; B-LTA with a document timestamp over all of that, renewable before its authority expires.
 */
public enum SealLevel {
    B_B("B-B"), B_T("B-T"), B_LT("B-LT"), B_LTA("B-LTA");

    private final String wire;

    SealLevel(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<SealLevel> fromWire(String s) {
        return Arrays.stream(values()).filter(l -> l.wire.equals(s)).findFirst();
    }
}
