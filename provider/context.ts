import type { AdminMfaSetting } from '../common/contract/auth-values'
import type { AccountClosureSettings } from './account-closure-settings.js'
import type { FhirRuntime } from './fhir/runtime.js'
import type { OutgoingMail } from './jobs/email.js'
import type { Db } from './store/sql.js'
import type { WithingsRuntime } from './withings/sync.js'

/** What every route needs, resolved once at start-up. */
export interface ProviderContext {
  db: Db
  secret: string
  /** Seals admins' TOTP secrets (provider/mfa.ts): from MFA_ENCRYPTION_KEY, else from `secret`. */
  mfaKey: Buffer
  /** Without a trailing slash, so links read `${appUrl}/customer/...`. */
  appUrl: string
  devMode: boolean
  /** ADMIN_MFA: which admins must have a second factor before anything but enrolling it. */
  adminMfa: AdminMfaSetting
  accessTtlMs: number
  refreshTtlMs: number
  log: (line: string) => void
  /**
   * Hands a message to the SMTP job queue; undefined without SMTP_URL, when mail goes to the
   * development outbox instead.
   */
  queueEmail?: (mail: OutgoingMail) => Promise<unknown>
  /** Withings' settings and the box its tokens are sealed with; null where not configured. */
  withings: WithingsRuntime | null
  /** Queues a sync of a patient's service (a Withings notification); undefined without the job runner. */
  queueDeviceSync?: (accountId: number, service: string) => Promise<unknown>
  /** CLOSED_ACCOUNT_EMAIL_REUSE and RECORD_RETENTION_YEARS; undefined: the defaults (decision 196). */
  accountClosure?: AccountClosureSettings
  /** The FHIR API's base URL (FHIR_BASE_URL) and per-client limits. */
  fhir: FhirRuntime
  /**
   * FHIR Bulk Data export: where its files go (FHIR_EXPORT_DIR), the page size it reads with, and
   * how a kick-off queues its job (undefined without the job runner, when exports are refused).
   */
  fhirExports?: { dir: string; pageSize: number; queue?: (exportId: string) => Promise<unknown> }
}
