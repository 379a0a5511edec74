package org.signet.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;

/**
 * Gives each load connection its own loopback address where the system allows it, since Signet
 * limits requests per client address and a real site's clients come from many addresses.
 */
final class Loopback {
    private final boolean distinct;

    private Loopback(boolean distinct) {
        this.distinct = distinct;
    }

    /** Where binding to 127.0.0.2 fails (not Linux), every connection speaks from the default address. */
    static Loopback probe() {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(address(0), 0));
            return new Loopback(true);
        } catch (IOException e) {
            return new Loopback(false);
        }
    }

    /** The address connection {@code n} speaks from, or null for the system's choice. */
    InetAddress forConnection(int n) {
        return distinct ? address(n) : null;
    }

    boolean distinct() {
        return distinct;
    }

    private static InetAddress address(int n) {
        try {
            return InetAddress.getByAddress(new byte[] {127, 0, (byte) (n / 250), (byte) (2 + n % 250)});
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a four-byte address is always valid", e);
        }
    }
}
