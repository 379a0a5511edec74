package org.signet.pdf.updates;

import java.io.ByteArrayOutputStream;

/** Undoes the PNG predictors a cross-reference stream may be written with (ISO 32000-1 §7.4.4.4). */
final class Predictor {
    private Predictor() {}

    static byte[] undo(byte[] data, RawValue.Dict parameters) throws DamagedUpdate {
        long predictor = number(parameters, "Predictor", 1);
        if (predictor == 1) {
            return data;
        }
        if (predictor < 10 || predictor > 15 || number(parameters, "Colors", 1) != 1
                || number(parameters, "BitsPerComponent", 8) != 8) {
            throw new DamagedUpdate("a cross-reference stream uses a predictor that is not PNG on bytes", 0);
        }
        long columns = number(parameters, "Columns", 1);
        if (columns < 1 || columns > 64) {
            throw new DamagedUpdate("a cross-reference stream's /Columns is out of range", 0);
        }
        return png(data, (int) columns);
    }

    private static long number(RawValue.Dict parameters, String key, long absent) throws DamagedUpdate {
        RawValue value = parameters == null ? null : parameters.get(key);
        if (value == null) {
            return absent;
        }
        Long n = value instanceof RawValue.Number num ? num.integer() : null;
        if (n == null) {
            throw new DamagedUpdate("/" + key + " is not an integer", 0);
        }
        return n;
    }

    /** Each row starts with its filter type; one byte per pixel, so the left neighbour is one byte back. */
    private static byte[] png(byte[] data, int columns) throws DamagedUpdate {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] previous = new byte[columns];
        for (int at = 0; at + columns < data.length; at += columns + 1) {
            int type = data[at] & 0xff;
            byte[] row = new byte[columns];
            for (int i = 0; i < columns; i++) {
                int raw = data[at + 1 + i] & 0xff;
                int left = i == 0 ? 0 : row[i - 1] & 0xff;
                int up = previous[i] & 0xff;
                int upLeft = i == 0 ? 0 : previous[i - 1] & 0xff;
                row[i] = (byte) (raw + switch (type) {
                    case 0 -> 0;
                    case 1 -> left;
                    case 2 -> up;
                    case 3 -> (left + up) / 2;
                    case 4 -> paeth(left, up, upLeft);
                    default -> throw new DamagedUpdate("a PNG row has an unknown filter type", 0);
                });
            }
            out.write(row, 0, columns);
            previous = row;
        }
        return out.toByteArray();
    }

    private static int paeth(int left, int up, int upLeft) {
        int p = left + up - upLeft;
        int pa = Math.abs(p - left);
        int pb = Math.abs(p - up);
        int pc = Math.abs(p - upLeft);
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
}
