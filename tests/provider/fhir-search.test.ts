// The FHIR API's reads and searches, called as the dispatcher calls them (a FhirRequest with a
// grant) on a store of the test engine: each search parameter, date prefixes, paging without
// duplicates or gaps, hidden accounts, the audit row (names only, no values), and every vital sign
// validated against its profile (tests/support/fhir-profiles.ts).
import type { Bundle, Observation, OperationOutcome, Patient, Procedure, Resource } from '@medplum/fhirtypes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BARICARE_PATIENT_ID, LOINC, OBSERVATION_CATEGORY, US_CORE } from '../../common/fhir/codes'
import { entryObservations, heightObservation, patientResource } from '../../common/fhir/record'
import { FHIR_SEARCH_DEFAULT_COUNT, FHIR_SEARCH_MAX_COUNT } from '../../common/fhir/search'
import type { PersonalSection, BariatricSection } from '../../common/contract/profile'
import type { ProviderContext } from '../../provider/context'
import { OBSERVATION_KINDS } from '../../provider/fhir/search/observation'
import { searchRoutes } from '../../provider/fhir/search/routes'
import { fhirRoutes } from '../../provider/fhir/routes'
import { findFhirRoute } from '../../provider/fhir/dispatch'
import { FhirError, type FhirReply } from '../../provider/fhir/types'
import { changePatients } from '../../provider/patient-changes'
import { insertAccount } from '../../provider/store/accounts'
import { saveSection } from '../../provider/store/profiles'
import type { Store } from '../../provider/store/sql'
import { profileFailures } from '../support/fhir-profiles'
import { openTestStore } from './helpers'

const BASE = 'https://ehr-gateway.example/fhir/'
const GRANT = { clientId: 'c', clientName: 'Test', scopes: ['system/Patient.rs', 'system/Observation.rs', 'system/Procedure.rs'] }

let store: Store

const LEO: PersonalSection = {
  full_name: 'Leo Pounds',
  phone_number: '5550100123',
  date_of_birth: '1979-08-14',
  gender: 'M',
  height: 177.8,
  height_unit: 'ft-in',
  initial_weight: 142.88,
  weight_unit: 'lbs',
  address_line1: '42 Harbor Road',
  address_line2: '',
  city: 'Portland',
  state: 'OR',
  postal_code: '97201',
}
const SLEEVE: BariatricSection = {
  bariatric_status: 'yes',
  surgery_type: 'Sleeve Gastrectomy',
  surgery_date: '2026-04-01',
  funding_method: 'Private Insurance',
  pre_surgery_weight: 138.34,
  pre_surgery_weight_unit: 'lbs',
  goal_weight: 86.18,
  goal_weight_unit: 'lbs',
  hospital_name: 'Riverside General Hospital',
  hospital_address: '',
  surgery_comments: '',
}

/** Ids of the seeded accounts. */
const ids = { leo: 0, ana: 0, closed: 0, deactivated: 0, admin: 0, bare: 0, many: [] as number[] }
const DAYS = 40

async function patient(email: string, personal: PersonalSection | null, bariatric: BariatricSection | null = null): Promise<number> {
  return changePatients(store, async (tx) => {
    const account = await insertAccount(tx, { email, portal: 'customer', passwordHash: 'x', emailVerified: true })
    if (!account) throw new Error('not created')
    if (personal) await saveSection(tx, account.id, 'personal', personal)
    if (bariatric) await saveSection(tx, account.id, 'bariatric_surgery', bariatric)
    return account.id
  })
}

const dayAfter = (start: string, n: number) => new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/** A weight, a night, a meal, a drink and the vitamins each day from 2026-04-02, some imported. */
async function seedLog(accountId: number, days: number) {
  const rows = []
  for (let n = 0; n < days; n++) {
    const day = dayAfter('2026-04-02', n)
    const row = (kind: 'weight' | 'sleep' | 'meal' | 'water' | 'vitamins', fields: object, time = '', source = 'manual', importedFrom: string | null = null) => ({
      account_id: accountId,
      kind,
      day,
      time_of_day: time,
      fields: JSON.stringify(fields),
      source,
      imported_from: importedFrom,
      created_at: '2026-11-27T10:00:00Z',
      updated_at: '2026-11-27T10:00:00Z',
    })
    const imported = n % 3 === 0
    rows.push(
      row('weight', { weight: 138 - n * 0.1, weight_unit: n % 2 ? 'lbs' : 'kg', note: '', source: imported ? 'Withings' : 'manual' }, '', imported ? 'Withings' : 'manual', imported ? 'withings' : null),
      row('sleep', { hours: 7, quality: 3, bed_time: '23:00', wake_time: '06:30' }),
      row('meal', { time: '12:30', meal_type: 'lunch', protein_g: 28, calories: 410, description: 'Chicken salad' }, '12:30'),
      row('water', { ml: 250 }, '10:00'),
      row('vitamins', { taken: ['Multivitamin'] }),
    )
  }
  await store.kysely.insertInto('health_entries').values(rows).execute()
}

