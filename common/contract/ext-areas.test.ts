// The extension areas' contract (docs/provider-api.md "Extensions"): the documented answers pass
// their schemas, the hand-written checks (long ranges of entries, export rows) refuse what the
// contract does not allow, and the value lists agree with the limits the API states.
import { describe, expect, it } from 'vitest'
import { patientListSchema, patientRecordWithEntriesSchema } from './admin-patients'
import { dashboardSchema } from './admin-dashboard'
import { adminListSchema, auditPageSchema } from './admins'
import { alertSchema } from './alerts'
import { AUDIT_ACTIONS, isAuditAction } from './audit-values'
import { deviceListSchema, syncedSchema } from './devices'
import { isServiceKey } from './devices-values'
import { entriesRangeSchema, entrySchema, readTrendEntries, trendEntriesSchema } from './entries'
import { isIsoDay } from './entries-values'
import {
  inboxSchema,
  newMessageBodySchema,
  patientConversationSchema,
  teamConversationSchema,
} from './messages'
import { MESSAGE_MAX_LENGTH, normaliseMessage } from './messages-values'
import { reminderSettingsSchema, unsubscribeSchema } from './reminders'
import { exportTableSchema, reportSummarySchema } from './reports'

const weight = {
  id: 12,
  kind: 'weight',
  date: '2026-11-18',
  weight: 99.79,
  weight_unit: 'lbs',
  note: '',
  source: 'manual',
}
const sleep = {
  id: 13,
  kind: 'sleep',
  date: '2026-11-17',
  hours: 7.5,
  quality: 4,
  bed_time: '22:45',
  wake_time: '06:15',
  source: 'manual',
}
const meal = {
  id: 14,
  kind: 'meal',
  date: '2026-11-18',
  time: '12:30',
  meal_type: 'lunch',
  protein_g: 32,
  calories: 420,
  description: 'Chicken salad',
  source: 'manual',
}
const water = { id: 15, kind: 'water', date: '2026-11-18', ml: 500, source: 'manual' }
const vitamins = {
  id: 7,
  kind: 'vitamins',
  date: '2026-11-18',
  taken: ['Multivitamin', 'Vitamin D'],
  source: 'manual',
}
const lists = { weight: [weight], sleep: [sleep], meal: [meal], water: [water], vitamins: [vitamins] }

const alert = {
  id: 3,
  patient_id: 17,
  patient_name: 'Kim Kilos',
  kind: 'low_protein',
  tier: 3,
  title: 'Low protein intake',
  detail: 'Protein below target on 5 of the last 7 days.',
  status: 'open',
  opened_at: '2026-11-20T08:00:00.000Z',
  acknowledged_at: null,
  acknowledged_by: null,
  note: null,
  resolved_at: null,
  message_id: null,
}

describe('health log and trends', () => {
  it('reads the documented entries answers', () => {
    expect(entrySchema.parse(weight)).toEqual(weight)
    const range = {
      from: '2026-11-16',
      to: '2026-11-22',
      ...lists,
      latest: { ...lists, weight, sleep, meal, water, vitamins },
    }
    expect(entriesRangeSchema.safeParse(range).success).toBe(true)
    // An older provider without `source` means the patient typed it.
    const { source: _source, ...withoutSource } = water
    expect(entrySchema.parse(withoutSource)).toMatchObject({ source: 'manual' })
  })

  it('checks a long range by hand, and refuses any malformed entry', () => {
    const answer = { from: '2025-11-22', to: '2026-11-21', first_date: '2025-10-18', ...lists }
    expect(readTrendEntries(answer)).toMatchObject({ first_date: '2025-10-18', weight: [weight] })
    expect(trendEntriesSchema.safeParse(answer).success).toBe(true)
    expect(readTrendEntries({ ...answer, first_date: 'never' })?.first_date).toBeNull()
    for (const broken of [
      { ...answer, from: '2026-02-30' },
      { ...answer, meal: [{ ...meal, meal_type: 'brunch' }] },
      { ...answer, water: [{ ...water, kind: 'sleep' }] },
      { ...answer, vitamins: [{ ...vitamins, taken: ['Vitamin Z'] }] },
      { ...answer, sleep: undefined },
      null,
    ]) {
      expect(readTrendEntries(broken)).toBeNull()
      expect(trendEntriesSchema.safeParse(broken).success).toBe(false)
    }
  })

  it('knows a calendar day', () => {
    expect(isIsoDay('2028-02-29')).toBe(true)
    expect(isIsoDay('2026-02-29')).toBe(false)
    expect(isIsoDay('2026-1-01')).toBe(false)
    expect(isIsoDay(20260101)).toBe(false)
  })
})

