package org.signet.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceDictionary;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDCheckBox;
import org.apache.pdfbox.pdmodel.interactive.form.PDComboBox;
import org.apache.pdfbox.pdmodel.interactive.form.PDField;
import org.apache.pdfbox.pdmodel.interactive.form.PDSignatureField;
import org.apache.pdfbox.pdmodel.interactive.form.PDTextField;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceCharacteristicsDictionary;

/** PDFs that bring their own fields: text tags in the page text, and an AcroForm. */
public final class FieldPdfs {
    /** The first line's text: a tag between ordinary words, which must survive its removal. */
    public static final String LINE_ONE = "Sign here: {{signature;signer=1;name=Buyer signature}} thank you";
    public static final String LINE_TWO = "{{text;signer=2;name=Company;required=false}}";
    public static final String LINE_THREE = "Plan {{dropdown;signer=1;name=Plan;options=Basic|Pro}} and {{unknown}}";

    private FieldPdfs() {}

    /**
     * One A4 page in Helvetica 12: {@link #LINE_ONE} at (72, 700) shown with {@code Tj},
     * {@link #LINE_TWO} at (72, 650) shown with {@code TJ} and kerning, {@link #LINE_THREE} at (72, 600).
     */
    public static byte[] tagged() throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            try (PDPageContentStream out = new PDPageContentStream(doc, page)) {
                out.beginText();
                out.setFont(font, 12);
                out.newLineAtOffset(72, 700);
                out.showText(LINE_ONE);
                out.newLineAtOffset(0, -50);
                out.showTextWithPositioning(new Object[] {"{{text;signer=2;", -20f, "name=Company;required=false}}"});
                out.newLineAtOffset(0, -50);
                out.showText(LINE_THREE);
                out.endText();
            }
            return save(doc);
        }
    }

    /**
     * One Letter page with a form: text field {@code full_name} at (100, 600, 200 x 20), check box
     * {@code agree} at (100, 550, 15 x 15), combo box {@code plan} (Basic, Pro) at (100, 500, 120 x 20),
     * and signature field {@code x_signer2} at (300, 100, 200 x 50).
     */
    public static byte[] form() throws IOException {
        return form(false);
    }

    /** {@link #form()} with a line of text at (72, 300) carrying the tag {@link #FORM_TAG} for signer 1. */
    public static byte[] taggedForm() throws IOException {
        return form(true);
    }

    public static final String FORM_TAG = "{{signature;signer=1;name=Signer one}}";

    private static byte[] form(boolean tagged) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            PDAcroForm form = new PDAcroForm(doc);
            doc.getDocumentCatalog().setAcroForm(form);
            PDResources resources = new PDResources();
            resources.put(COSName.getPDFName("Helv"),
                    new PDType1Font(Standard14Fonts.FontName.HELVETICA));
            form.setDefaultResources(resources);
            form.setDefaultAppearance("/Helv 0 Tf 0 g");
            PDTextField name = new PDTextField(form);
            name.setPartialName("full_name");
            place(page, name, new PDRectangle(100, 600, 200, 20));
            PDCheckBox agree = new PDCheckBox(form);
            agree.setPartialName("agree");
            place(page, agree, new PDRectangle(100, 550, 15, 15));
            PDComboBox plan = new PDComboBox(form);
            plan.setPartialName("plan");
            plan.setOptions(List.of("Basic", "Pro"));
            place(page, plan, new PDRectangle(100, 500, 120, 20));
            PDSignatureField signature = new PDSignatureField(form);
            signature.setPartialName("x_signer2");
            place(page, signature, new PDRectangle(300, 100, 200, 50));
            form.getFields().addAll(List.of(name, agree, plan, signature));
            plan.setValue("Basic");
            if (tagged) {
                TestFiles.writeLine(doc, page, 72, 300, 14, "Signature: " + FORM_TAG);
            }
            return save(doc);
        }
    }

    private static void place(PDPage page, PDField field, PDRectangle rect) throws IOException {
        PDAnnotationWidget widget = field.getWidgets().get(0);
        widget.setRectangle(rect);
        widget.setPage(page);
        widget.setPrinted(true);
        PDAppearanceCharacteristicsDictionary look = new PDAppearanceCharacteristicsDictionary(
                new COSDictionary());
        COSArray border = new COSArray();
        border.add(new COSFloat(0));
        border.add(new COSFloat(0));
        border.add(new COSFloat(0));
        look.getCOSObject().setItem(COSName.BC, border);
        widget.setAppearanceCharacteristics(look);
        if (field instanceof PDCheckBox) {
            widget.setAppearance(checkAppearance(page, rect));
            widget.getCOSObject().setItem(COSName.AS, COSName.Off);
        }
        page.getAnnotations().add(widget);
    }

    /** A check box needs an appearance named for its "on" state: a cross for {@code Yes}, nothing for Off. */
    private static PDAppearanceDictionary checkAppearance(PDPage page, PDRectangle rect) throws IOException {
        PDAppearanceDictionary appearance = new PDAppearanceDictionary();
        COSDictionary normal = new COSDictionary();
        normal.setItem(COSName.getPDFName("Yes"), stream(rect, "0 g 1 1 m 14 14 l 1 14 m 14 1 l S"));
        normal.setItem(COSName.Off, stream(rect, ""));
        appearance.getCOSObject().setItem(COSName.N, normal);
        return appearance;
    }

    private static COSStream stream(PDRectangle rect, String content) throws IOException {
        COSStream s = new COSStream();
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.FORM);
        s.setItem(COSName.BBOX, new PDRectangle(rect.getWidth(), rect.getHeight()).getCOSArray());
        try (java.io.OutputStream out = s.createOutputStream()) {
            out.write(content.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        return s;
    }

    private static byte[] save(PDDocument doc) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.save(out);
        return out.toByteArray();
    }
}
