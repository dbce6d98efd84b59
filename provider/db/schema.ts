import type { ColumnType, Generated, Insertable, InsertType, Selectable, SelectType } from 'kysely'
import type { OnboardingState } from '../../common/contract/admin-patients-values'
import type { AlertKind, AlertStatus, AlertTier } from '../../common/contract/alerts-values'
import type { AdminRole, Portal } from '../../common/contract/auth-values'
import type { EntryKind } from '../../common/contract/entries-values'
import type { SenderRole } from '../../common/contract/messages-values'
import type { BariatricSection, DeviceSection, MedicalSection, PersonalSection } from '../../common/contract/profile'
import type { BariatricStatus } from '../../common/contract/profile-values'
import type { ReminderKind } from '../../common/contract/reminders-values'

// The tables the migrations beside this file create, as Kysely sees them, with the values the
// engines' parsers return (./types.ts): bigint and integer as numbers, timestamptz as ISO strings,
// dates as 'YYYY-MM-DD', jsonb parsed (and written as JSON text). Migrations never import this
// file: they must keep describing the schema of their own day. `columns` below restates every
// table's columns as data, so tests/db/schema.test.ts can hold both against the live database,
// and the assertion at the end keeps the two statements in step at compile time.

/** jsonb: read back parsed, written as `JSON.stringify(value)`. */
type Json<T> = ColumnType<T, string, string>
type NullableJson<T> = ColumnType<T | null, string | null, string | null>
/** jsonb with a column default: may be left out of an insert. */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>

export interface SchemaInfoTable {
  key: string
  value: string
  updated_at: Generated<string>
}

export interface MetaTable {
  key: string
  value: string
}

export interface AccountsTable {
  id: Generated<number>
  email: string
  portal: Portal
  password_hash: string
  full_name: Generated<string>
  role: AdminRole | null
  email_verified: Generated<boolean>
  token_version: Generated<number>
  created_at: string
  deactivated_at: string | null
  invited_at: string | null
  invited_by: number | null
  mfa_secret: string | null
  mfa_pending_secret: string | null
  mfa_enabled_at: string | null
  mfa_last_step: number | null
  closed_at: string | null
  closed_by: number | null
  closed_reference: string | null
  closed_email: string | null
}

export interface CustomerProfilesTable {
  account_id: number
  personal: NullableJson<PersonalSection>
  medical_history: NullableJson<MedicalSection>
  bariatric_surgery: NullableJson<BariatricSection>
  device_information: NullableJson<DeviceSection>
  profile_completed: Generated<boolean>
  medical_completed: Generated<boolean>
  bariatric_completed: Generated<boolean>
  is_onboarded: Generated<boolean>
  has_seen_tour: Generated<boolean>
  updated_at: string
}

export interface RefreshTokensTable {
  id: Generated<number>
  token_hash: string
  account_id: number
  portal: Portal
  /** Epoch milliseconds, as the token code's clock. */
  expires_at: number
  created_at: number
  sid: string
}

export interface EmailTokensTable {
  id: Generated<number>
  token_hash: string
  account_id: number
  purpose: 'verify_email' | 'reset_password'
  expires_at: number
  used_at: number | null
}

export interface OutboxTable {
  id: Generated<number>
  to_email: string
  subject: string
  body: string
  links: Json<string[]>
  created_at: string
  headers: NullableJson<Record<string, string>>
}

export interface LoginFailuresTable {
  id: Generated<number>
  email: string
  /** Epoch milliseconds. */
  at: number
}

export interface HealthEntriesTable {
  id: Generated<number>
  account_id: number
  kind: EntryKind
  day: string
  time_of_day: Generated<string>
  /** The kind's fields but the date (provider/entries-fields.ts checks them on the way in). */
  fields: Json<Record<string, unknown>>
  source: Generated<string>
  imported_from: string | null
  created_at: string
  updated_at: string
}

export interface DailyTargetsTable {
  account_id: number
  protein_target_g: number
  water_target_ml: number
  sleep_target_h: number
  updated_at: string
}

