// Set-up shortcuts for the admin patients specs: seed patients with a unique name prefix through
// the provider's dev endpoint (so concurrent specs never see each other's), admin tokens, audit reads.
import { randomUUID } from 'node:crypto'
import { DEMO_ADMINS, providerCall } from './provider'

export type SeededPatient = { id: number; email: string; full_name: string }

/** A prefix no other test uses: every list assertion searches by it. */
export function uniquePrefix(label = 'Pt'): string {
  return `${label}${randomUUID().replace(/-/g, '').slice(0, 8)}`
}

/** POST __dev/seed-patients/: `count` varied patients, or the given specs (see provider/dev/seed-patients.ts). */
export async function seedPatients(
  prefix: string,
  specs: number | Record<string, unknown>[],
): Promise<SeededPatient[]> {
  const body = typeof specs === 'number' ? { prefix, count: specs } : { prefix, patients: specs }
  const { status, json } = await providerCall<SeededPatient[]>('POST', '__dev/seed-patients/', { body })
  if (status !== 201) throw new Error(`seeding failed: ${status} ${JSON.stringify(json)}`)
  return json.content
}

export async function adminToken(role: keyof typeof DEMO_ADMINS): Promise<string> {
  const { email, password } = DEMO_ADMINS[role]
  const { status, json } = await providerCall<{ access_token: string }>('POST', 'v1/admin/login/', {
    body: { email, password },
  })
  if (status !== 200) throw new Error(`admin login failed: ${JSON.stringify(json)}`)
  return json.content.access_token
}

export type AuditEvent = {
  action: string
  actor_email: string
  target_account_id: number | null
  details: unknown
}

/** The audit log's events about one patient, newest first, read as a Super Admin. */
export async function auditEventsAbout(patientId: number): Promise<AuditEvent[]> {
  const token = await adminToken('super')
  const { status, json } = await providerCall<{ events: AuditEvent[] }>(
    'GET',
    `v1/admin/audit-events/?target_account_id=${patientId}`,
    { token },
  )
  if (status !== 200) throw new Error(`audit read failed: ${status} ${JSON.stringify(json)}`)
  return json.content.events
}

/** The patients list as the provider orders it, for comparing with what the page shows. */
export async function providerPatientNames(query: string): Promise<{ names: string[]; total: number }> {
  const token = await adminToken('standard')
  const { json } = await providerCall<{ items: { full_name: string }[]; total: number }>(
    'GET',
    `v1/admin/patients/?${query}`,
    { token },
  )
  return { names: json.content.items.map((item) => item.full_name), total: json.content.total }
}
