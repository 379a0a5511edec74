package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.signet.App;
import org.signet.config.Config;
import org.signet.config.ConfigException;
import org.signet.crypto.Passwords;
import org.signet.store.ApiKeyStore;
import org.signet.store.DataFolder;

/**
 * {@code demo}: recreates {@code ./demo-data}, starts Signet on it, seeds users, keys and sample
 * documents, and prints everything a newcomer needs to try the interface.
 */
final class DemoCommand {
    static final String PASSWORD = "signet-demo";

    private final PrintStream out;

    DemoCommand(PrintStream out) {
        this.out = out;
    }

    /**
     * The keys are printed as soon as the accounts exist, and the signing links once the sample
     * documents are made: those go through the interface like any client's, with a cold JVM.
     */
    int run(Config config) throws CommandException {
        recreate(config.dataDir());
        // The password's 310,000 hash rounds run while the server starts, not after it.
        CompletableFuture<String> passwordHash = CompletableFuture.supplyAsync(
                () -> Passwords.hash(PASSWORD.toCharArray()));
        App app = ServeCommand.start(withLocalWebhooks(config));
        DemoSeed.Accounts accounts = new DemoSeed(app).seedAccounts(passwordHash.join());
        printWelcome(app, accounts);
        DemoDocuments.Seeded docs = seedDocuments(app, accounts);
        printDocuments(app, accounts, docs);
        ServeCommand.awaitShutdown(app);
        return 0;
    }

    /** The demo runs on this machine, so its webhooks may go to a receiver on this machine too. */
    private static Config withLocalWebhooks(Config config) throws CommandException {
        try {
            return config.with("webhooks.allow_private", "true");
        } catch (ConfigException e) {
            throw new CommandException(e.getMessage());
        }
    }

    private static DemoDocuments.Seeded seedDocuments(App app, DemoSeed.Accounts accounts) throws CommandException {
        DemoClient client = new DemoClient(app.baseUrl(), accounts.userFull().key().key(), accounts.userFull().secret());
        try {
            return new DemoDocuments(client).seed();
        } catch (IOException e) {
            app.close();
            throw new CommandException("could not seed the demo documents: " + e.getMessage());
        }
    }

    private void printWelcome(App app, DemoSeed.Accounts accounts) {
        String base = app.baseUrl();
        out.println();
        out.println("Signet demo is running at " + app.siteUrl());
        out.println("REST base: " + base);
        out.println();
        print("Administrator " + accounts.admin().email(), accounts.adminFull(), accounts.adminRead());
        print("User " + accounts.user().email(), accounts.userFull(), accounts.userRead());
        out.println("Both accounts have the password '" + PASSWORD + "'.");
        out.println();
        out.println("Administrator pages: " + app.siteUrl() + "/admin");
        out.println("  sign in as " + accounts.admin().email() + " with password " + PASSWORD
                + " (or as " + accounts.user().email() + ", same password, to see one user's view)");
        out.println();
        out.println("Adding the sample documents...");
        out.flush();
    }

    private void printDocuments(App app, DemoSeed.Accounts accounts, DemoDocuments.Seeded docs) {
        String base = app.baseUrl();
        String auth = " -H 'X-WPS-API-Key: " + accounts.userFull().key().key() + "' -H 'X-WPS-API-Secret: "
                + accounts.userFull().secret() + "'";
        out.println();
        out.println("Sign the waiting NDA in your browser (Ann signs first, then Bob):");
        out.println("  " + docs.signingUrl());
        out.println("  " + docs.secondSignerUrl() + "   (opens once Ann has signed)");
        out.println("Invitations and other mail land in " + app.config().dataDir().resolve("outbox") + ".");
        out.println();
        out.println("Try the interface (documents belong to " + accounts.user().email() + "):");
        out.println("  curl -s" + auth + " " + base + "/stats");
        out.println("  curl -s" + auth + " '" + base + "/documents?per_page=5'");
        out.println("  curl -s" + auth + " " + base + "/documents/" + docs.pendingDocumentId());
        out.println("  curl -s" + auth + " -F file=@sample-data/mutual-nda.pdf -F title='My NDA' " + base
                + "/documents/upload");
        out.println();
        out.println("Make and send a document from the NDA template, its two variables filled in:");
        out.println("  curl -s" + auth + " -H 'Content-Type: application/json' -d '{\"signers\":["
                + "{\"name\":\"Ann Able\",\"email\":\"ann@example.com\"},{\"name\":\"Bob Baker\","
                + "\"email\":\"bob@example.com\"}],\"variables\":{\"disclosing_title\":\"CEO\","
                + "\"receiving_title\":\"Head of Legal\"},\"send\":true}' " + base + "/templates/"
                + docs.templateId() + "/documents");
        out.println();
        out.println("Hear about every event at a receiver on this machine (the demo allows local webhook URLs):");
        out.println("  curl -s" + auth + " -H 'Content-Type: application/json' -d '{\"url\":"
                + "\"http://127.0.0.1:9000/hook\",\"events\":[\"*\"]}' " + base + "/webhooks");
        out.println("  (the answer holds the secret that signs each delivery; see the README for checking it)");
        out.println();
        out.println("Press Ctrl-C to stop. The data lives in " + app.config().dataDir() + " until the next demo.");
    }

    private void print(String who, ApiKeyStore.Created full, ApiKeyStore.Created read) {
        out.println(who);
        out.println("  Full Access  key " + full.key().key() + "  secret " + full.secret());
        out.println("  Read Only    key " + read.key().key() + "  secret " + read.secret());
    }

    /** Deletes the previous demo folder, but only one that Signet made (it holds signet.db or nothing). */
    private static void recreate(Path dir) throws CommandException {
        try {
            if (Files.exists(dir)) {
                boolean ours;
                try (Stream<Path> entries = Files.list(dir)) {
                    ours = DataFolder.holdsDatabase(dir) || entries.findAny().isEmpty();
                }
                if (!ours) {
                    throw new CommandException(dir.toAbsolutePath() + " exists and is not a Signet demo folder; "
                            + "move it away or run the demo elsewhere");
                }
                try (Stream<Path> walk = Files.walk(dir)) {
                    for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
        } catch (IOException e) {
            throw new CommandException("cannot recreate " + dir + ": " + e.getMessage());
        }
    }
}