beforeAll(async () => {
  store = await openTestStore()
  ids.leo = await patient('leo.pounds@fhir.test', LEO, SLEEVE)
  await seedLog(ids.leo, DAYS)
  ids.ana = await patient('ana@fhir.test', { ...LEO, full_name: 'Ana María Lopez', date_of_birth: '1990-02-10', gender: 'F', height: 0 })
  await seedLog(ids.ana, 3)
  ids.closed = await patient('closed@fhir.test', { ...LEO, full_name: 'Clara Closed', date_of_birth: '1979-08-14' }, SLEEVE)
  await seedLog(ids.closed, 2)
  await store.kysely.updateTable('accounts').set({ closed_at: '2026-11-01T00:00:00Z' }).where('id', '=', ids.closed).execute()
  ids.deactivated = await patient('gone@fhir.test', { ...LEO, full_name: 'Dana Deactivated' })
  await store.kysely.updateTable('accounts').set({ deactivated_at: '2026-11-01T00:00:00Z' }).where('id', '=', ids.deactivated).execute()
  const admin = await insertAccount(store, { email: 'admin@fhir.test', portal: 'admin', passwordHash: 'x', fullName: 'Leo Admin', role: 'Standard Admin' })
  ids.admin = admin!.id
  ids.bare = await patient('bare@fhir.test', null)
  for (let i = 0; i < 7; i++) ids.many.push(await patient(`many${i}@fhir.test`, { ...LEO, full_name: `Pat Many${i}`, date_of_birth: `2000-01-0${i + 1}` }))
}, 60_000)

afterAll(() => store?.close())

/** Calls the route the dispatcher would find, as it would (grant set, params parsed). */
async function get(path: string, query = '', headers: Record<string, string> = {}): Promise<FhirReply & { body?: unknown }> {
  const found = findFhirRoute(fhirRoutes, 'GET', path)
  if (!found || found === 'method-not-allowed') throw new Error(`no route for ${path}`)
  // Only the store is read by these handlers; the rest of the context is the server's business.
  const ctx = { db: store } as unknown as ProviderContext
  try {
    return (await found.route.handle({
      ctx,
      method: 'GET',
      path,
      params: found.params,
      query: new URLSearchParams(query),
      headers,
      rawBody: '',
      grant: GRANT,
      baseUrl: BASE,
    })) as FhirReply & { body?: unknown }
  } catch (error) {
    if (error instanceof FhirError) return { status: error.status, body: { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: error.code, diagnostics: error.message }] } }
    throw error
  }
}

async function search<T extends Resource>(type: string, query: string, headers: Record<string, string> = {}) {
  const reply = await get(type, query, headers)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const bundle = reply.body as Bundle
  const matches = (bundle.entry ?? []).filter((entry) => entry.search?.mode === 'match')
  return {
    bundle,
    resources: matches.map((entry) => entry.resource as T),
    ids: matches.map((entry) => (entry.resource as T).id),
    next: bundle.link?.find((link) => link.relation === 'next')?.url ?? null,
    outcome: (bundle.entry ?? []).find((entry) => entry.search?.mode === 'outcome')?.resource as OperationOutcome | undefined,
  }
}

/** Follows `next` links to the end; the pages' resources in order. */
async function allPages<T extends Resource>(type: string, query: string) {
  const pages: T[][] = []
  let result = await search<T>(type, query)
  pages.push(result.resources)
  while (result.next) {
    expect(result.next.startsWith(`${BASE}${type}?`)).toBe(true)
    result = await search<T>(type, new URL(result.next).search)
    pages.push(result.resources)
    if (pages.length > 1000) throw new Error('paging does not end')
  }
  return pages
}

