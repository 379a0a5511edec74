package org.signet.http.front;

import java.io.IOException;
import java.nio.channels.SocketChannel;

/** How a front's clients connect: in plain text, or through {@link Tls}. */
public interface Transport {
    /** Plain HTTP. */
    Transport PLAIN = new Transport() {
        @Override
        public ClientChannel open(SocketChannel socket, long now) {
            return new PlainChannel(socket);
        }

        @Override
        public boolean secure() {
            return false;
        }
    };

    /** The client's side of a connection just accepted at {@code now} (epoch milliseconds). */
    ClientChannel open(SocketChannel socket, long now) throws IOException;

    /** Whether the connection is encrypted, and its answers may carry Strict-Transport-Security. */
    boolean secure();
}
