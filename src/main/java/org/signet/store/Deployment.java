package org.signet.store;

/**
 * Whether Signet's database is this process's alone or shared by several instances: decided once, when the
 * configured database is opened (the SQLite file of a data folder has one Signet; a PostgreSQL database may
 * have several), and asked wherever work left behind or kept in memory depends on who else is running.
 */
public enum Deployment {
    /** One process uses the database: what is claimed at its start was left by its own stopped run. */
    ALONE,
    /** Several instances may use the database at once: what one keeps in memory the others cannot see. */
    SHARED_BY_INSTANCES;

    public boolean sharedByInstances() {
        return this == SHARED_BY_INSTANCES;
    }
}