const outcomeOf = (reply: { body?: unknown }) => reply.body as OperationOutcome

describe('FHIR routes', () => {
  it('lists each read and search with the scope it needs', () => {
    expect(searchRoutes.map((route) => `${route.method} ${route.path} ${JSON.stringify(route.need)}`)).toEqual([
      'GET Patient {"kind":"resource","resourceType":"Patient","mode":"s"}',
      'GET Patient/:id {"kind":"resource","resourceType":"Patient","mode":"r"}',
      'GET Observation {"kind":"resource","resourceType":"Observation","mode":"s"}',
      'GET Observation/:id {"kind":"resource","resourceType":"Observation","mode":"r"}',
      'GET Procedure {"kind":"resource","resourceType":"Procedure","mode":"s"}',
      'GET Procedure/:id {"kind":"resource","resourceType":"Procedure","mode":"r"}',
    ])
  })
})

describe('Patient read', () => {
  it('answers a patient as the record download writes them', async () => {
    const reply = await get(`Patient/${ids.leo}`)
    expect(reply.status).toBe(200)
    const body = reply.body as Patient
    expect(body.id).toBe(String(ids.leo))
    expect(body.name?.[0]).toMatchObject({ text: 'Leo Pounds', family: 'Pounds', given: ['Leo'] })
    expect(body).toEqual(patientResource({ id: ids.leo, email: 'leo.pounds@fhir.test', personal: LEO, bariatric: SLEEVE, profileUpdatedAt: null }))
    expect(profileFailures([body])).toEqual([])
  })

  it('answers 404 with an OperationOutcome for anything but a visible patient', async () => {
    for (const id of [ids.closed, ids.deactivated, ids.admin, 999_999, 'abc', '12x', '-1']) {
      const reply = await get(`Patient/${id}`)
      expect(reply.status, String(id)).toBe(404)
      expect(outcomeOf(reply).issue[0].code).toBe('not-found')
    }
  })
})

