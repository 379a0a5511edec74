package org.signet.service;

import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentFileStore;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StoredFiles;
import org.signet.store.TeamStore;

/**
 * The stores one document's state spans, over one database: what the services that read and change documents
 * share, with the teams whose members' roles decide who may (see {@link Ownership}).
 */
public record DocumentStores(Database db, DocumentStore documents, SignerStore signers, FieldStore fields,
        AttachmentStore attachments, AuditStore audit, StoredFiles files, DocumentFileStore documentFiles,
        TeamStore teams) {}
