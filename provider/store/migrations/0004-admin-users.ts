// Extension (docs/provider-api.md, "Extensions"): admin invitations and deactivation, the audit log.
// Invitation state lives on the account: an invited admin is one with invited_at set whose e-mail
// is not verified yet (following the invitation link to create a password verifies it).
export const migration = {
  name: '0004-admin-users',
  up: `
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

  ALTER TABLE accounts ADD COLUMN deactivated_at TEXT;
  ALTER TABLE accounts ADD COLUMN invited_at TEXT;
  ALTER TABLE accounts ADD COLUMN invited_by INTEGER REFERENCES accounts(id) ON DELETE SET NULL;
`,
}