describe('messages', () => {
  it('normalises a body as the API stores it, and counts after that', () => {
    expect(normaliseMessage(`  a\r\nb\rc${String.fromCharCode(0)}  `)).toBe('a\nb\nc')
    const crlf = `${'x\r\n'.repeat(MESSAGE_MAX_LENGTH / 2 - 1)}x`
    expect(newMessageBodySchema.safeParse({ body: crlf }).success).toBe(true)
    expect(newMessageBodySchema.safeParse({ body: '   ' }).error?.issues[0].message).toBe(
      'Message is required',
    )
    expect(newMessageBodySchema.safeParse({ body: 3 }).error?.issues[0].message).toBe('Message must be text')
  })

  it('reads the documented answers', () => {
    const empty = { conversation_id: null, messages: [], has_more: false, unread: 0, last_read_message_id: 0 }
    expect(patientConversationSchema.parse(empty)).toEqual(empty)
    const inbox = {
      items: [
        {
          conversation_id: 4,
          patient_id: 17,
          patient_name: 'Pat Patient',
          last_message_id: 13,
          last_message_at: '2026-11-24T10:00:00.000Z',
          last_sender_role: 'patient',
          preview: 'It is a bit red. Photo later?',
          truncated: false,
          unread: 1,
          waiting: true,
          handled_at: null,
          handled_by: null,
        },
      ],
      filter: 'all',
      page: 1,
      page_size: 25,
      total: 1,
      pages: 1,
      unread: 3,
      waiting: 2,
    }
    expect(inboxSchema.safeParse(inbox).success).toBe(true)
    expect(inboxSchema.safeParse({ ...inbox, filter: 'mine' }).success).toBe(false)
    const record = {
      patient: { id: 17, full_name: 'Pat Patient' },
      conversation: null,
      messages: [],
      has_more: false,
      unread: 0,
      last_read_message_id: 0,
    }
    expect(teamConversationSchema.safeParse(record).success).toBe(true)
  })
})

