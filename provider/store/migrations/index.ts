import { adminPatientsMigration } from './admin-patients.js'
import { adminUsersMigration } from './admin-users.js'
import { devicesMigration } from './devices.js'

/**
 * Schema changes in order; the database's `user_version` records how many have run. Append only:
 * an edited migration would never run again on databases that already have it.
 */
export const migrations: string[] = [
  `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;

  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    portal TEXT NOT NULL CHECK (portal IN ('customer', 'admin')),
    password_hash TEXT NOT NULL,
    full_name TEXT NOT NULL DEFAULT '',
    role TEXT CHECK (role IS NULL OR role IN ('Standard Admin', 'Super Admin')),
    email_verified INTEGER NOT NULL DEFAULT 0,
    token_version INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE customer_profiles (
    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    personal TEXT,
    medical_history TEXT,
    bariatric_surgery TEXT,
    device_information TEXT,
    profile_completed INTEGER NOT NULL DEFAULT 0,
    medical_completed INTEGER NOT NULL DEFAULT 0,
    bariatric_completed INTEGER NOT NULL DEFAULT 0,
    is_onboarded INTEGER NOT NULL DEFAULT 0,
    has_seen_tour INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE refresh_tokens (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    portal TEXT NOT NULL CHECK (portal IN ('customer', 'admin')),
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE email_tokens (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) STRICT;
  CREATE INDEX email_tokens_account ON email_tokens(account_id, purpose);

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    to_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    links TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL,
    at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX login_failures_email_at ON login_failures(email, at);
  `,
  // Extension (docs/provider-api.md, "Extensions"): the patient's health log and daily targets.
  // Kind-specific fields are JSON (validated by provider/entries-fields.ts); day and time_of_day
  // are columns because ranges and ordering are queried on them.
  `
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
  // Extensions, one module each so their owners can change them independently until they ship:
  // device connections (P12), admin users/audit/exports (P13), admin patients/alerts (P13).
  devicesMigration,
  adminUsersMigration,
  adminPatientsMigration,
]
