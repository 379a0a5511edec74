package org.signet.proof;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.signet.Main;

/**
 * How the crash test starts Signet's JVM fifty times over: on the class path of the jar operators
 * run (Signet's classes and its libraries, not the tests'), with a class-data archive of what a
 * start loads, dumped once by a start and graceful stop of its own on a scratch folder. The archive
 * holds classes already parsed and verified, which a start would otherwise load one by one; it
 * changes nothing the server does. A JVM that cannot use it (another JDK, a changed class path)
 * starts without it, as {@code -Xshare:auto} does by default.
 */
final class ChildJvm {
    private final List<String> options;
    private final String classPath;

    private ChildJvm(List<String> options, String classPath) {
        this.options = List.copyOf(options);
        this.classPath = classPath;
    }

    /** The command line of a JVM with {@code jvmOptions}, this class path and archive, running {@code mainClass}. */
    List<String> command(List<String> jvmOptions, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(options);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * Signet's classes in a jar under {@code work} (a class-data archive takes classes from jars
     * only), the libraries as they are, and the archive dumped by one start and stop.
     */
    static ChildJvm withClassArchive(Path work) throws IOException {
        Files.createDirectories(work);
        String classPath = jarClassPath(work);
        Path archive = work.resolve("signet.jsa");
        ChildJvm dumping = new ChildJvm(List.of("-XX:ArchiveClassesAtExit=" + archive), classPath);
        Path scratch = work.resolve("scratch-data");
        Files.createDirectories(scratch);
        HttpClient http = ProofClient.newHttpClient();
        try (SignetProcess once = SignetProcess.start(dumping, scratch, work.resolve("archive.log"))) {
            once.awaitReady(http);
            // The classes of a request that reaches the REST interface, refused for want of a key.
            get(http, once.siteUrl() + "/wp-json/wpsigner/v1/documents");
            int code = once.stop();
            if (code != 0 && code != 128 + 15) {
                throw new AssertionError("the start that dumps the class archive ended with " + code);
            }
        }
        if (!Files.isRegularFile(archive)) {
            System.out.println("ChildJvm: no class archive was written; Signet starts without one");
            return new ChildJvm(List.of(), classPath);
        }
        return new ChildJvm(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto"), classPath);
    }

    private static void get(HttpClient http, String url) throws IOException {
        try {
            http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The test JVM's class path with Signet's class folder as a jar, and without the tests' classes. */
    private static String jarClassPath(Path work) throws IOException {
        Path signetClasses = location(Main.class);
        Path testClasses = location(ChildJvm.class);
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            if (p.equals(testClasses)) {
                continue;
            }
            entries.add(p.equals(signetClasses) && Files.isDirectory(p) ? jar(p, work.resolve("signet-classes.jar"))
                    : entry);
        }
        return String.join(File.pathSeparator, entries);
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
