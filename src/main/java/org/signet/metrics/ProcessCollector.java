package org.signet.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;

/** When this process started, how long it has run, and which version of Signet it runs. */
public final class ProcessCollector implements Collector {
    private final String version;

    public ProcessCollector(String version) {
        this.version = version;
    }

    @Override
    public String name() {
        return "process";
    }

    @Override
    public void collect(Exposition out) {
        RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
        out.gauge("signet_build_info", "Always 1; the version of Signet running, as a label.")
                .sample("signet_build_info", 1, "version", version, "java", runtime.getSpecVersion());
        out.gauge("signet_process_start_time_seconds", "When the process started, in Unix seconds.")
                .sample("signet_process_start_time_seconds", runtime.getStartTime() / 1000.0);
        out.gauge("signet_process_uptime_seconds", "How long the process has run.")
                .sample("signet_process_uptime_seconds", runtime.getUptime() / 1000.0);
    }
}
