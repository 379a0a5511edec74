package org.signet.evidence.corpus;

import java.math.BigDecimal;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSBoolean;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSString;

/**
 * A PDF object as PDF syntax (ISO 32000-1 §7.3), references left as references, so that an object
 * read from a signed file can be written again, changed, in an update of one's own.
 */
final class CosText {
    private CosText() {
    }

    static String of(COSBase value) {
        if (value instanceof COSObject ref) {
            return ref.getKey().getNumber() + " " + ref.getKey().getGeneration() + " R";
        }
        if (value instanceof COSDictionary dict) {
            StringBuilder out = new StringBuilder("<<");
            dict.entrySet().forEach(e -> out.append(' ').append(of(e.getKey())).append(' ').append(of(e.getValue())));
            return out.append(" >>").toString();
        }
        if (value instanceof COSArray array) {
            StringBuilder out = new StringBuilder("[");
            array.forEach(item -> out.append(' ').append(of(item)));
            return out.append(" ]").toString();
        }
        if (value instanceof COSName name) {
            return "/" + name.getName();
        }
        if (value instanceof COSInteger i) {
            return Long.toString(i.longValue());
        }
        if (value instanceof COSFloat f) {
            // Always with a point: a real written as an integer would be read back as another type.
            String plain = new BigDecimal(Float.toString(f.floatValue())).stripTrailingZeros().toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        if (value instanceof COSString s) {
            return "<" + s.toHexString() + ">";
        }
        if (value instanceof COSBoolean b) {
            return Boolean.toString(b.getValue());
        }
        return "null";
    }
}
