package org.signet.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the port of the JDK server behind Signet's front in a Signet process: the one loopback port
 * that process listens on besides the front's. Read from /proc (the socket inodes among the process's
 * open files, matched against the kernel's table of listening TCP sockets), so Signet itself publishes
 * nothing for the bench; empty where there is no /proc.
 */
final class InnerPort {
    private static final String LISTEN = "0A";

    private InnerPort() {}

    static Optional<Integer> of(long pid, int frontPort) {
        try {
            Set<String> inodes = socketInodes(pid);
            for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                Optional<Integer> port = listening(Path.of(table), inodes, frontPort);
                if (port.isPresent()) {
                    return port;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process has gone
        }
        return Optional.empty();
    }

    private static Set<String> socketInodes(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor was closed between listing and reading
                }
            }
        }
        return inodes;
    }

    /** Columns: sl, local address:port (hex), remote, state, queues, ..., uid, timeout, inode. */
    private static Optional<Integer> listening(Path table, Set<String> inodes, int frontPort) throws IOException {
        List<String> lines = Files.readAllLines(table);
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !f[3].equals(LISTEN) || !inodes.contains(f[9])) {
                continue;
            }
            String[] local = f[1].split(":");
            int port = Integer.parseInt(local[1], 16);
            if (port != frontPort && loopback(local[0])) {
                return Optional.of(port);
            }
        }
        return Optional.empty();
    }

    /** 127.0.0.1 as /proc writes it, alone (0100007F) or mapped into IPv6 (...FFFF0000 0100007F). */
    private static boolean loopback(String hex) {
        String h = hex.toUpperCase(Locale.ROOT);
        return h.equals("0100007F") || h.endsWith("FFFF00000100007F") || h.equals("00000000000000000000000001000000");
    }
}
