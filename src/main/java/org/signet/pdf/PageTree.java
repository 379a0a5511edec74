package org.signet.pdf;

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
 * Walks a PDF's page tree without trusting it: counts the real leaves, and rejects loops, missing
 * kids, absurd depth and cyclic {@code /Parent} chains, which would otherwise send PDFBox (whose
 * attribute inheritance follows {@code /Parent} recursively) into endless recursion.
 */
final class PageTree {

    /** Deeper than any real page tree; balanced trees of a million pages are about 10 deep. */
    static final int MAX_DEPTH = 128;

    /** Most tree nodes visited before giving up, so that a huge tree costs bounded time. */
    static final int MAX_NODES = 200_000;

    /** The pages in document order (at most {@code keep} of them) and how many there are in all. */
    record Result(List<COSDictionary> pages, int count) {
    }

    private PageTree() {
    }

    /**
     * Walks the tree under {@code root}, keeping the first {@code keep} leaves.
     *
     * @throws InvalidFileException when the tree is damaged or too large to walk
     */
    static Result walk(COSDictionary root, int keep) throws InvalidFileException {
        if (root == null) {
            throw damaged();
        }
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<COSDictionary> pages = new ArrayList<>();
        int count = 0;
        // Iterative depth-first walk: an explicit stack keeps a deep tree from overflowing ours.
        Deque<Node> stack = new ArrayDeque<>();
        stack.push(new Node(root, 0));
        while (!stack.isEmpty()) {
            Node node = stack.pop();
            if (!seen.add(node.dict) || node.depth > MAX_DEPTH) {
                throw damaged();
            }
            if (seen.size() > MAX_NODES) {
                throw new InvalidFileException("the PDF's page tree is too large to read");
            }
            if (isTreeNode(node.dict)) {
                pushKids(stack, node);
            } else {
                count++;
                if (pages.size() < keep) {
                    checkParents(node.dict);
                    pages.add(node.dict);
                }
            }
        }
        return new Result(List.copyOf(pages), count);
    }

    private static void pushKids(Deque<Node> stack, Node node) throws InvalidFileException {
        COSArray kids = node.dict.getCOSArray(COSName.KIDS);
        if (kids == null) {
            throw damaged();
        }
        // Pushed in reverse so that pages pop off in document order.
        for (int i = kids.size() - 1; i >= 0; i--) {
            COSBase kid = kids.getObject(i);
            if (!(kid instanceof COSDictionary)) {
                throw damaged();
            }
            stack.push(new Node((COSDictionary) kid, node.depth + 1));
        }
    }

    /** Same test as PDFBox's own page tree, so that both agree on what a page is. */
    private static boolean isTreeNode(COSDictionary dict) {
        return COSName.PAGES.equals(dict.getCOSName(COSName.TYPE)) || dict.containsKey(COSName.KIDS);
    }

    private static void checkParents(COSDictionary page) throws InvalidFileException {
        Set<COSDictionary> chain = Collections.newSetFromMap(new IdentityHashMap<>());
        COSDictionary node = page;
        while (node != null) {
            if (!chain.add(node) || chain.size() > MAX_DEPTH + 1) {
                throw damaged();
            }
            node = node.getCOSDictionary(COSName.PARENT, COSName.P);
        }
    }

    static InvalidFileException damaged() {
        return new InvalidFileException("the PDF's page tree is damaged");
    }

    private record Node(COSDictionary dict, int depth) {
    }
}
