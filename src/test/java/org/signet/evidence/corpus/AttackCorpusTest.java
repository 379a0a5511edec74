package org.signet.evidence.corpus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.europa.esig.dss.enumerations.Indication;
import eu.europa.esig.dss.enumerations.SignatureLevel;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.Dss;
import org.signet.support.Multipart;
import org.signet.support.Pdftoppm;
import org.signet.support.TestServer;

/**
 * Every entry of the {@link AttackCorpus} posted to {@code POST {base}/verify} and to the verify
 * page: a forgery is never "good", a genuine seal always is, and Signet is never weaker than pdfsig
 * or DSS (a file either of them reports broken or modified is not good to Signet either). Each
 * forgery said to show is rendered with pdftoppm beside the seal it came from, to prove it real.
 * One server and one set of genuine seals serve the whole class; each tool runs once per file.
 */
class AttackCorpusTest {
    private static final Pattern VERDICT = Pattern.compile("id=\"verdict\"[^>]*data-verdict=\"([a-z]+)\"");
    /** The long-term seals, which DSS must grade PAdES-BASELINE-LTA, TOTAL_PASSED. */
    private static final Set<String> LONG_TERM = Set.of("genuine_b_lta", "genuine_b_lta_renewed");

    @TempDir
    static Path dir;
    private static GenuineSeals seals;
    private static List<Forgery> corpus;
    private static final Map<String, String> TABLE = new ConcurrentSkipListMap<>();

    @BeforeAll
    static void makeCorpus() throws Exception {
        seals = GenuineSeals.start(dir.resolve("servers"));
        corpus = AttackCorpus.make(seals, dir);
        AttackCorpus.write(corpus, Path.of("target", "attack-corpus"));
    }

    @AfterAll
    static void stopAndReport() {
        if (seals != null) {
            seals.close();
        }
        StringBuilder out = new StringBuilder(String.format("%n%-36s %-9s %-26s %-9s %-17s %-44s %s%n", "entry",
                "expected", "signet api", "page", "pdfsig", "dss", "pdftoppm"));
        TABLE.values().forEach(out::append);
        System.out.println(out);
    }

    @TestFactory
    Stream<DynamicTest> verify_eachCorpusEntry_neverGoodUnlessGenuineAndNeverWeakerThanAPeer() {
        return corpus.stream().map(f -> DynamicTest.dynamicTest(f.name(), () -> check(f)));
    }

    private void check(Forgery f) throws Exception {
        Answer api = api(f.file());
        String page = pageVerdict(f.file());
        Peers.Finding pdfsig = Peers.pdfsig(dir, f.file());
        Dss.Verdict dssVerdict = dssVerdict(f.file());
        Peers.Finding dss = Peers.dss(dssVerdict);
        String shown = f.visiblePage() == 0 || !Pdftoppm.installed() ? "-"
                : Peers.drawnDifferently(dir, f.genuine(), f.file(), f.visiblePage()) ? "differs" : "SAME";
        TABLE.put(f.name(), String.format("%-36s %-9s %-26s %-9s %-17s %-44s %s%n", f.name(),
                f.good() ? "good" : f.verdict() == null ? "not good" : f.verdict(), api, page, pdfsig.summary(),
                dss.summary(), shown));
        assertAll(f.name(),
                () -> assertEquals(f.good(), api.good(), "Signet's answer: " + api.body()),
                () -> assertEquals(api.good(), "good".equals(page), "the page's verdict " + page + " beside " + api),
                expectedVerdict(f, page, api), expectedKinds(f, api),
                () -> assertFalse((pdfsig.bad() || dss.bad()) && api.good(), "Signet weaker than a peer: pdfsig "
                        + pdfsig.summary() + ", DSS " + dss.summary()),
                () -> assertFalse(shown.equals("SAME"), "pdftoppm draws page " + f.visiblePage() + " as the genuine"),
                longTermGraded(f, dssVerdict));
    }

    private static Executable expectedVerdict(Forgery f, String page, Answer api) {
        return () -> {
            if (f.verdict() != null) {
                assertEquals(f.verdict(), page, api.body());
            }
            if ("broken".equals(f.verdict()) || "foreign".equals(f.verdict())) {
                assertEquals(Boolean.FALSE, api.json().get("sealed_here"), api.body());
            }
        };
    }

    private static Executable expectedKinds(Forgery f, Answer api) {
        return () -> {
            if (api.status() == 200) {
                List<?> named = (List<?>) api.json().get("modifications");
                assertTrue(named.containsAll(f.modifications()), "expected " + f.modifications() + " among " + named);
            }
        };
    }

    private static Executable longTermGraded(Forgery f, Dss.Verdict v) {
        return () -> {
            if (LONG_TERM.contains(f.name())) {
                assertEquals(Indication.TOTAL_PASSED, v == null ? null : v.indication(), String.valueOf(v));
                assertEquals(SignatureLevel.PAdES_BASELINE_LTA, v.level(), v.toString());
            }
        };
    }

    private static Dss.Verdict dssVerdict(byte[] pdf) {
        try {
            return Dss.validate(pdf, seals.world().pki().root);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** {@code POST {base}/verify}'s answer: a 200 with the findings, or a 400 invalid_file refusal. */
    private record Answer(int status, Map<String, Object> json, String body) {
        boolean good() {
            return status == 200 && Boolean.TRUE.equals(json.get("sealed_here")) && Boolean.TRUE.equals(json.get("intact"))
                    && Boolean.FALSE.equals(json.get("modified_after_seal"))
                    && Boolean.TRUE.equals(json.get("covers_whole_file"));
        }

        @Override
        public String toString() {
            if (status != 200) {
                return status + " " + json.get("code");
            }
            return (good() ? "good" : "not good") + " " + json.get("modifications");
        }
    }

    private static Answer api(byte[] pdf) {
        HttpResponse<String> r = server().postMultipart("verify", null,
                new Multipart().file("file", "copy.pdf", "application/pdf", pdf));
        assertTrue(r.statusCode() == 200 || r.statusCode() == 400 && "invalid_file".equals(TestServer.code(r)),
                "neither findings nor a refusal of the file: " + r.statusCode() + " " + r.body());
        return new Answer(r.statusCode(), TestServer.object(r), r.body());
    }

    /** The verify page's verdict, or "refused" when it answers with the reason the file cannot be checked. */
    private static String pageVerdict(byte[] pdf) {
        HttpResponse<String> r = server().send(new Multipart().file("file", "copy.pdf", "application/pdf", pdf)
                .post(server().request("/verify", null)).build());
        Matcher m = VERDICT.matcher(r.body());
        if (r.statusCode() == 400) {
            return "refused";
        }
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(m.find(), r.body());
        return m.group(1);
    }

    private static TestServer server() {
        Assumptions.assumeTrue(seals != null, "no server");
        return seals.verifier();
    }
}