describe('Patient search', () => {
  const everyone = () => [ids.leo, ids.ana, ids.bare, ...ids.many].map(String)

  it('finds by _id and identifier (our system, or a bare value), and nothing in another system', async () => {
    expect((await search('Patient', `_id=${ids.leo}`)).ids).toEqual([String(ids.leo)])
    expect((await search('Patient', `_id=${ids.leo},${ids.ana},${ids.closed}`)).ids).toEqual([String(ids.leo), String(ids.ana)])
    expect((await search('Patient', `_id=nope`)).ids).toEqual([])
    expect((await search('Patient', `identifier=${BARICARE_PATIENT_ID}|${ids.ana}`)).ids).toEqual([String(ids.ana)])
    expect((await search('Patient', `identifier=${ids.ana}`)).ids).toEqual([String(ids.ana)])
    expect((await search('Patient', `identifier=http://hospital.example/mrn|${ids.ana}`)).ids).toEqual([])
    expect((await search('Patient', `identifier=${encodeURIComponent(`${BARICARE_PATIENT_ID}|`)}&_count=200`)).ids).toEqual(everyone())
    // Both given: both apply.
    expect((await search('Patient', `_id=${ids.leo}&identifier=${ids.ana}`)).ids).toEqual([])
  })

  it('finds by the start of any part of the name, ignoring case', async () => {
    expect((await search('Patient', 'name=leo')).ids).toEqual([String(ids.leo)])
    expect((await search('Patient', 'name=POU')).ids).toEqual([String(ids.leo)])
    expect((await search('Patient', 'name=mar')).ids).toEqual([String(ids.ana)])
    expect((await search('Patient', 'name=MARÍA')).ids).toEqual([String(ids.ana)])
    expect((await search('Patient', 'name=leo pou')).ids).toEqual([String(ids.leo)])
    // Not the middle of a word; a LIKE wildcard is a plain character.
    expect((await search('Patient', 'name=ounds')).ids).toEqual([])
    expect((await search('Patient', 'name=%25')).ids).toEqual([])
    expect((await search('Patient', 'name=_eo')).ids).toEqual([])
    // ORed within a value, ANDed when repeated; the closed and deactivated patients stay hidden
    // (and an admin's name is not a patient's).
    expect((await search('Patient', 'name=leo,ana')).ids).toEqual([String(ids.leo), String(ids.ana)])
    expect((await search('Patient', 'name=leo&name=pounds')).ids).toEqual([String(ids.leo)])
    expect((await search('Patient', 'name=leo&name=lopez')).ids).toEqual([])
    expect((await search('Patient', 'name=clara')).ids).toEqual([])
    expect((await search('Patient', 'name=dana')).ids).toEqual([])
  })

  it('finds by birth date with eq, ge, le, gt, lt at day, month and year precision', async () => {
    const leo = [String(ids.leo)]
    expect((await search('Patient', 'birthdate=1979-08-14')).ids).toEqual(leo)
    expect((await search('Patient', 'birthdate=eq1979-08')).ids).toEqual(leo)
    expect((await search('Patient', 'birthdate=1979')).ids).toEqual(leo)
    expect((await search('Patient', 'birthdate=1979-08-15')).ids).toEqual([])
    expect((await search('Patient', 'birthdate=ge1979-08-14&birthdate=le1990-02-10')).ids).toEqual([String(ids.leo), String(ids.ana)])
    expect((await search('Patient', 'birthdate=gt1979-08-14&birthdate=lt1991')).ids).toEqual([String(ids.ana)])
    expect((await search('Patient', 'birthdate=gt1979-08&birthdate=lt1990-02-10')).ids).toEqual([])
    expect((await search('Patient', 'birthdate=lt1979-08-15')).ids).toEqual(leo)
    expect((await search('Patient', 'birthdate=ge2000-01-03&birthdate=le2000-01-04')).ids).toEqual(ids.many.slice(2, 4).map(String))
    // The patient with no profile has no birth date: no bound matches them.
    expect((await search('Patient', 'birthdate=le2100')).ids).not.toContain(String(ids.bare))
  })

  it('refuses a date it cannot read, a prefix or a modifier it does not support', async () => {
    for (const query of ['birthdate=1979-13', 'birthdate=1979-02-30', 'birthdate=ne1979', 'birthdate=1979-08-14T10:00:00Z', 'name:exact=Leo', '_count=0', '_count=x', '_cursor=garbage']) {
      const reply = await get('Patient', query)
      expect(reply.status, query).toBe(400)
      expect(outcomeOf(reply).resourceType).toBe('OperationOutcome')
    }
  })

  it('ignores unknown parameters and says so, unless the client asks for strict handling', async () => {
    const lenient = await search('Patient', `name=leo&gender=male&_sort=name`)
    expect(lenient.ids).toEqual([String(ids.leo)])
    expect(lenient.outcome?.issue[0]).toMatchObject({ severity: 'warning', code: 'not-supported' })
    expect(lenient.outcome?.issue[0].diagnostics).toContain('gender, _sort')
    // The self link is the search as understood.
    expect(lenient.bundle.link?.[0]).toEqual({ relation: 'self', url: `${BASE}Patient?name=leo&_count=${FHIR_SEARCH_DEFAULT_COUNT}` })
    const strict = await get('Patient', 'name=leo&gender=male', { prefer: 'handling=strict' })
    expect(strict.status).toBe(400)
    expect(outcomeOf(strict).issue[0].diagnostics).toContain('gender')
  })

  it('pages through every patient with next links, no duplicates and no gaps, and caps _count', async () => {
    const whole = await search('Patient', '_count=500')
    expect(whole.bundle.link?.[0].url).toContain(`_count=${FHIR_SEARCH_MAX_COUNT}`)
    expect(whole.ids).toEqual(everyone())
    expect(whole.next).toBeNull()
    const pages = await allPages<Patient>('Patient', '_count=3')
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 1])
    expect(pages.flat().map((p) => p.id)).toEqual(everyone())
    const bundle = (await search('Patient', '_count=3')).bundle
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' })
    expect(bundle.entry?.[0]).toMatchObject({ fullUrl: `${BASE}Patient/${ids.leo}`, search: { mode: 'match' } })
  })
})

const vitalProfiles: string[] = [US_CORE.bodyWeight, US_CORE.bmi, US_CORE.bodyHeight]
const isVital = (o: Observation) => (o.meta?.profile ?? []).some((url) => vitalProfiles.includes(url))

