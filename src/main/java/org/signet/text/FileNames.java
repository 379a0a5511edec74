package org.signet.text;

import java.nio.charset.StandardCharsets;
import java.text.BreakIterator;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.signet.domain.MediaKind;

/**
 * File names: what Signet keeps of a client's file name, and the one way it names every file it hands
 * out (a download from the API or the administrator pages, a party's copy, a mail attachment). A
 * browser or mail program shows that name and saves the file under it, so it must say truthfully what
 * the file is: it ends in the extension of the type served, whatever the upload was called
 * ({@code report.html} holding a PDF is saved as {@code report.html.pdf}), and it holds nothing that
 * makes it read otherwise: no bidirectional controls (U+202E shows {@code cod.exe} as {@code exe.doc}),
 * no invisible characters, no letters that only look blank, no controls, no path separators and no
 * characters Windows refuses.
 */
public final class FileNames {
    private static final int MAX_CLIENT_NAME = 255;
    /** Room for a suffix and an extension within the 255 bytes most file systems allow. */
    private static final int MAX_BASE_BYTES = 150;

    /**
     * Controls, format characters (the bidirectional embeddings, overrides, isolates and marks among
     * them, zero-width spaces, word joiners, invisible operators, the byte order mark, the Mongolian
     * vowel separator, soft hyphens, tags), halves of surrogate pairs, and the rest of what Unicode says
     * draws nothing (Default_Ignorable_Code_Point: the combining grapheme joiner, the Khmer inherent
     * vowels, the code points kept for more of them). The zero-width joiner and non-joiner and the
     * variation selectors stay, which some scripts, emoji and names written in a variant ideograph
     * cannot do without.
     */
    private static final Pattern INVISIBLE = Pattern.compile("[\\p{Cc}\\p{Cf}\\p{Cs}\\u034F\\u17B4\\u17B5\\u2065"
            + "\\uFFF0-\\uFFF8\\x{E0000}-\\x{E0FFF}&&[^\\u200C\\u200D\\x{E0100}-\\x{E01EF}]]");
    /**
     * Letters that show as a blank: the Hangul fillers, which a name can be made of to look empty or
     * to hide what follows, and the blank Braille pattern. Each reads as the space it looks like.
     */
    private static final Pattern BLANK = Pattern.compile("[\\u115F\\u1160\\u3164\\uFFA0\\u2800]");
    private static final Pattern SPACES = Pattern.compile("[\\s\\p{Z}\\u0085]+");
    private static final Pattern RESERVED = Pattern.compile("[/\\\\:*?\"<>|]");
    private static final Pattern WINDOWS_DEVICE = Pattern.compile("(?i)(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\\..*)?");

    private FileNames() {}

    /**
     * What is kept of a client's file name: the last segment after any {@code /} or {@code \}, its
     * visible characters only, at most 255 of them.
     */
    public static String withoutPath(String name) {
        String base = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        base = INVISIBLE.matcher(BLANK.matcher(base).replaceAll(" ")).replaceAll("").trim();
        if (base.length() <= MAX_CLIENT_NAME) {
            return base;
        }
        int start = base.length() - MAX_CLIENT_NAME;
        // Never start with the second half of a surrogate pair: that would be half a character.
        return base.substring(Character.isLowSurrogate(base.charAt(start)) ? start + 1 : start);
    }

    /** The name without its last extension: {@code a.b.pdf} becomes {@code a.b}. */
    public static String withoutExtension(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /**
     * The name a file of {@code mediaType} is handed out under, made from {@code name} (a client's file
     * name or a title): safe, and ending in the type's extension. Applied to its own result it changes
     * nothing. A type Signet never serves keeps the extension the name has.
     */
    public static String download(String name, String mediaType) {
        return named(name, "", MediaKind.find(mediaType));
    }

    /** The name of a completed document's sealed PDF, everywhere it is handed out: {@code <title>-signed.pdf}. */
    public static String sealed(String title) {
        return named(title, "-signed", Optional.of(MediaKind.PDF));
    }

    /**
     * The name in printable ASCII for a client that reads only {@code filename=} (RFC 6266 section
     * 4.3): accents dropped, any other character, the quote, the backslash and {@code %} as {@code _}.
     */
    public static String ascii(String name) {
        String plain = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        return plain.replaceAll("[^\\x20-\\x7e]|[\"\\\\%]", "_");
    }

    private static String named(String name, String suffix, Optional<MediaKind> kind) {
        String base = visible(name).replaceAll("^[. ]+|[. ]+$", "");
        if (kind.isPresent()) {
            base = withoutTypeExtension(base, kind.get());
        }
        // A leading dot would hide the file on Unix; Windows drops trailing dots and spaces.
        base = bounded(base).replaceAll("^[. ]+|[. ]+$", "");
        if (base.isEmpty()) {
            base = "document";
        }
        if (WINDOWS_DEVICE.matcher(base).matches()) {
            base = "_" + base;
        }
        return base + suffix + kind.map(k -> "." + k.extension()).orElse("");
    }

    /** Composed (NFC), invisible characters gone, any run of spaces, blanks and line breaks one space. */
    private static String visible(String name) {
        String s = Normalizer.normalize(name, Normalizer.Form.NFC);
        s = SPACES.matcher(BLANK.matcher(s).replaceAll(" ")).replaceAll(" ");
        s = INVISIBLE.matcher(s).replaceAll("");
        return RESERVED.matcher(s).replaceAll("_").replaceAll(" {2,}", " ").trim();
    }

    private static String withoutTypeExtension(String base, MediaKind kind) {
        String lower = base.toLowerCase(Locale.ROOT);
        List<String> extensions = kind == MediaKind.JPEG ? List.of(".jpg", ".jpeg") : List.of("." + kind.extension());
        for (String ext : extensions) {
            if (lower.endsWith(ext)) {
                return base.substring(0, base.length() - ext.length());
            }
        }
        return base;
    }

    /** At most {@link #MAX_BASE_BYTES} of UTF-8, cut between two characters as a reader sees them. */
    private static String bounded(String base) {
        if (base.getBytes(StandardCharsets.UTF_8).length <= MAX_BASE_BYTES) {
            return base;
        }
        BreakIterator characters = BreakIterator.getCharacterInstance(Locale.ROOT);
        characters.setText(base);
        int end = 0;
        int bytes = 0;
        for (int next = characters.next(); next != BreakIterator.DONE; next = characters.next()) {
            bytes += base.substring(end, next).getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_BASE_BYTES) {
                break;
            }
            end = next;
        }
        return base.substring(0, end);
    }
}
