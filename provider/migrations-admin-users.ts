// Extension (docs/provider-api.md, "Extensions"): admin invitations and deactivation, the audit log.
export const adminUsersMigration = `
  CREATE TABLE audit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor_account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    target_account_id INTEGER,
    details TEXT NOT NULL DEFAULT '{}'
  ) STRICT;
  CREATE INDEX audit_events_at ON audit_events(at);
  CREATE INDEX audit_events_action_at ON audit_events(action, at);
`
