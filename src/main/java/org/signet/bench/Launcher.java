package org.signet.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the command lines that start Signet as a user runs it ({@code java -jar signet.jar
 * serve}) and the baseline server, from the code the bench itself runs from.
 */
final class Launcher {
    private final String java;
    private final Path jar;
    private final String classPath;
    private final List<String> jvmOptions;

    private Launcher(String java, Path jar, String classPath, List<String> jvmOptions) {
        this.java = java;
        this.jar = jar;
        this.classPath = classPath;
        this.jvmOptions = List.copyOf(jvmOptions);
    }

    /**
     * Both sides get the same JVM options, {@code jvmOptions} and nothing else, so that neither is
     * tuned for the occasion; under Maven's test runner, where there is no jar yet, the class path
     * stands in for it.
     */
    static Launcher ofThisProcess(List<String> jvmOptions) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path source = codeSource();
        if (source != null && Files.isRegularFile(source) && source.toString().endsWith(".jar")) {
            return new Launcher(java, source, source.toString(), jvmOptions);
        }
        return new Launcher(java, null, System.getProperty("java.class.path"), jvmOptions);
    }

    private static Path codeSource() {
        try {
            return Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** {@code java -jar signet.jar serve --data DIR --host 127.0.0.1 --port PORT}. */
    List<String> signet(Path dataDir, int port) {
        List<String> c = new ArrayList<>(List.of(java));
        c.addAll(jvmOptions);
        if (jar != null) {
            c.addAll(List.of("-jar", jar.toString()));
        } else {
            c.addAll(List.of("-cp", classPath, "org.signet.Main"));
        }
        c.addAll(List.of("serve", "--data", dataDir.toAbsolutePath().toString(), "--host", "127.0.0.1", "--port",
                Integer.toString(port)));
        return c;
    }

    /** The baseline: {@link BareServer} from the same jar, answering {@code body} with {@code threads} workers. */
    List<String> bareServer(int port, int threads, Path body, String contentType) {
        List<String> c = new ArrayList<>(List.of(java));
        c.addAll(jvmOptions);
        c.addAll(List.of("-cp", classPath, BareServer.class.getName(), Integer.toString(port),
                Integer.toString(threads), body.toAbsolutePath().toString(), contentType));
        return c;
    }

    String describe() {
        String options = jvmOptions.isEmpty() ? "" : String.join(" ", jvmOptions) + " ";
        return jar != null ? "java " + options + "-jar " + jar : "java " + options + "-cp <class path> org.signet.Main";
    }

    /** A port nobody listens on now; the child binds it a moment later (the kernel does not hand it out again that soon). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
