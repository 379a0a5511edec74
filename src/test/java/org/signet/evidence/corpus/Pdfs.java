package org.signet.evidence.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;

/** What an attacker reads from a signed file before writing an update: object numbers and dictionaries. */
final class Pdfs {
    private Pdfs() {
    }

    /** {@code question} asked of {@code pdf} as PDFBox reads it. */
    static <T> T read(byte[] pdf, Function<PDDocument, T> question) {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return question.apply(doc);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The object number of page {@code index} (from 0). */
    static int page(byte[] pdf, int index) {
        return read(pdf, doc -> number(doc.getPage(index).getCOSObject()));
    }

    /** Page {@code index}'s dictionary as PDF syntax. */
    static String pageText(byte[] pdf, int index) {
        return read(pdf, doc -> CosText.of(doc.getPage(index).getCOSObject()));
    }

    /**
     * The object number of the content stream of page {@code index} that shows text: the one the
     * document was uploaded with, beside the streams Signet added to draw the signature.
     */
    static int textContent(byte[] pdf, int index) {
        return read(pdf, doc -> {
            COSBase contents = doc.getPage(index).getCOSObject().getItem(COSName.CONTENTS);
            List<COSBase> streams = new ArrayList<>();
            if (contents instanceof COSArray a) {
                a.forEach(streams::add);
            } else {
                streams.add(contents);
            }
            for (COSBase s : streams) {
                if (((COSObject) s).getObject() instanceof COSStream stream && showsText(stream)) {
                    return number(s);
                }
            }
            throw new AssertionError("page " + (index + 1) + " shows no text");
        });
    }

    private static boolean showsText(COSStream stream) {
        try (InputStream in = stream.createInputStream()) {
            String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return text.contains("Tj") || text.contains("TJ");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The object number of the page tree's root. */
    static int pagesRoot(byte[] pdf) {
        return read(pdf, doc -> number(doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PAGES)));
    }

    /** The page tree root's dictionary as PDF syntax. */
    static String pagesRootText(byte[] pdf) {
        return read(pdf, doc -> CosText.of(doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PAGES)));
    }

    /** The object number of the last signature dictionary's field value, and the dictionary as PDF syntax. */
    static Numbered sealDictionary(byte[] pdf) {
        return read(pdf, doc -> {
            COSDictionary sig = doc.getSignatureDictionaries().get(0).getCOSObject();
            return new Numbered(number(sig), sig);
        });
    }

    /** An object's number and its dictionary, read while the document was open. */
    record Numbered(int number, COSDictionary dictionary) {
    }

    /** The name page {@code index}'s resources give their first font, for text drawn as the page draws its own. */
    static String fontName(byte[] pdf, int index) {
        return read(pdf, doc -> doc.getPage(index).getResources().getFontNames().iterator().next().getName());
    }

    /**
     * Page {@code index}'s dictionary as PDF syntax with {@code entries} (PDF syntax, such as
     * {@code "/Rotate 90"}) in place of the keys {@code replaced}.
     */
    static String pageWith(byte[] pdf, int index, String entries, COSName... replaced) {
        return read(pdf, doc -> with(doc.getPage(index).getCOSObject(), entries, replaced));
    }

    /** The page tree root's dictionary as PDF syntax with {@code entries} in place of the keys {@code replaced}. */
    static String pagesRootWith(byte[] pdf, String entries, COSName... replaced) {
        return read(pdf, doc -> with(doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PAGES), entries,
                replaced));
    }

    /** {@code dict} as PDF syntax with {@code entries} in place of the keys {@code replaced}. */
    static String with(COSDictionary dict, String entries, COSName... replaced) {
        COSDictionary copy = new COSDictionary(dict);
        for (COSName key : replaced) {
            copy.removeItem(key);
        }
        return "<< " + entries + CosText.of(copy).substring(2);
    }

    /** The items of an array entry of page {@code index} (such as its /Annots) as PDF syntax, without brackets. */
    static String pageArrayItems(byte[] pdf, int index, COSName key) {
        return read(pdf, doc -> {
            COSArray array = doc.getPage(index).getCOSObject().getCOSArray(key);
            String text = array == null ? "[ ]" : CosText.of(array);
            return text.substring(1, text.length() - 1);
        });
    }

    /** The object number of an indirect object, or of the object a reference names. */
    static int number(COSBase object) {
        var key = object instanceof COSObject ref ? ref.getKey() : object.getKey();
        return Math.toIntExact(key.getNumber());
    }

    static String latin1(byte[] pdf) {
        return new String(pdf, StandardCharsets.ISO_8859_1);
    }
}
