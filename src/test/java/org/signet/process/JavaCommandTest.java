package org.signet.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command lines the bench and the tests start Signet with, in the order the {@code java} launcher reads them. */
class JavaCommandTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void toList_mainClass_optionsThenClassPathThenArguments() {
        List<String> c = JavaCommand.ofThisJvm().options(List.of("-Xmx64m")).property("java.awt.headless", "true")
                .classPath(List.of("a.jar", "b")).mainClass("org.example.Main").args(List.of("serve", "--port", "0"))
                .toList();

        assertEquals(List.of(JAVA, "-Xmx64m", "-Djava.awt.headless=true", "-cp", "a.jar" + File.pathSeparator + "b",
                "org.example.Main", "serve", "--port", "0"), c);
    }

    @Test
    void toList_neitherMainClassNorJar_refused() {
        assertThrows(IllegalStateException.class, () -> JavaCommand.ofThisJvm().toList());
    }

    @Test
    void ofCodeOf_classFromAFolder_thisJvmsClassPath() {
        JavaCommand c = JavaCommand.ofCodeOf(JavaCommandTest.class);

        assertTrue(!c.runsJar());
        assertEquals(List.of(JAVA, "-cp", System.getProperty("java.class.path"), "M"), c.mainClass("M").toList());
    }

    @Test
    void ofCodeOf_classFromAJar_javaDashJarUnlessAMainClassIsNamed() {
        JavaCommand c = JavaCommand.ofCodeOf(Test.class).options(List.of("-Xss1m"));
        String jar = c.toList().get(3);

        assertTrue(c.runsJar() && jar.endsWith(".jar"), c.toList().toString());
        assertEquals(List.of(JAVA, "-Xss1m", "-jar", jar, "x"), c.args(List.of("x")).toList());
        assertEquals(List.of(JAVA, "-Xss1m", "-cp", jar, "M"), c.mainClass("M").toList());
        assertEquals("java -Xss1m -jar " + jar, c.describe());
        assertEquals("java -Xss1m -cp <class path> M", c.mainClass("M").describe());
    }
}
