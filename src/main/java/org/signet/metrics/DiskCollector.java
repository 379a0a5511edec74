package org.signet.metrics;

import org.signet.files.DiskSpace;

/**
 * The room on the data folder's disk, read at each scrape, beside the least an upload needs: an alert on the
 * first nearing the second comes before uploads are refused with 507.
 */
public final class DiskCollector implements Collector {
    private final DiskSpace disk;

    public DiskCollector(DiskSpace disk) {
        this.disk = disk;
    }

    @Override
    public String name() {
        return "disk";
    }

    @Override
    public void collect(Exposition out) {
        long free = disk.freeBytes();
        if (free < 0) {
            throw new IllegalStateException("the free space of the data folder's file system cannot be read");
        }
        out.gauge("signet_data_folder_free_bytes", "Bytes Signet may still write on the file system of its data folder.")
                .sample("signet_data_folder_free_bytes", free);
        out.gauge("signet_data_folder_min_free_bytes",
                "storage.min_free_mb in bytes: below this, uploads are refused with 507 before they start.")
                .sample("signet_data_folder_min_free_bytes", disk.minFreeBytes());
    }
}
