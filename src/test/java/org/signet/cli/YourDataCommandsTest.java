package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.CommandLine;
import org.signet.support.DocExamples;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * The commands of the README's "Your data", copied from it and run in order by the command line on a site where
 * ann@example.com signed one document and has a draft waiting: each exits 0 and says what the README says it
 * does. The folder a command names ({@code --to ann-export}) is made in the test's own folder, and {@code
 * --data} names the site's, as a reader running them in the folder that holds it would not need to.
 */
class YourDataCommandsTest {
    private static final String ANN = "ann@example.com";

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    @TempDir
    Path here;

    @Test
    void readmeCommands_runAsWritten() throws Exception {
        ApiFlow flow = signet.flow();
        DocumentSetup signed = DocumentSetup.upload(flow, "Lease", 1);
        Party ann = signed.party("Ann Able", "signer", 1, "email", ANN);
        signed.field(ann, "signature", 1, 72, 600, 200, 60).send();
        expect(200, flow.sign(ann.token()));
        signed.sealed();
        DocumentSetup draft = DocumentSetup.upload(flow, "Draft", 1);
        draft.party("Ann Able", "signer", 1, "email", ANN);

        List<String> out = new ArrayList<>();
        for (String block : List.of("retention run --dry-run", "people export")) {
            for (String line : DocExamples.block(DocExamples.README, block)) {
                out.add(run(line));
            }
        }

        assertTrue(out.get(0).contains("Would purge 0 document(s)"), out.get(0));
        assertTrue(out.get(1).contains("as of 2031-01-15 00:00:00"), out.get(1));
        assertTrue(out.get(2).startsWith("Purged 0 document(s)"), out.get(2));
        assertTrue(Files.readString(here.resolve("ann-export/index.json")).contains("document-" + signed.id()));
        assertTrue(out.get(4).contains("would remove from document " + draft.id() + " (draft)"), out.get(4));
        assertTrue(out.get(4).contains("kept document " + signed.id() + " (completed): sealed, and kept for ever"),
                out.get(4));
        assertTrue(out.get(5).contains("removed from document " + draft.id()), out.get(5));
        assertEquals(List.of(), flow.signerRecords(draft.id()).values().stream().map(s -> s.get("email")).toList());
    }

    @Test
    void retentionRun_asOfNotATime_usageErrorChangingNothing() {
        CommandLine.Result r = CommandLine.run("retention", "run", "--as-of", "next tuesday", "--data",
                signet.dir().toString());

        assertEquals(2, r.code());
        assertTrue(r.err().contains("--as-of must be a date (2031-01-15)"), r.err());
    }

    /** One README line, {@code java -jar target/signet.jar ...}, run by the command line in this JVM; what it printed. */
    private String run(String line) {
        List<String> args = new ArrayList<>(Arrays.asList(line.split(" ")));
        assertEquals(List.of("java", "-jar", "target/signet.jar"), args.subList(0, 3), line);
        args.subList(0, 3).clear();
        int to = args.indexOf("--to");
        if (to >= 0) {
            args.set(to + 1, here.resolve(args.get(to + 1)).toString());
        }
        args.addAll(List.of("--data", signet.dir().toString()));
        CommandLine.Result r = CommandLine.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), line + "\n" + r.err());
        return r.out();
    }
}
