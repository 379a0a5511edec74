package org.signet.proof;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.signet.Main;
import org.signet.process.ChildProcess;
import org.signet.process.HttpProbe;
import org.signet.process.JavaCommand;
import org.signet.process.Launch;

/**
 * How the crash test starts Signet's JVM fifty times over: {@code serve} on port 0 (the system
 * chooses, so no port is ever taken), on the class path of the jar operators run (Signet's classes
 * and its libraries, not the tests'), with a class-data archive of what a start loads, dumped once
 * by a start and graceful stop of its own on a scratch folder. The archive holds classes already
 * parsed and verified, which a start would otherwise load one by one; it changes nothing the server
 * does. A JVM that cannot use it (another JDK, a changed class path) starts without it, as {@code
 * -Xshare:auto} does by default. C1 only and the serial collector: on two cores the child's start-up
 * should not compete with its own JIT and GC threads, and neither changes what reaches the disk.
 */
final class ArchivedSignet {
    /** Generous: two cores shared with a build can make a JVM start slowly. */
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    /** What the graceful stop logs; a SIGKILL leaves no chance to write it. */
    private static final String STOPPED_LINE = "Signet stopped";
    /** What {@code serve} prints once it listens. */
    private static final Pattern RUNNING_AT = Pattern.compile("Signet is running at http://[^:/]+:(\\d+)");

    private final JavaCommand java;

    private ArchivedSignet(JavaCommand java) {
        this.java = java;
    }

    private static ArchivedSignet on(List<String> classPath, List<String> archiveOptions) {
        return new ArchivedSignet(JavaCommand.ofThisJvm()
                .options(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                .property("java.awt.headless", "true").options(archiveOptions)
                .classPath(classPath).mainClass("org.signet.Main"));
    }

    /**
     * Starts {@code serve} on {@code dataDir}, its output appended to {@code log}, which every start
     * of the test shares; {@link ChildProcess#close()} kills it at once, whatever failed.
     */
    ChildProcess start(Path dataDir, Path log) throws IOException {
        return start(dataDir, log, 0);
    }

    /** As {@link #start(Path, Path)}, on {@code port} (0: the system chooses), as instances behind a balancer need. */
    ChildProcess start(Path dataDir, Path log, int port) throws IOException {
        JavaCommand serve = java.args(List.of("serve", "--data", dataDir.toAbsolutePath().toString(), "--port",
                Integer.toString(port)));
        return Launch.of("Signet", serve, log).appendingLog().closeGrace(Duration.ZERO).start();
    }

    /** Waits until Signet says where it listens and {@code /healthz} answers 200 there; answers that port. */
    static int awaitReady(ChildProcess signet) throws IOException {
        int port = Integer.parseInt(signet.awaitLogLine(RUNNING_AT, START_LIMIT).group(1));
        signet.awaitHttp200(port, "/healthz", START_LIMIT);
        return port;
    }

    /**
     * Waits until Signet, started on {@code port}, says it runs and {@code /healthz} answers 200 there
     * (its line names the site's public address, which behind a balancer is not the port).
     */
    static void awaitReady(ChildProcess signet, int port) throws IOException {
        signet.awaitLogLine(Pattern.compile("Signet is running at "), START_LIMIT);
        signet.awaitHttp200(port, "/healthz", START_LIMIT);
    }

    /** SIGKILL; fails unless the process ended by that signal, without its graceful stop. */
    static void kill(ChildProcess signet) {
        int code = signet.kill();
        if (code != ChildProcess.EXIT_SIGKILL) {
            throw new AssertionError("expected the exit code of SIGKILL (" + ChildProcess.EXIT_SIGKILL + ") but got "
                    + code + ":\n" + signet.tail());
        }
        if (signet.log().contains(STOPPED_LINE)) {
            throw new AssertionError("the process stopped gracefully, so it was not killed:\n" + signet.tail());
        }
    }

    /**
     * Signet's classes in a jar under {@code work} (a class-data archive takes classes from jars
     * only), the libraries as they are, and the archive dumped by one start and stop.
     */
    static ArchivedSignet withClassArchive(Path work) throws IOException {
        Files.createDirectories(work);
        List<String> classPath = jarClassPath(work);
        Path archive = work.resolve("signet.jsa");
        ArchivedSignet dumping = on(classPath, List.of("-XX:ArchiveClassesAtExit=" + archive));
        Path scratch = work.resolve("scratch-data");
        Files.createDirectories(scratch);
        try (ChildProcess once = dumping.start(scratch, work.resolve("archive.log"))) {
            // The classes of a request that reaches the REST interface, refused for want of a key.
            HttpProbe.status(awaitReady(once), "/wp-json/wpsigner/v1/documents");
            int code = once.stop(START_LIMIT);
            if (code != 0 && code != ChildProcess.EXIT_SIGTERM) {
                throw new AssertionError("the start that dumps the class archive ended with " + code);
            }
        }
        if (!Files.isRegularFile(archive)) {
            System.out.println("ArchivedSignet: no class archive was written; Signet starts without one");
            return on(classPath, List.of());
        }
        return on(classPath, List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto"));
    }

    /** The test JVM's class path with Signet's class folder as a jar, and without the tests' classes. */
    private static List<String> jarClassPath(Path work) throws IOException {
        Path signetClasses = location(Main.class);
        Path testClasses = location(ArchivedSignet.class);
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            if (p.equals(testClasses)) {
                continue;
            }
            entries.add(p.equals(signetClasses) && Files.isDirectory(p) ? jar(p, work.resolve("signet-classes.jar"))
                    : entry);
        }
        return entries;
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The folder's files in a jar, uncompressed: it is read fifty times and written once. */
    private static String jar(Path folder, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
                Stream<Path> files = Files.walk(folder)) {
            j.setLevel(Deflater.NO_COMPRESSION);
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                j.putNextEntry(new JarEntry(folder.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return jar.toString();
    }
}
