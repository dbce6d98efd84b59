// The audit log as the users screen shows it (tab 'Audit log' of /admin/users, Super Admin only):
// filters read from the URL (clamped, never an error), labels and one-line summaries of events.
// Pure. Provider contract: docs/provider-api.md "Audit events" (an extension).
import { formatDateTimeIn, formatDay } from '~/platform/formats'
import { isIsoDate } from '~/features/health-log/log-entries'
import type { AuditEvent, AuditPage } from '~/../common/contract/admins'
import { AUDIT_ACTIONS, AUDIT_ACTOR_MAX_LENGTH as MAX_ACTOR_LENGTH, type AuditAction } from '~/../common/contract/audit-values'
import { PAGE_NUMBER_MAX as MAX_PAGE } from '~/../common/contract/paging-values'

export { AUDIT_ACTIONS, type AuditAction }

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Sign-in',
  patient_view: 'Patient record view',
  export: 'Data export',
  role_change: 'Role change',
  admin_invite: 'Admin invited',
  admin_deactivate: 'Admin deactivated',
  admin_reactivate: 'Admin reactivated',
  alert_acknowledge: 'Alert acknowledged',
  mfa_enroll: 'Two-factor set up',
  mfa_reset: 'Two-factor reset',
  mfa_failure: 'Two-factor code failed',
  mfa_recovery_code_used: 'Recovery code used',
  message_view: 'Messages read',
  message_send: 'Message sent',
  message_handled: 'Conversation marked as handled',
  message_inbox_view: 'Messages inbox viewed',
  account_close: 'Account closed',
  record_delete: 'Record deleted (retention ended)',
  fhir_client_register: 'FHIR client registered',
  fhir_client_disable: 'FHIR client disabled',
  fhir_token: 'FHIR access token issued',
  fhir_read: 'FHIR read or search',
  fhir_export: 'FHIR bulk export',
}

export type { AuditEvent, AuditPage }

export type AuditFilters = { action: AuditAction | null; actor: string; from: string | null; to: string | null; page: number }


export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value)
}

/** What the URL asks for, with anything unusable dropped (bad params never make an error page). */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get('action')
  const actor = (params.get('actor') ?? '').trim().slice(0, MAX_ACTOR_LENGTH)
  let from = isIsoDate(params.get('from')) ? params.get('from') : null
  let to = isIsoDate(params.get('to')) ? params.get('to') : null
  // A reversed range is read the way it was surely meant.
  if (from && to && to < from) [from, to] = [to, from]
  const page = Number.parseInt(params.get('page') ?? '', 10)
  return {
    action: isAuditAction(action) ? action : null,
    actor,
    from,
    to,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  }
}

/** The provider's query for these filters. */
export function auditQuery(filters: AuditFilters): Record<string, string | undefined> {
  return {
    action: filters.action ?? undefined,
    actor: filters.actor || undefined,
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
    page: filters.page > 1 ? String(filters.page) : undefined,
  }
}

/** /admin/users?tab=audit with these filters (and another page). */
export function auditHref(filters: AuditFilters, page = filters.page): string {
  const params = new URLSearchParams({ tab: 'audit' })
  for (const [key, value] of Object.entries(auditQuery({ ...filters, page }))) if (value) params.set(key, value)
  return `/admin/users?${params}`
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return Boolean(filters.action || filters.actor || filters.from || filters.to)
}

const SIGN_IN_OUTCOMES: Record<string, string> = {
  success: 'Signed in',
  invalid_credentials: 'Failed: wrong e-mail or password',
  wrong_portal: 'Failed: not an admin account',
  deactivated: 'Refused: account deactivated',
  throttled: 'Refused: too many attempts',
  mfa_required: 'Password accepted, two-factor code asked for',
}

const MODE_LABELS: Record<string, string> = { identified: 'identified', deidentified: 'de-identified' }
const FILTER_LABELS: Record<string, string> = {
  surgery_from: 'surgery from',
  surgery_to: 'surgery to',
  from: 'entries from',
  to: 'entries to',
  procedure: 'procedure',
  months_since_surgery: 'months since surgery',
  onboarding: 'onboarding',
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

/** One line that says what happened, from the event's details. */
export function describeAuditEvent(event: AuditEvent): string {
  const d = event.details
  switch (event.action) {
    case 'sign_in': {
      const outcome = SIGN_IN_OUTCOMES[text(d.outcome)] ?? 'Sign-in attempt'
      if (d.second_factor === 'totp') return `${outcome}, with an authenticator code`
      return d.second_factor === 'recovery_code' ? `${outcome}, with a recovery code` : outcome
    }
    case 'export': {
      const filters =
        d.filters && typeof d.filters === 'object'
          ? Object.entries(d.filters as Record<string, unknown>)
              .map(([key, value]) => `${FILTER_LABELS[key] ?? key} ${text(value)}`)
              .join(', ')
          : ''
      const rows = typeof d.row_count === 'number' ? `${d.row_count} ${d.row_count === 1 ? 'row' : 'rows'}` : ''
      const parts = [`${text(d.dataset) || 'Data'} (${MODE_LABELS[text(d.mode)] ?? text(d.mode)})`, rows]
      if (d.truncated === true) parts.push('truncated')
      parts.push(filters ? `filters: ${filters}` : 'no filters')
      return parts.filter(Boolean).join(' · ')
    }
    case 'role_change':
      return `${text(d.from) || 'No role'} → ${text(d.to)}`
    case 'admin_invite':
      return `As ${text(d.role)}${d.resent === true ? ' (invitation sent again)' : ''}`
    case 'patient_view':
      if (d.resource === 'entries') return `Health log${logRange(d)}`
      return d.resource === 'record' ? `Patient record${d.from || d.to ? `, with its health log${logRange(d)}` : ''}` : ''
    case 'mfa_failure':
      return d.during === 'enrollment' ? 'Wrong code while setting up' : 'Wrong code at sign-in'
    case 'mfa_recovery_code_used':
      return typeof d.remaining === 'number' ? `${d.remaining} ${d.remaining === 1 ? 'code' : 'codes'} left` : ''
    case 'message_send':
      // Never the text: the log says who wrote and from where, not what.
      return [
        d.sender_role === 'patient' ? 'By the patient' : d.sender_role === 'admin' ? 'By the care team' : '',
        d.alert_id ? `from alert ${text(d.alert_id)}` : '',
      ]
        .filter(Boolean)
        .join(', ')
    case 'message_view':
      return d.before ? 'Earlier messages' : 'Conversation'
    case 'alert_acknowledge':
      return [text(d.kind).replace(/_/g, ' '), d.tier ? `tier ${text(d.tier)}` : ''].filter(Boolean).join(', ')
    default:
      return ''
  }
}

const logDay = (value: unknown) => (text(value) ? formatDay(text(value)) : '…')
const logRange = (d: Record<string, unknown>) => (d.from || d.to ? `, ${logDay(d.from)} to ${logDay(d.to)}` : '')

/** When an event happened, by the clinic's clock with the zone's abbreviation (CLINIC_TIME_ZONE). */
export function formatAuditTime(iso: string | null | undefined, timeZone: string): string {
  return formatDateTimeIn(iso, timeZone)
}