export interface DeviceConnectionsTable {
  account_id: number
  service: string
  status: 'connected' | 'needs_attention'
  connected_at: string
  last_synced_at: string | null
  last_error: string | null
  fail_next_sync: string | null
}

export interface DeviceAuthorizationsTable {
  id: Generated<number>
  account_id: number
  service: string
  state: string
  redirect_uri: string
  decision: 'allowed' | 'denied' | null
  code_hash: string | null
  expires_at: number
  used_at: number | null
}

export interface AuditEventsTable {
  id: Generated<number>
  at: string
  actor_account_id: number | null
  actor_email: string
  action: string
  target_account_id: number | null
  details: JsonWithDefault<Record<string, unknown>>
}

export interface PatientAlertsTable {
  id: Generated<number>
  account_id: number
  kind: AlertKind
  tier: AlertTier
  detail: Generated<string>
  status: AlertStatus
  opened_at: string
  acknowledged_at: string | null
  acknowledged_by_id: number | null
  acknowledged_by_email: string | null
  note: string | null
  resolved_at: string | null
}

export interface PatientSummariesTable {
  account_id: number
  full_name: string
  name_sort: string
  name_lower: string
  email: string
  email_lower: string
  created_at: string
  created_day: string
  email_verified: boolean
  is_onboarded: boolean
  onboarding: OnboardingState
  bariatric_status: BariatricStatus | null
  surgery_type: string | null
  surgery_date: string | null
  surgery_md: number | null
  baseline_kg: number | null
  height_cm: number | null
  goal_kg: number | null
  current_kg: number | null
  current_day: string | null
  nadir_kg: number | null
  nadir_day: string | null
  twl_percent: number | null
  ewl_percent: number | null
  last_entry_day: string | null
  protein_target_g: number
  open_alerts: Generated<number>
  alert_tier: AlertTier | null
  alerts_evaluated_on: string | null
  refreshed_at: string
}

export interface MfaRecoveryCodesTable {
  id: Generated<number>
  account_id: number
  code_hash: string
  used_at: string | null
}

export interface DeviceTokensTable {
  account_id: number
  service: string
  external_user_id: string
  access_token: string
  refresh_token: string
  access_expires_at: string
  scope: Generated<string>
  sync_cursor: number | null
  updated_at: string
}

export interface ConversationsTable {
  id: Generated<number>
  patient_id: number
  created_at: string
  last_message_id: number | null
  last_message_at: string | null
  last_sender_role: SenderRole | null
  last_patient_message_id: number | null
  handled_at: string | null
  handled_by: number | null
}

export interface MessagesTable {
  id: Generated<number>
  conversation_id: number
  sender_id: number | null
  sender_role: SenderRole
  body: string
  alert_id: number | null
  created_at: string
}

export interface MessageReadsTable {
  message_id: number
  account_id: number
  read_at: string
}

export interface ConversationReadsTable {
  conversation_id: number
  account_id: number
  last_read_message_id: number
  read_at: string
}

export interface MessageNoticesTable {
  conversation_id: number
  recipient_id: number
  sent_at: string
}

export interface ReminderPreferencesTable {
  account_id: number
  weigh_in: Generated<boolean>
  protein: Generated<boolean>
  water: Generated<boolean>
  vitamins: Generated<boolean>
  follow_up: Generated<boolean>
  time_of_day: string
  days: number
  time_zone: string
  updated_at: string
}

export interface ReminderSendsTable {
  account_id: number
  kind: ReminderKind
  slot: string
  sent_at: string
}

export interface MfaChallengesTable {
  jti: string
  account_id: number
  expires_at: number
}

export interface FhirClientsTable {
  id: Generated<number>
  client_id: string
  name: string
  jwks_url: string | null
  /** A JSON Web Key Set as pasted: `{ keys: [...] }`. */
  jwks: NullableJson<{ keys: Record<string, unknown>[] }>
  /** The scopes the client may be granted. */
  scopes: Json<string[]>
  created_by: number | null
  created_at: string
  disabled_at: string | null
  disabled_by: number | null
  last_used_at: string | null
}

