// Accounts, profiles, sessions, e-mail tokens, the development outbox and sign-in attempts.
export const migration = {
  name: '0001-core',
  up: `
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
}