/** US Core 5.0.1 must-supports beyond what the validator checks: status, profile, BMI's source. */
function mustSupportProblems(o: Observation): string[] {
  const problems: string[] = []
  if (!['registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown'].includes(o.status)) problems.push(`${o.id}: status`)
  if (!o.meta?.profile?.some((url) => vitalProfiles.includes(url))) problems.push(`${o.id}: meta.profile`)
  if (!o.category?.some((c) => c.coding?.some((coding) => coding.system === OBSERVATION_CATEGORY && coding.code === 'vital-signs'))) problems.push(`${o.id}: category system`)
  if (!o.code.coding?.every((c) => c.system && c.code)) problems.push(`${o.id}: code`)
  if (o.subject?.reference !== `Patient/${ids.leo}`) problems.push(`${o.id}: subject`)
  if (!o.effectiveDateTime || !/^\d{4}-\d{2}-\d{2}/.test(o.effectiveDateTime)) problems.push(`${o.id}: effective`)
  if (typeof o.valueQuantity?.value !== 'number' || !o.valueQuantity.unit) problems.push(`${o.id}: value and unit`)
  if (o.id?.startsWith('bmi-') && !o.derivedFrom?.[0]?.reference?.startsWith('Observation/weight-')) problems.push(`${o.id}: derivedFrom`)
  return problems
}