export interface FhirAssertionJtisTable {
  client_id: string
  jti: string
  expires_at: string
}

export interface FhirExportFile {
  type: string
  /** The file's name in the export's directory (and its URL). */
  name: string
  count: number
}

export interface FhirExportsTable {
  id: string
  client_id: string
  request: string
  types: Json<string[]>
  since: string | null
  group_id: string | null
  status: 'accepted' | 'in-progress' | 'completed' | 'failed'
  progress: string | null
  transaction_time: string | null
  files: JsonWithDefault<FhirExportFile[]>
  error: string | null
  created_at: string
  completed_at: string | null
  expires_at: string
}

export interface Database {
  schema_info: SchemaInfoTable
  meta: MetaTable
  accounts: AccountsTable
  customer_profiles: CustomerProfilesTable
  refresh_tokens: RefreshTokensTable
  email_tokens: EmailTokensTable
  outbox: OutboxTable
  login_failures: LoginFailuresTable
  health_entries: HealthEntriesTable
  daily_targets: DailyTargetsTable
  device_connections: DeviceConnectionsTable
  device_authorizations: DeviceAuthorizationsTable
  audit_events: AuditEventsTable
  patient_alerts: PatientAlertsTable
  patient_summaries: PatientSummariesTable
  mfa_recovery_codes: MfaRecoveryCodesTable
  device_tokens: DeviceTokensTable
  conversations: ConversationsTable
  messages: MessagesTable
  message_reads: MessageReadsTable
  conversation_reads: ConversationReadsTable
  message_notices: MessageNoticesTable
  reminder_preferences: ReminderPreferencesTable
  reminder_sends: ReminderSendsTable
  mfa_challenges: MfaChallengesTable
  fhir_clients: FhirClientsTable
  fhir_assertion_jtis: FhirAssertionJtisTable
  fhir_exports: FhirExportsTable
}

/** A row as a query reads it, and as an insert takes it. */
export type Row<T extends keyof Database> = Selectable<Database[T]>
export type NewRow<T extends keyof Database> = Insertable<Database[T]>

// ---- The same schema as data -----------------------------------------------------------------

/** What a column's PostgreSQL type (pg_type.typname) reads back as, through ./types.ts. */
interface ReadAs {
  int4: number
  int8: number
  float8: number
  text: string
  bool: boolean
  date: string
  timestamptz: string
  jsonb: unknown
}
type PgType = keyof ReadAs

/**
 * One column: its type, ' null' when it may be NULL, ' default' when an insert may leave it out
 * (a default or an identity). No column is both.
 */
export type ColumnSpec = PgType | `${PgType} null` | `${PgType} default`

