// Extension (docs/provider-api.md, "Extensions"): the admin portal's patient alerts. An alert is
// one episode of a condition (see provider/alerts-rules.ts): opened when the condition is first
// seen, acknowledged by an admin with a note, resolved when the condition no longer holds. At most
// one unresolved alert per patient and kind, so re-evaluating never duplicates one.
export const migration = {
  name: '0005-admin-patients',
  up: `
  CREATE TABLE patient_alerts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('weight_regain', 'no_recent_data', 'low_protein')),
    tier INTEGER NOT NULL CHECK (tier IN (1, 2, 3)),
    detail TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL CHECK (status IN ('open', 'acknowledged', 'resolved')),
    opened_at TEXT NOT NULL,
    acknowledged_at TEXT,
    acknowledged_by_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
    acknowledged_by_email TEXT,
    note TEXT,
    resolved_at TEXT
  ) STRICT;
  CREATE UNIQUE INDEX patient_alerts_one_unresolved
    ON patient_alerts(account_id, kind) WHERE status <> 'resolved';
  CREATE INDEX patient_alerts_status ON patient_alerts(status, tier);
`,
}
