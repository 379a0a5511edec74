package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SealTimesTest {
    @Test
    void expectedMillis_beforeAnySeal_theFirstGuess() {
        assertEquals(SealTimes.FIRST_GUESS_MILLIS, new SealTimes().expectedMillis());
    }

    @Test
    void expectedMillis_firstSeal_replacesTheGuess() {
        SealTimes times = new SealTimes();
        times.record(700);
        assertEquals(700, times.expectedMillis());
    }

    @Test
    void expectedMillis_laterSeals_leanOnTheRecentOnes() {
        SealTimes times = new SealTimes();
        times.record(700);
        times.record(1700);
        assertEquals(1000, times.expectedMillis());
    }

    @Test
    void secondsLeft_justCompleted_theSealTimeRoundedUp() {
        SealTimes times = new SealTimes();
        times.record(690);
        assertEquals(1, times.secondsLeft(1_000, 1_000));
        times.record(3_690);
        assertEquals(1_590, times.expectedMillis());
        assertEquals(2, times.secondsLeft(1_000, 1_000));
    }

    @Test
    void secondsLeft_attemptDueLater_countsFromThatAttempt() {
        SealTimes times = new SealTimes();
        times.record(800);
        assertEquals(61, times.secondsLeft(1_060, 1_000));
    }

    @Test
    void secondsLeft_overdue_neverLessThanOne() {
        SealTimes times = new SealTimes();
        times.record(800);
        assertEquals(1, times.secondsLeft(1_000, 1_500));
    }
}