export const columns = {
  schema_info: { key: 'text', value: 'text', updated_at: 'timestamptz default' },
  meta: { key: 'text', value: 'text' },
  accounts: {
    id: 'int8 default',
    email: 'text',
    portal: 'text',
    password_hash: 'text',
    full_name: 'text default',
    role: 'text null',
    email_verified: 'bool default',
    token_version: 'int4 default',
    created_at: 'timestamptz',
    deactivated_at: 'timestamptz null',
    invited_at: 'timestamptz null',
    invited_by: 'int8 null',
    mfa_secret: 'text null',
    mfa_pending_secret: 'text null',
    mfa_enabled_at: 'timestamptz null',
    mfa_last_step: 'int8 null',
    closed_at: 'timestamptz null',
    closed_by: 'int8 null',
    closed_reference: 'text null',
    closed_email: 'text null',
  },
  customer_profiles: {
    account_id: 'int8',
    personal: 'jsonb null',
    medical_history: 'jsonb null',
    bariatric_surgery: 'jsonb null',
    device_information: 'jsonb null',
    profile_completed: 'bool default',
    medical_completed: 'bool default',
    bariatric_completed: 'bool default',
    is_onboarded: 'bool default',
    has_seen_tour: 'bool default',
    updated_at: 'timestamptz',
  },
  refresh_tokens: {
    id: 'int8 default',
    token_hash: 'text',
    account_id: 'int8',
    portal: 'text',
    expires_at: 'int8',
    created_at: 'int8',
    sid: 'text',
  },
  email_tokens: {
    id: 'int8 default',
    token_hash: 'text',
    account_id: 'int8',
    purpose: 'text',
    expires_at: 'int8',
    used_at: 'int8 null',
  },
  outbox: {
    id: 'int8 default',
    to_email: 'text',
    subject: 'text',
    body: 'text',
    links: 'jsonb',
    created_at: 'timestamptz',
    headers: 'jsonb null',
  },
  login_failures: { id: 'int8 default', email: 'text', at: 'int8' },
  health_entries: {
    id: 'int8 default',
    account_id: 'int8',
    kind: 'text',
    day: 'date',
    time_of_day: 'text default',
    fields: 'jsonb',
    source: 'text default',
    imported_from: 'text null',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  daily_targets: {
    account_id: 'int8',
    protein_target_g: 'float8',
    water_target_ml: 'float8',
    sleep_target_h: 'float8',
    updated_at: 'timestamptz',
  },
  device_connections: {
    account_id: 'int8',
    service: 'text',
    status: 'text',
    connected_at: 'timestamptz',
    last_synced_at: 'timestamptz null',
    last_error: 'text null',
    fail_next_sync: 'text null',
  },
  device_authorizations: {
    id: 'int8 default',
    account_id: 'int8',
    service: 'text',
    state: 'text',
    redirect_uri: 'text',
    decision: 'text null',
    code_hash: 'text null',
    expires_at: 'int8',
    used_at: 'int8 null',
  },
  audit_events: {
    id: 'int8 default',
    at: 'timestamptz',
    actor_account_id: 'int8 null',
    actor_email: 'text',
    action: 'text',
    target_account_id: 'int8 null',
    details: 'jsonb default',
  },
  patient_alerts: {
    id: 'int8 default',
    account_id: 'int8',
    kind: 'text',
    tier: 'int4',
    detail: 'text default',
    status: 'text',
    opened_at: 'timestamptz',
    acknowledged_at: 'timestamptz null',
    acknowledged_by_id: 'int8 null',
    acknowledged_by_email: 'text null',
    note: 'text null',
    resolved_at: 'timestamptz null',
  },
  patient_summaries: {
    account_id: 'int8',
    full_name: 'text',
    name_sort: 'text',
    name_lower: 'text',
    email: 'text',
    email_lower: 'text',
    created_at: 'timestamptz',
    created_day: 'date',
    email_verified: 'bool',
    is_onboarded: 'bool',
    onboarding: 'text',
    bariatric_status: 'text null',
    surgery_type: 'text null',
    surgery_date: 'date null',
    surgery_md: 'int4 null',
    baseline_kg: 'float8 null',
    height_cm: 'float8 null',
    goal_kg: 'float8 null',
    current_kg: 'float8 null',
    current_day: 'date null',
    nadir_kg: 'float8 null',
    nadir_day: 'date null',
    twl_percent: 'float8 null',
    ewl_percent: 'float8 null',
    last_entry_day: 'date null',
    protein_target_g: 'float8',
    open_alerts: 'int4 default',
    alert_tier: 'int4 null',
    alerts_evaluated_on: 'date null',
    refreshed_at: 'timestamptz',
  },
  mfa_recovery_codes: { id: 'int8 default', account_id: 'int8', code_hash: 'text', used_at: 'timestamptz null' },
  device_tokens: {
    account_id: 'int8',
    service: 'text',
    external_user_id: 'text',
    access_token: 'text',
    refresh_token: 'text',
    access_expires_at: 'timestamptz',
    scope: 'text default',
    sync_cursor: 'int8 null',
    updated_at: 'timestamptz',
  },
  conversations: {
    id: 'int8 default',
    patient_id: 'int8',
    created_at: 'timestamptz',
    last_message_id: 'int8 null',
    last_message_at: 'timestamptz null',
    last_sender_role: 'text null',
    last_patient_message_id: 'int8 null',
    handled_at: 'timestamptz null',
    handled_by: 'int8 null',
  },
  messages: {
    id: 'int8 default',
    conversation_id: 'int8',
    sender_id: 'int8 null',
    sender_role: 'text',
    body: 'text',
    alert_id: 'int8 null',
    created_at: 'timestamptz',
  },
  message_reads: { message_id: 'int8', account_id: 'int8', read_at: 'timestamptz' },
  conversation_reads: {
    conversation_id: 'int8',
    account_id: 'int8',
    last_read_message_id: 'int8',
    read_at: 'timestamptz',
  },
  message_notices: { conversation_id: 'int8', recipient_id: 'int8', sent_at: 'timestamptz' },
  reminder_preferences: {
    account_id: 'int8',
    weigh_in: 'bool default',
    protein: 'bool default',
    water: 'bool default',
    vitamins: 'bool default',
    follow_up: 'bool default',
    time_of_day: 'text',
    days: 'int4',
    time_zone: 'text',
    updated_at: 'timestamptz',
  },
  reminder_sends: { account_id: 'int8', kind: 'text', slot: 'text', sent_at: 'timestamptz' },
  mfa_challenges: { jti: 'text', account_id: 'int8', expires_at: 'int8' },
  fhir_clients: {
    id: 'int8 default',
    client_id: 'text',
    name: 'text',
    jwks_url: 'text null',
    jwks: 'jsonb null',
    scopes: 'jsonb',
    created_by: 'int8 null',
    created_at: 'timestamptz',
    disabled_at: 'timestamptz null',
    disabled_by: 'int8 null',
    last_used_at: 'timestamptz null',
  },
  fhir_assertion_jtis: { client_id: 'text', jti: 'text', expires_at: 'timestamptz' },
  fhir_exports: {
    id: 'text',
    client_id: 'text',
    request: 'text',
    types: 'jsonb',
    since: 'timestamptz null',
    group_id: 'text null',
    status: 'text',
    progress: 'text null',
    transaction_time: 'timestamptz null',
    files: 'jsonb default',
    error: 'text null',
    created_at: 'timestamptz',
    completed_at: 'timestamptz null',
    expires_at: 'timestamptz',
  },
} as const satisfies Record<keyof Database, Record<string, ColumnSpec>>

// ---- Compile-time: the interfaces and `columns` say the same thing ----------------------------

type Column<T> = { read: SelectType<T>; insert: InsertType<T> }
type Agrees<Col, Spec> =
  Spec extends `${infer Type extends PgType} null`
    ? null extends Column<Col>['read'] ? (Exclude<Column<Col>['read'], null> extends ReadAs[Type] ? true : false) : false
    : Spec extends `${infer Type extends PgType} default`
      ? null extends Column<Col>['read']
        ? false
        : undefined extends Column<Col>['insert'] ? (Column<Col>['read'] extends ReadAs[Type] ? true : false) : false
      : Spec extends PgType
        ? null extends Column<Col>['read']
          ? false
          : undefined extends Column<Col>['insert'] ? false : Column<Col>['read'] extends ReadAs[Spec] ? true : false
        : false
/** Every `table.column` on which the interface and `columns` disagree, or that only one names. */
type Disagreements = {
  [T in keyof Database | keyof typeof columns]: T extends keyof Database & keyof typeof columns
    ? {
        [C in keyof Database[T] | keyof (typeof columns)[T]]: C extends keyof Database[T] & keyof (typeof columns)[T]
          ? Agrees<Database[T][C], (typeof columns)[T][C]> extends true ? never : `${T}.${C & string}`
          : `${T}.${C & string}`
      }[keyof Database[T] | keyof (typeof columns)[T]]
    : T
}[keyof Database | keyof typeof columns]
type NoneOf<T extends never> = T
// A type error here names the columns that disagree ("does not satisfy the constraint 'never'").
export type SchemaAgrees = NoneOf<Disagreements>
