package org.signet.pdf.updates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The PNG predictors a cross-reference stream may be written with, undone row by row. */
class PredictorTest {
    private static RawValue.Dict png(int columns) {
        return new RawValue.Dict(Map.of("Predictor", new RawValue.Number("12"), "Columns",
                new RawValue.Number(Integer.toString(columns))));
    }

    @Test
    void undo_upRows_eachAddedToTheRowAbove() throws Exception {
        byte[] stored = {2, 1, 0, 5, 2, 1, 0, 1, 2, 0, 0, 1};

        assertArrayEquals(new byte[] {1, 0, 5, 2, 0, 6, 2, 0, 7}, Predictor.undo(stored, png(3)));
    }

    @Test
    void undo_subAverageAndPaethRows_asPngDefinesThem() throws Exception {
        byte[] stored = {1, 10, 5, 3, 4, 4, 4, 1, 0};

        // Sub: 10, 5+10; Average: 4+(0+10)/2, 4+(9+15)/2; Paeth: 1+paeth(0,9,0)=1+9, 0+paeth(10,16,9)=16.
        assertArrayEquals(new byte[] {10, 15, 9, 16, 10, 16}, Predictor.undo(stored, png(2)));
    }

    @Test
    void undo_noPredictor_bytesAsTheyAre() throws Exception {
        byte[] stored = {1, 2, 3};

        assertArrayEquals(stored, Predictor.undo(stored, null));
    }

    @Test
    void undo_tiffPredictorOrAnUnknownRowType_refused() {
        RawValue.Dict tiff = new RawValue.Dict(Map.of("Predictor", new RawValue.Number("2")));

        assertThrows(DamagedUpdate.class, () -> Predictor.undo(new byte[] {1, 2}, tiff));
        assertThrows(DamagedUpdate.class, () -> Predictor.undo(new byte[] {7, 1, 2}, png(2)));
    }
}