describe('Observation search', () => {
  it('returns the vital signs, each valid against its profile', async () => {
    const pages = await allPages<Observation>('Observation', `patient=Patient/${ids.leo}&category=vital-signs&_count=200`)
    const resources = pages.flat()
    // 40 weights, their 40 BMIs and the height.
    expect(resources).toHaveLength(2 * DAYS + 1)
    expect(resources.every(isVital)).toBe(true)
    expect(profileFailures(resources)).toEqual([])
    expect(resources.flatMap(mustSupportProblems)).toEqual([])
  })

  it('gives an entry the same resources and ids as the record download', async () => {
    const { resources } = await search<Observation>('Observation', `patient=${ids.leo}&date=2026-04-03`)
    const row = await store.kysely.selectFrom('health_entries').selectAll().where('account_id', '=', ids.leo).where('day', '=', '2026-04-03').orderBy('id').execute()
    const ctx = { baseUrl: BASE, patientId: ids.leo, heightCm: LEO.height }
    const expected = row.flatMap((r) => entryObservations({ id: r.id, kind: r.kind, date: r.day, fields: r.fields, source: r.source, importedFrom: r.imported_from }, ctx))
    expect(resources).toEqual(expected)
    expect(resources.map((r) => r.id?.split('-')[0])).toEqual(['weight', 'bmi', 'sleep', 'meal', 'water', 'vitamins'])
  })

  it('describes each Observation the mapping writes by its code and category', async () => {
    const { resources } = await search<Observation>('Observation', `patient=${ids.leo}&date=2026-04-02&_count=200`)
    const height = heightObservation({ id: ids.leo, email: '', personal: LEO, bariatric: null, profileUpdatedAt: '2026-01-01T00:00:00Z' })!
    for (const o of [...resources, height]) {
      const kind = OBSERVATION_KINDS[o.id!.split('-')[0] as keyof typeof OBSERVATION_KINDS]
      expect(o.code.coding?.[0]).toMatchObject({ system: kind.code.system, code: kind.code.code })
      expect(o.category?.[0]?.coding?.[0]?.code ?? null).toBe(kind.category)
    }
  })

  it('finds by category with or without its system, and by code with or without LOINC', async () => {
    const vitals = (await search<Observation>('Observation', `patient=${ids.leo}&category=vital-signs&_count=200`)).ids
    expect((await search('Observation', `patient=${ids.leo}&category=${OBSERVATION_CATEGORY}|vital-signs&_count=200`)).ids).toEqual(vitals)
    expect((await search('Observation', `patient=${ids.leo}&category=http://other.example|vital-signs`)).ids).toEqual([])
    expect((await search('Observation', `patient=${ids.leo}&category=laboratory`)).ids).toEqual([])
    const weights = (await search<Observation>('Observation', `patient=${ids.leo}&code=${LOINC}|29463-7&_count=200`)).resources
    expect(weights).toHaveLength(DAYS)
    expect(weights.every((o) => o.id?.startsWith('weight-'))).toBe(true)
    expect((await search('Observation', `patient=${ids.leo}&code=29463-7&_count=200`)).ids).toEqual(weights.map((o) => o.id))
    expect((await search('Observation', `patient=${ids.leo}&code=http://snomed.info/sct|29463-7`)).ids).toEqual([])
    // Category and code together; two codes ORed; the height alone.
    expect((await search('Observation', `patient=${ids.leo}&category=vital-signs&code=39156-5&_count=200`)).ids).toHaveLength(DAYS)
    expect((await search('Observation', `patient=${ids.leo}&code=29463-7,39156-5&_count=200`)).ids).toHaveLength(2 * DAYS)
    expect((await search('Observation', `patient=${ids.leo}&code=8302-2`)).ids).toEqual([`height-${ids.leo}`])
    expect((await search('Observation', `patient=${ids.leo}&category=activity&_count=200`)).ids).toHaveLength(DAYS)
    // A patient with no height on file has weights but no BMI.
    expect((await search('Observation', `patient=${ids.ana}&category=vital-signs`)).ids.every((id) => id?.startsWith('weight-'))).toBe(true)
    expect((await search('Observation', `patient=${ids.ana}&code=39156-5`)).ids).toEqual([])
  })

  it('filters by effective date with eq, ge, le, gt and lt', async () => {
    const days = async (query: string) =>
      [...new Set((await search<Observation>('Observation', `patient=${ids.leo}&code=29463-7&_count=200&${query}`)).resources.map((o) => o.effectiveDateTime))]
    expect(await days('date=2026-04-05')).toEqual(['2026-04-05'])
    expect(await days('date=eq2026-04-05')).toEqual(['2026-04-05'])
    expect(await days('date=ge2026-05-10')).toEqual(['2026-05-10', '2026-05-11'])
    expect(await days('date=gt2026-05-10')).toEqual(['2026-05-11'])
    expect(await days('date=le2026-04-03')).toEqual(['2026-04-02', '2026-04-03'])
    expect(await days('date=lt2026-04-03')).toEqual(['2026-04-02'])
    expect(await days('date=ge2026-04-10&date=lt2026-04-12')).toEqual(['2026-04-10', '2026-04-11'])
    expect(await days('date=2026-05')).toHaveLength(11)
    expect(await days('date=2025')).toEqual([])
    expect(await days('date=gt2026-04-10&date=lt2026-04-10')).toEqual([])
  })

  it('pages across every Observation of a patient, with no duplicates and no gaps', async () => {
    const whole = (await allPages<Observation>('Observation', `patient=${ids.leo}&_count=200`)).flat()
    // 40 days of a weight, a BMI, a night, a meal, a drink and the vitamins, and the height.
    expect(whole).toHaveLength(6 * DAYS + 1)
    expect(new Set(whole.map((o) => o.id)).size).toBe(whole.length)
    for (const count of [7, 50]) {
      const pages = await allPages<Observation>('Observation', `patient=${ids.leo}&_count=${count}`)
      expect(pages.slice(0, -1).every((page) => page.length === count), String(count)).toBe(true)
      expect(pages.flat().map((o) => o.id), String(count)).toEqual(whole.map((o) => o.id))
    }
    // One at a time over the first three days (a page per resource costs a query and an audit row).
    const early = whole.filter((o) => (o.effectiveDateTime ?? '') < '2026-04-05')
    expect(early).toHaveLength(18)
    const ones = await allPages<Observation>('Observation', `patient=${ids.leo}&date=lt2026-04-05&_count=1`)
    expect(ones.map((page) => page.map((o) => o.id))).toEqual(early.map((o) => [o.id]))
    // Paging with filters: the vital signs two at a time (a page can end between a weight and its BMI).
    const vitals = await allPages<Observation>('Observation', `patient=${ids.leo}&category=vital-signs&_count=2`)
    expect(vitals.flat()).toHaveLength(2 * DAYS + 1)
    expect(new Set(vitals.flat().map((o) => o.id)).size).toBe(2 * DAYS + 1)
    const first = await search('Observation', `patient=${ids.leo}&_count=200`)
    expect(first.bundle.entry?.[0]).toMatchObject({ fullUrl: `${BASE}Observation/${first.ids[0]}`, search: { mode: 'match' } })
  }, 60_000)

  it('needs one patient; a hidden or unknown one has no Observations', async () => {
    const none = await get('Observation', 'category=vital-signs')
    expect(none.status).toBe(400)
    expect(outcomeOf(none).issue[0]).toMatchObject({ code: 'too-costly' })
    expect(outcomeOf(none).issue[0].diagnostics).toMatch(/too costly/)
    expect((await get('Observation', `patient=${ids.leo},${ids.ana}`)).status).toBe(400)
    expect((await search('Observation', `patient=${BASE}Patient/${ids.leo}&code=8302-2`)).ids).toEqual([`height-${ids.leo}`])
    for (const id of [ids.closed, ids.deactivated, ids.admin, 999_999]) expect((await search('Observation', `patient=Patient/${id}`)).ids).toEqual([])
    expect((await search('Observation', `patient=Group/1`)).ids).toEqual([])
  })
})

