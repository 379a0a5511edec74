package org.signet.process;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a Java program started in a JVM of its own by the same Java as this process:
 * JVM options and system properties, then the class path and main class (or {@code -jar}), then the
 * program's arguments. Immutable: each method answers a new command, so one base serves many.
 */
public final class JavaCommand {
    private final String java;
    private final List<String> options;
    private final String classPath;
    private final Path jar;
    private final String mainClass;
    private final List<String> args;

    private JavaCommand(String java, List<String> options, String classPath, Path jar, String mainClass,
            List<String> args) {
        this.java = java;
        this.options = List.copyOf(options);
        this.classPath = classPath;
        this.jar = jar;
        this.mainClass = mainClass;
        this.args = List.copyOf(args);
    }

    /** This JVM's {@code java} on this JVM's class path, with no options, main class or arguments yet. */
    public static JavaCommand ofThisJvm() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new JavaCommand(java, List.of(), System.getProperty("java.class.path"), null, null, List.of());
    }

    /**
     * As {@link #ofThisJvm()}, but where {@code code} was loaded from a jar (as when Signet runs as
     * {@code java -jar signet.jar}), that jar is the class path and, unless a main class is named,
     * the command is {@code java -jar} on it.
     */
    public static JavaCommand ofCodeOf(Class<?> code) {
        JavaCommand here = ofThisJvm();
        Path source = codeSource(code);
        if (source != null && Files.isRegularFile(source) && source.toString().endsWith(".jar")) {
            return new JavaCommand(here.java, List.of(), source.toString(), source, null, List.of());
        }
        return here;
    }

    private static Path codeSource(Class<?> code) {
        try {
            return Path.of(code.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** {@code more} JVM options after those already given, such as {@code -Xmx256m}. */
    public JavaCommand options(List<String> more) {
        List<String> all = new ArrayList<>(options);
        all.addAll(more);
        return new JavaCommand(java, all, classPath, jar, mainClass, args);
    }

    /** The system property {@code -Dname=value}. */
    public JavaCommand property(String name, String value) {
        return options(List.of("-D" + name + "=" + value));
    }

    /** Another class path, its entries joined with the platform's separator. */
    public JavaCommand classPath(List<String> entries) {
        return new JavaCommand(java, options, String.join(File.pathSeparator, entries), null, mainClass, args);
    }

    /** Runs {@code name} from the class path, even where the class path is a jar of its own. */
    public JavaCommand mainClass(String name) {
        return new JavaCommand(java, options, classPath, jar, name, args);
    }

    /** {@code more} arguments for the program after those already given. */
    public JavaCommand args(List<String> more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(more);
        return new JavaCommand(java, options, classPath, jar, mainClass, all);
    }

    /** True when the command is {@code java -jar}: no main class was named and the code came from a jar. */
    public boolean runsJar() {
        return mainClass == null && jar != null;
    }

    /** The command line, ready for a {@link Launch}. */
    public List<String> toList() {
        if (!runsJar() && mainClass == null) {
            throw new IllegalStateException("neither a main class nor a jar to run");
        }
        List<String> c = new ArrayList<>(List.of(java));
        c.addAll(options);
        c.addAll(runsJar() ? List.of("-jar", jar.toString()) : List.of("-cp", classPath, mainClass));
        c.addAll(args);
        return c;
    }

    /** The command for a reader, without the arguments: {@code java OPTIONS -jar JAR} or {@code -cp <class path> MAIN}. */
    public String describe() {
        List<String> c = new ArrayList<>(List.of("java"));
        c.addAll(options);
        c.addAll(runsJar() ? List.of("-jar", jar.toString()) : List.of("-cp", "<class path>", mainClass));
        return String.join(" ", c);
    }
}
