// Extension (docs/provider-api.md, "Extensions"): the patient's health log and daily targets.
// Kind-specific fields are JSON (validated by provider/entries-fields.ts); day and time_of_day
// are columns because ranges and ordering are queried on them.
export const migration = {
  name: '0002-health-log',
  up: `
  CREATE TABLE health_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('weight', 'sleep', 'meal', 'water', 'vitamins')),
    day TEXT NOT NULL,
    time_of_day TEXT NOT NULL DEFAULT '',
    fields TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX health_entries_account_day ON health_entries(account_id, day);
  CREATE INDEX health_entries_account_kind_day ON health_entries(account_id, kind, day);
  CREATE UNIQUE INDEX health_entries_one_vitamins_record_per_day
    ON health_entries(account_id, day) WHERE kind = 'vitamins';

  CREATE TABLE daily_targets (
    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    protein_target_g REAL NOT NULL,
    water_target_ml REAL NOT NULL,
    sleep_target_h REAL NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  `,
}
