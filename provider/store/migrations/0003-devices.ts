// Extension (docs/provider-api.md, "Extensions"): connected health-data accounts and the source of
// imported entries.
//
// - health_entries.source: 'manual' or the name of the service/device that measured it (weight
//   already kept it in its JSON fields; the column gives every kind one).
// - health_entries.imported_from: the service key of an imported reading (NULL when typed by the
//   patient). At most one imported reading per kind, day and service, so a second sync of the same
//   day cannot duplicate it; disconnecting with "delete" removes exactly these rows.
// - device_connections: one row per connected (or failing) service; no row means not connected.
// - device_authorizations: a started consent (state), then the code it was allowed with.
export const migration = {
  name: '0003-devices',
  up: `
  ALTER TABLE health_entries ADD COLUMN source TEXT NOT NULL DEFAULT 'manual';
  ALTER TABLE health_entries ADD COLUMN imported_from TEXT;
  CREATE UNIQUE INDEX health_entries_one_import_per_kind_day
    ON health_entries(account_id, kind, day, imported_from) WHERE imported_from IS NOT NULL;

  CREATE TABLE device_connections (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    service TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('connected', 'needs_attention')),
    connected_at TEXT NOT NULL,
    last_synced_at TEXT,
    last_error TEXT,
    fail_next_sync TEXT,
    PRIMARY KEY (account_id, service)
  ) STRICT;

  CREATE TABLE device_authorizations (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    service TEXT NOT NULL,
    state TEXT NOT NULL UNIQUE,
    redirect_uri TEXT NOT NULL,
    decision TEXT CHECK (decision IS NULL OR decision IN ('allowed', 'denied')),
    code_hash TEXT UNIQUE,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) STRICT;
  CREATE INDEX device_authorizations_account ON device_authorizations(account_id, service);
`,
}