describe('Observation and Procedure read, Procedure search', () => {
  it('reads an Observation by its id, and 404s one of a hidden patient', async () => {
    const [weight] = (await search<Observation>('Observation', `patient=${ids.leo}&code=29463-7&_count=1`)).resources
    const reply = await get(`Observation/${weight.id}`)
    expect(reply).toMatchObject({ status: 200, body: weight })
    expect((await get(`Observation/height-${ids.leo}`)).status).toBe(200)
    const closedWeight = await store.kysely.selectFrom('health_entries').select('id').where('account_id', '=', ids.closed).where('kind', '=', 'weight').executeTakeFirstOrThrow()
    for (const id of [`weight-${closedWeight.id}`, `height-${ids.closed}`, `bmi-${weight.id!.slice(7)}0000`, `sleep-${weight.id!.slice(7)}`, 'nope', `bmi-x`]) {
      expect((await get(`Observation/${id}`)).status, id).toBe(404)
    }
  })

  it('finds the surgery by patient, and reads it', async () => {
    const found = await search<Procedure>('Procedure', `patient=Patient/${ids.leo}`)
    expect(found.ids).toEqual([`surgery-${ids.leo}`])
    expect(found.resources[0]).toMatchObject({ status: 'completed', subject: { reference: `Patient/${ids.leo}` } })
    expect(profileFailures(found.resources)).toEqual([])
    expect((await get(`Procedure/surgery-${ids.leo}`)).body).toEqual(found.resources[0])
    expect((await search('Procedure', `patient=${ids.ana}`)).ids).toEqual([])
    expect((await search('Procedure', `patient=${ids.closed}`)).ids).toEqual([])
    for (const id of [`surgery-${ids.ana}`, `surgery-${ids.closed}`, 'surgery-x']) expect((await get(`Procedure/${id}`)).status).toBe(404)
    expect((await get('Procedure', '')).status).toBe(400)
  })
})

describe('FHIR audit', () => {
  it('records each read and search with the client, parameter names and count, and no search value', async () => {
    const before = await store.kysely.selectFrom('audit_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst()
    await search('Patient', 'name=Pounds&birthdate=1979-08-14')
    await search('Observation', `patient=${ids.leo}&code=29463-7&_count=5`)
    await get(`Patient/${ids.leo}`)
    await get('Patient/999999')
    const rows = await store.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '>', Number(before?.id ?? 0))
      .orderBy('id')
      .execute()
    expect(rows.map((row) => [row.action, row.actor_account_id, row.actor_email, row.target_account_id, row.details])).toEqual([
      ['fhir_read', null, 'FHIR client "Test" (c)', null, { resourceType: 'Patient', params: ['birthdate', 'name'], count: 1 }],
      ['fhir_read', null, 'FHIR client "Test" (c)', ids.leo, { resourceType: 'Observation', params: ['code', 'patient'], count: 5 }],
      ['fhir_read', null, 'FHIR client "Test" (c)', ids.leo, { resourceType: 'Patient', interaction: 'read', count: 1 }],
      ['fhir_read', null, 'FHIR client "Test" (c)', null, { resourceType: 'Patient', interaction: 'read', count: 0 }],
    ])
    const text = JSON.stringify(rows)
    for (const value of ['Pounds', '1979-08-14', '29463-7']) expect(text).not.toContain(value)
  })
})
