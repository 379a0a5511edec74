package org.signet.web.admin;

import io.nayuki.qrcodegen.QrCode;
import java.nio.charset.StandardCharsets;
import org.signet.text.Html;

/**
 * A QR code as an SVG image, served by the page rather than drawn by a script: one square of the image's
 * units a module, dark on white, inside the four-module quiet zone the standard asks for. Medium error
 * correction keeps the code small enough for a phone held at arm's length.
 */
final class QrImage {
    private static final int QUIET = 4;

    private QrImage() {}

    /** The SVG document of {@code text}'s QR code, as UTF-8. */
    static byte[] svg(String text) {
        QrCode qr = QrCode.encodeText(text, QrCode.Ecc.MEDIUM);
        int side = qr.size + 2 * QUIET;
        StringBuilder path = new StringBuilder();
        for (int y = 0; y < qr.size; y++) {
            for (int x = 0; x < qr.size; x++) {
                if (qr.getModule(x, y)) {
                    path.append('M').append(x + QUIET).append(',').append(y + QUIET).append("h1v1h-1z");
                }
            }
        }
        return Html.of("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""
                + " viewBox=\"0 0 {} {}\" shape-rendering=\"crispEdges\">\n<rect width=\"100%\" height=\"100%\""
                + " fill=\"#ffffff\"/>\n<path d=\"{}\" fill=\"#000000\"/>\n</svg>\n", side, side, path.toString())
                .toString().getBytes(StandardCharsets.UTF_8);
    }
}
