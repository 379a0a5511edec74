package org.signet.evidence.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The corpus of forged PDFs the verifier is held to, made from genuine seals of real Signet servers:
 * each forgery with its name, why it is there, the verdict expected and whether a viewer shows it
 * changed. {@link #write} leaves the files and a manifest in a folder, for other verifiers too.
 */
final class AttackCorpus {
    private AttackCorpus() {
    }

    /** Every entry, genuine seals first, made with the servers of {@code seals}; {@code dir} holds working files. */
    static List<Forgery> make(GenuineSeals seals, Path dir) throws IOException {
        GenuineSeals.Sealed longTerm = seals.longTerm("Lease of flat 4B");
        byte[] longTermPdf = longTerm.pdf();
        byte[] renewed = seals.renewed(longTerm);
        byte[] baseline = seals.baseline("Plain lease").pdf();
        byte[] prepared = seals.baselineOf("Service agreement", AttackerOriginal.pdf(), 2).pdf();
        byte[] elsewhere = seals.elsewhere("Lease elsewhere").pdf();
        List<Forgery> all = new ArrayList<>(List.of(
                Forgery.genuine("genuine_b_b", "a seal without a timestamp authority, as downloaded", baseline),
                Forgery.genuine("genuine_b_lta", "a long-term seal, as downloaded", longTermPdf),
                Forgery.genuine("genuine_b_lta_renewed", "the long-term seal after its renewal: another DSS and"
                        + " document timestamp", renewed),
                Forgery.genuine("genuine_prepared_original", "the attacker's prepared original as Signet sealed it,"
                        + " before any update: the ground of the shadow attacks", prepared)));
        all.addAll(PageTreeForgeries.of(baseline, prepared));
        all.addAll(ShadowForgeries.of(prepared));
        all.addAll(WidgetForgeries.of(baseline));
        all.addAll(XrefForgeries.of(baseline));
        all.addAll(SignatureForgeries.of(baseline, elsewhere, dir));
        all.addAll(KnownChanges.of(baseline, renewed, prepared));
        return List.copyOf(all);
    }

    /** Each entry as {@code name.pdf} in {@code dir}, and {@code corpus.tsv}: name, expected, kinds, page shown changed, why. */
    static void write(List<Forgery> corpus, Path dir) throws IOException {
        Files.createDirectories(dir);
        StringBuilder manifest = new StringBuilder("name\texpected\tmodifications\tvisible_page\twhy\n");
        for (Forgery f : corpus) {
            Files.write(dir.resolve(f.name() + ".pdf"), f.file());
            manifest.append(f.name()).append('\t').append(f.good() ? "good" : f.verdict() == null ? "not good"
                    : f.verdict()).append('\t').append(f.modifications().stream().sorted()
                    .collect(Collectors.joining(","))).append('\t').append(f.visiblePage()).append('\t')
                    .append(f.why()).append('\n');
        }
        Files.writeString(dir.resolve("corpus.tsv"), manifest);
    }
}
