package org.signet.config;

/** The version written into the jar's manifest at build time. */
public final class Version {
    private Version() {}

    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }
}
