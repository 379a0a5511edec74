package org.signet.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.util.List;

/** The JVM's memory (heap and non-heap), threads and garbage collections, read from its management beans. */
public final class JvmCollector implements Collector {
    @Override
    public String name() {
        return "jvm";
    }

    @Override
    public void collect(Exposition out) {
        memory(out);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        out.gauge("signet_jvm_threads", "Live threads, daemon threads included.")
                .sample("signet_jvm_threads", threads.getThreadCount());
        out.gauge("signet_jvm_threads_daemon", "Live daemon threads.")
                .sample("signet_jvm_threads_daemon", threads.getDaemonThreadCount());
        out.gauge("signet_jvm_threads_peak", "The most live threads at once since start.")
                .sample("signet_jvm_threads_peak", threads.getPeakThreadCount());
        collections(out);
    }

    private static void memory(Exposition out) {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        out.gauge("signet_jvm_memory_used_bytes", "Memory used, by area (heap, nonheap).");
        out.sample("signet_jvm_memory_used_bytes", heap.getUsed(), "area", "heap");
        out.sample("signet_jvm_memory_used_bytes", nonHeap.getUsed(), "area", "nonheap");
        out.gauge("signet_jvm_memory_committed_bytes", "Memory the JVM holds from the system, by area.");
        out.sample("signet_jvm_memory_committed_bytes", heap.getCommitted(), "area", "heap");
        out.sample("signet_jvm_memory_committed_bytes", nonHeap.getCommitted(), "area", "nonheap");
        out.gauge("signet_jvm_memory_max_bytes", "The most memory an area may use (-Xmx for the heap); -1 when unbounded.");
        out.sample("signet_jvm_memory_max_bytes", heap.getMax(), "area", "heap");
        out.sample("signet_jvm_memory_max_bytes", nonHeap.getMax(), "area", "nonheap");
    }

    private static void collections(Exposition out) {
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        out.counter("signet_jvm_gc_collections_total", "Garbage collections since start, by collector.");
        collectors.forEach(gc -> out.sample("signet_jvm_gc_collections_total", Math.max(0, gc.getCollectionCount()),
                "gc", gc.getName()));
        out.counter("signet_jvm_gc_collection_seconds_total", "Time spent in garbage collections, by collector.");
        collectors.forEach(gc -> out.sample("signet_jvm_gc_collection_seconds_total",
                Math.max(0, gc.getCollectionTime()) / 1000.0, "gc", gc.getName()));
    }
}