describe('the care team', () => {
  it('reads the documented list, record, dashboard and alert', () => {
    const item = {
      id: 17,
      full_name: 'Kim Kilos',
      email: 'kim.kilos@baricare.test',
      onboarding: 'onboarded',
      surgery_type: 'Sleeve Gastrectomy',
      surgery_date: '2025-09-15',
      days_post_op: 432,
      current_kg: 96.2,
      twl_percent: 23,
      last_entry_day: '2026-11-17',
      days_since_last_data: 4,
      last_sync_at: null,
      next_milestone: { label: '2-year follow-up', date: '2027-09-15', days_until: 298 },
      open_alerts: 1,
      alert_tier: 3,
    }
    expect(
      patientListSchema.safeParse({ items: [item], page: 1, page_size: 25, total: 1, total_pages: 1 })
        .success,
    ).toBe(true)
    expect(alertSchema.parse(alert)).toMatchObject({ tier: 3, status: 'open' })
    expect(alertSchema.safeParse({ ...alert, tier: 4 }).success).toBe(false)
    const record = {
      patient: {
        id: 17,
        full_name: 'Kim Kilos',
        email: 'kim@example.com',
        phone_number: '5550100123',
        date_of_birth: '1986-02-03',
        age: 40,
        gender: 'F',
        city: 'Springfield',
        state: 'IL',
        onboarding: 'onboarded',
        created_at: '2026-10-01T09:00:00.000Z',
      },
      surgery: {
        bariatric_status: 'yes',
        surgery_type: 'Sleeve Gastrectomy',
        surgery_date: '2025-09-15',
        days_post_op: 432,
        hospital_name: '',
      },
      measures: {
        height_cm: 165,
        baseline_kg: 124.7,
        baseline_source: 'pre_surgery',
        ideal_kg: 68.1,
        goal_kg: 83.9,
        current_kg: 96.2,
        current_day: '2026-11-17',
        nadir_kg: 95.8,
        nadir_day: '2026-11-10',
        bmi: 35.3,
        twl_percent: 22.9,
        ewl_percent: 50.4,
      },
      conditions: ['Hypertension'],
      allergies: 'Penicillin',
      next_milestone: null,
      adherence: {
        window_days: 30,
        from: '2026-10-23',
        to: '2026-11-21',
        days_with_data: 17,
        protein_target_g: 60,
        protein_days_logged: 15,
        protein_days_on_target: 6,
        protein_hit_rate: 40,
      },
      regain: { threshold_percent: 5, kg: 0.4, percent: 0.4, flagged: false },
      alerts: [alert],
      devices: [],
      last_sync_at: null,
      last_entry_day: '2026-11-17',
      days_since_last_data: 4,
      weight_unit: 'kg',
      reminders: {
        weigh_in: true,
        protein: false,
        water: false,
        vitamins: false,
        follow_up: true,
        time: '18:00',
        days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        time_zone: 'Europe/Berlin',
        channel: 'email',
      },
      entries: { from: '2026-11-01', to: '2026-11-21', first_date: null, ...lists },
    }
    const parsed = patientRecordWithEntriesSchema.parse(record)
    expect(parsed.entries?.weight).toEqual([weight])
    expect(parsed.reminders?.time_zone).toBe('Europe/Berlin')
    const cohort = { cohort: '0–3 months', patients: 5, mean_twl_percent: null, mean_ewl_percent: null }
    const dashboard = {
      today: '2026-11-21',
      patients: { total: 40, onboarded: 31, active: 27, no_recent_data: 4 },
      funnel: { signed_up: 40, verified: 36, onboarded: 31 },
      open_alerts_by_tier: { '1': 2, '2': 4, '3': 3 },
      cohorts: { by_procedure: [cohort], by_months_since_surgery: [cohort] },
      active_within_days: 30,
      no_data_days: 7,
    }
    expect(dashboardSchema.safeParse(dashboard).success).toBe(true)
    expect(
      reportSummarySchema.safeParse({
        today: '2026-11-21',
        filters: {},
        patients: 42,
        by_procedure: [cohort],
        by_months_since_surgery: [],
      }).success,
    ).toBe(true)
  })

  it('checks export rows by hand: text, numbers, true/false or null cells only', () => {
    const table = {
      dataset: 'patients',
      mode: 'deidentified',
      generated_at: '2026-11-21T16:30:00.000Z',
      filters: {},
      row_count: 1,
      truncated: false,
      columns: ['patient', 'age'],
      rows: [['P-3F9A0C1B2D', '90+', null, 3, true]],
    }
    expect(exportTableSchema.parse(table).rows).toBe(table.rows)
    expect(exportTableSchema.safeParse({ ...table, rows: [[{ name: 'x' }]] }).success).toBe(false)
    expect(exportTableSchema.safeParse({ ...table, rows: ['flat'] }).success).toBe(false)
  })

  it('reads admins and the audit log; every audit action is known', () => {
    const admin = {
      id: 1,
      email: 'super@baricare.test',
      full_name: 'Sam Super',
      role: 'Super Admin',
      status: 'active',
      created_at: '2026-11-21T10:00:00.000Z',
      invited_at: null,
      invited_by_email: null,
      deactivated_at: null,
      last_sign_in_at: null,
    }
    expect(adminListSchema.parse([admin])[0]).toMatchObject({ mfa_enabled: false })
    expect(adminListSchema.safeParse([{ ...admin, status: 'gone' }]).success).toBe(false)
    const event = {
      id: 7,
      at: '2026-11-21T16:30:00.000Z',
      actor_account_id: 2,
      actor_email: 'admin@baricare.test',
      action: 'export',
      target_account_id: null,
      target_email: null,
      details: { dataset: 'patients' },
    }
    expect(
      auditPageSchema.safeParse({ events: [event], page: 1, page_size: 25, total: 1, pages: 1 }).success,
    ).toBe(true)
    expect(AUDIT_ACTIONS.every(isAuditAction)).toBe(true)
    expect(isAuditAction('delete_everything')).toBe(false)
  })
})

describe('devices and reminders', () => {
  it('reads a service, a sync, the settings and an unsubscribe link', () => {
    const service = {
      service: 'demo_health',
      service_name: 'Demo Health',
      status: 'connected',
      data_types: ['weight', 'sleep', 'activity'],
      imported_types: ['weight', 'sleep'],
      last_synced_at: '2026-11-21T15:04:09.512Z',
      last_error: null,
      available: true,
      availability_note: null,
      simulated: true,
    }
    expect(deviceListSchema.safeParse([service]).success).toBe(true)
    expect(isServiceKey('Demo Health')).toBe(false)
    const sync = {
      from: '2026-11-08',
      to: '2026-11-21',
      imported: { weight: 14, sleep: 13 },
      skipped_manual: { weight: 0, sleep: 0 },
    }
    expect(syncedSchema.parse({ ...service, sync }).sync.imported.weight).toBe(14)
    expect(
      reminderSettingsSchema.safeParse({
        weigh_in: false,
        protein: false,
        water: false,
        vitamins: false,
        follow_up: false,
        time: '09:00',
        days: ['mon'],
        time_zone: 'UTC',
        channel: 'sms',
      }).success,
    ).toBe(false)
    expect(unsubscribeSchema.safeParse({ kind: 'protein', on: true }).success).toBe(true)
    expect(unsubscribeSchema.safeParse({ kind: 'steps', on: true }).success).toBe(false)
  })
})
