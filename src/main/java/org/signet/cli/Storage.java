package org.signet.cli;

import java.io.IOException;
import org.signet.config.Config;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Migrations;
import org.signet.store.StoreException;

/** Opens the data folder's database for a command that runs beside (or without) the server. */
final class Storage {
    private Storage() {}

    static Database open(Config config) throws CommandException {
        try {
            return DataFolder.openDatabase(config.dataDir(), config.string("db.url"), config.string("db.user"),
                    config.string("db.password"), config.string("db.synchronous"), 2);
        } catch (IOException | StoreException e) {
            throw new CommandException("cannot open data folder " + config.dataDir() + ": " + e.getMessage());
        } catch (Migrations.SchemaTooNewException e) {
            throw new CommandException(e.getMessage());
        }
    }
}
