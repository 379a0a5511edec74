package org.signet.pdf.read;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;

/**
 * Walks a PDF's page tree as PDF viewers do (poppler, pdf.js), without trusting it: counts the real
 * leaves, gives each page the path the walk took to it, and refuses whatever PDFBox would read
 * otherwise than viewers, as well as loops, missing kids and absurd depth. A {@code /Type /Page} is a
 * page to viewers even when it has {@code /Kids}, where PDFBox walks into them; and pages inherit
 * their resources and boxes along the walk to viewers, along {@code /Parent} to PDFBox. So a page
 * with kids, a {@code /Type /Pages} without them, and a {@code /Parent} that is not the node the
 * walk came from are damage, and everything read with PDFBox afterwards reads the tree as viewers do.
 */
public final class PageTree {

    /** Deeper than any real page tree; balanced trees of a million pages are about 10 deep. */
    static final int MAX_DEPTH = 128;

    /** Most tree nodes visited before giving up, so that a huge tree costs bounded time. */
    public static final int MAX_NODES = 200_000;

    /** What a page inherits from the nodes above it (ISO 32000-1 §7.7.3.4). */
    static final List<COSName> INHERITABLE = List.of(COSName.RESOURCES, COSName.MEDIA_BOX, COSName.CROP_BOX,
            COSName.ROTATE);

    /** The pages in document order (at most {@code keep} of them) and how many there are in all. */
    public record Result(List<Page> pages, int count) {
    }

    /** One page and the nodes above it, from the root down to its parent: the path along which it inherits. */
    public record Page(COSDictionary dict, List<COSDictionary> ancestors) {

        /** The page's own value of an {@link #INHERITABLE} key, else the nearest ancestor's; null when none has one. */
        COSBase inherited(COSName key) {
            COSBase own = dict.getDictionaryObject(key);
            for (int i = ancestors.size() - 1; own == null && i >= 0; i--) {
                own = ancestors.get(i).getDictionaryObject(key);
            }
            return own;
        }
    }

    private PageTree() {
    }

    /**
     * Walks the tree under {@code root}, keeping the first {@code keep} leaves.
     *
     * @throws InvalidFileException when the tree is damaged or too large to walk
     */
    public static Result walk(COSDictionary root, int keep) throws InvalidFileException {
        if (root == null || root.getCOSDictionary(COSName.PARENT, COSName.P) != null) {
            // PDFBox would inherit from a parent above the root, which viewers never reach.
            throw damaged();
        }
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Page> pages = new ArrayList<>();
        int count = 0;
        // Iterative depth-first walk: an explicit stack keeps a deep tree from overflowing ours.
        Deque<Node> stack = new ArrayDeque<>();
        stack.push(new Node(root, List.of()));
        while (!stack.isEmpty()) {
            Node node = stack.pop();
            if (!seen.add(node.dict) || node.path.size() > MAX_DEPTH) {
                throw damaged();
            }
            if (seen.size() > MAX_NODES) {
                throw new InvalidFileException("the PDF's page tree is too large to read");
            }
            COSArray kids = kids(node.dict);
            if (kids != null) {
                pushKids(stack, node, kids);
            } else {
                count++;
                if (pages.size() < keep) {
                    pages.add(new Page(node.dict, node.path));
                }
            }
        }
        return new Result(List.copyOf(pages), count);
    }

    /**
     * The kids of a tree node, null for a page. A {@code /Type /Page} is a page and a {@code /Type
     * /Pages} a node, as in every reader; any other is a node when it has {@code /Kids}, as in poppler
     * and pdf.js. Where PDFBox's rule (a node when typed so or with kids) reads otherwise, the tree is damaged.
     */
    private static COSArray kids(COSDictionary dict) throws InvalidFileException {
        COSName type = dict.getCOSName(COSName.TYPE);
        boolean hasKids = dict.containsKey(COSName.KIDS);
        if (COSName.PAGE.equals(type) && hasKids || COSName.PAGES.equals(type) && !hasKids) {
            throw damaged();
        }
        if (!hasKids) {
            return null;
        }
        if (!(dict.getDictionaryObject(COSName.KIDS) instanceof COSArray kids)) {
            throw damaged();
        }
        if (!COSName.PAGES.equals(type) && INHERITABLE.stream().anyMatch(dict::containsKey)) {
            // PDFBox inherits only from a node typed /Pages; viewers from any node they walk through.
            throw damaged();
        }
        return kids;
    }

    private static void pushKids(Deque<Node> stack, Node node, COSArray kids) throws InvalidFileException {
        List<COSDictionary> path = new ArrayList<>(node.path.size() + 1);
        path.addAll(node.path);
        path.add(node.dict);
        List<COSDictionary> kidPath = Collections.unmodifiableList(path);
        // Pushed in reverse so that pages pop off in document order.
        for (int i = kids.size() - 1; i >= 0; i--) {
            COSBase kid = kids.getObject(i);
            if (!(kid instanceof COSDictionary dict) || dict.getDictionaryObject(COSName.PARENT) != node.dict) {
                // PDFBox inherits along /Parent, viewers along the walk: they agree only when it is the same path.
                throw damaged();
            }
            stack.push(new Node(dict, kidPath));
        }
    }

    public static InvalidFileException damaged() {
        return new InvalidFileException("the PDF's page tree is damaged");
    }

    private record Node(COSDictionary dict, List<COSDictionary> path) {
    }
}
