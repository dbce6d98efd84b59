import { sql, type Kysely } from 'kysely'

// One row per patient with the facts the admin portal's patients list, dashboard and
// cohorts filter, sort and count on, kept up to date by every write that changes one of them (in
// the same transaction: provider/store/patient-summaries.ts), so admin reads are indexed SQL over
// this table instead of a snapshot of every patient built in memory. Facts that depend on the day
// (days post-op, days since the last entry, the next milestone) are computed from the stored dates
// at read time, never stored. Existing patients are filled in at start (refreshMissingSummaries),
// through the same rule as every write, rather than by a second rule written in SQL here.

export const statements = [
  // Trigram indexes for the list's search (name or e-mail contains the text). A contrib extension
  // shipped with PostgreSQL (and PGlite), trusted since PostgreSQL 13: the database owner can
  // create it without superuser rights.
  `create extension if not exists pg_trgm`,
  `create table patient_summaries (
    account_id bigint primary key references accounts(id) on delete cascade,
    full_name text not null,
    name_sort text collate "C" not null,
    name_lower text not null,
    email text not null,
    email_lower text not null,
    created_at timestamptz not null,
    created_day date not null,
    email_verified boolean not null,
    is_onboarded boolean not null,
    onboarding text not null check (onboarding in ('unverified', 'verified', 'onboarded')),
    bariatric_status text,
    surgery_type text,
    surgery_date date,
    surgery_md integer,
    baseline_kg double precision,
    height_cm double precision,
    goal_kg double precision,
    current_kg double precision,
    current_day date,
    nadir_kg double precision,
    nadir_day date,
    twl_percent double precision,
    ewl_percent double precision,
    last_entry_day date,
    protein_target_g double precision not null,
    open_alerts integer not null default 0,
    alert_tier integer check (alert_tier is null or alert_tier in (1, 2, 3)),
    alerts_evaluated_on date,
    refreshed_at timestamptz not null
  )`,
  // One index per sort key and direction, with missing values last and ties by id (the list's
  // order), so a page of any sort is an index range scan rather than a sort of every patient.
  `create index patient_summaries_name_asc on patient_summaries (name_sort, account_id)`,
  `create index patient_summaries_name_desc on patient_summaries (name_sort desc, account_id)`,
  `create index patient_summaries_surgery_asc on patient_summaries (surgery_date asc nulls last, account_id)`,
  `create index patient_summaries_surgery_desc on patient_summaries (surgery_date desc nulls last, account_id)`,
  `create index patient_summaries_last_data_asc on patient_summaries (last_entry_day asc nulls last, account_id)`,
  `create index patient_summaries_last_data_desc on patient_summaries (last_entry_day desc nulls last, account_id)`,
  `create index patient_summaries_twl_asc on patient_summaries (twl_percent asc nulls last, account_id)`,
  `create index patient_summaries_twl_desc on patient_summaries (twl_percent desc nulls last, account_id)`,
  // The selective filters: patients with open alerts (by their most urgent tier), a procedure,
  // an onboarding state.
  `create index patient_summaries_alert_tier on patient_summaries (alert_tier, account_id) where alert_tier is not null`,
  // The yearly follow-ups: month and day of the surgery (29 February = 229).
  `create index patient_summaries_surgery_md on patient_summaries (surgery_md) where surgery_md is not null`,
  `create index patient_summaries_procedure on patient_summaries (surgery_type, surgery_date)`,
  `create index patient_summaries_onboarding on patient_summaries (onboarding, account_id)`,
  `create index patient_summaries_name_search on patient_summaries using gin (name_lower gin_trgm_ops)`,
  `create index patient_summaries_email_search on patient_summaries using gin (email_lower gin_trgm_ops)`,
  // The dashboard: its head counts and its cohorts read these instead of the table (index-only).
  `create index patient_summaries_counts on patient_summaries (is_onboarded, email_verified, last_entry_day, created_day)`,
  `create index patient_summaries_cohorts on patient_summaries (surgery_type, surgery_date)
    include (twl_percent, ewl_percent) where is_onboarded`,
  // The daily time-based evaluation finds the patients whose alerts were last evaluated before today.
  `create index patient_summaries_quiet on patient_summaries (alerts_evaluated_on) where is_onboarded`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
