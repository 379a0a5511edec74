package org.signet.pdf.render;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.rendering.PageDrawer;
import org.apache.pdfbox.rendering.PageDrawerParameters;

/**
 * A PDFBox renderer that stops a page whose drawing takes longer or needs more operations than any
 * real page does, so that a hostile upload cannot hold a worker for minutes: every content
 * operator, in the page and in the forms it draws, is counted and the clock checked.
 */
final class BoundedRenderer extends PDFRenderer {
    private final long deadline;
    private final long maxOperators;
    private long operators;

    BoundedRenderer(PDDocument document, Duration time, long maxOperators) {
        super(document);
        this.deadline = System.nanoTime() + time.toNanos();
        this.maxOperators = maxOperators;
    }

    @Override
    protected PageDrawer createPageDrawer(PageDrawerParameters parameters) throws IOException {
        return new PageDrawer(parameters) {
            @Override
            protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
                tick();
                super.processOperator(operator, operands);
            }
        };
    }

    private void tick() throws RenderLimitException {
        if (++operators > maxOperators) {
            throw new RenderLimitException("the page needs more than " + maxOperators + " drawing operations");
        }
        if (System.nanoTime() > deadline) {
            throw new RenderLimitException("the page takes too long to draw");
        }
    }
}
