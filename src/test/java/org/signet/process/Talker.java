package org.signet.process;

import java.util.concurrent.CountDownLatch;

/**
 * The child the launcher's tests start: prints its arguments, one a line, then exits with the
 * code the environment's {@code TALKER_EXIT} names or, without it, waits until a signal ends it.
 */
public final class Talker {
    private Talker() {}

    public static void main(String[] args) throws InterruptedException {
        for (String a : args) {
            System.out.println(a);
        }
        System.out.flush();
        String exit = System.getenv("TALKER_EXIT");
        if (exit != null) {
            System.exit(Integer.parseInt(exit));
        }
        // Not standard input: the launcher closes it as it stops the child, which would end this first.
        new CountDownLatch(1).await();
    }
}
