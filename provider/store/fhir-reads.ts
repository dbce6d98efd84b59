// What the FHIR API's reads and searches read: patients (portal customers whose account is neither
// closed nor deactivated) and their health-log entries, a page at a time by keyset, so no search
// reads more rows than the page it answers (plus one, to know whether another page follows).
import type { BariatricSection, PersonalSection } from '../../common/contract/profile'
import type { EntryKind } from '../entries-fields.js'
import type { Db } from './sql.js'

export interface FhirPatientRow {
  id: number
  email: string
  personal: PersonalSection | null
  bariatric_surgery: BariatricSection | null
  profile_updated_at: string | null
}

/** Inclusive day bounds on a `YYYY-MM-DD` value; null ends are open. */
export interface DayBounds {
  from: string | null
  to: string | null
}

export interface PatientFilter {
  /** Only these ids (from `_id` and `identifier`); null: any. */
  ids: number[] | null
  /** Each list ORed, the lists ANDed: a name part must start with one prefix of every list. */
  namePrefixes: string[][]
  birthDate: DayBounds | null
  /** Keyset: ids after this one. */
  afterId: number
}

/** A LIKE pattern's wildcards taken literally (PostgreSQL's default escape is the backslash). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

function patients(db: Db) {
  return db.kysely
    .selectFrom('accounts as a')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.id')
    .select(['a.id', 'a.email', 'p.personal', 'p.bariatric_surgery', 'p.updated_at as profile_updated_at'])
    .where('a.portal', '=', 'customer')
    .where('a.closed_at', 'is', null)
    .where('a.deactivated_at', 'is', null)
}

/** One patient, or undefined for an id that is not a visible patient. */
export async function findFhirPatient(db: Db, id: number): Promise<FhirPatientRow | undefined> {
  return patients(db).where('a.id', '=', id).executeTakeFirst()
}

/** A page of patients in id order, `limit` at most. */
export async function fhirPatientPage(db: Db, filter: PatientFilter, limit: number): Promise<FhirPatientRow[]> {
  let query = patients(db).where('a.id', '>', filter.afterId)
  if (filter.ids !== null) {
    if (filter.ids.length === 0) return []
    query = query.where('a.id', 'in', filter.ids)
  }
  for (const prefixes of filter.namePrefixes) {
    // A name part starts with the prefix, ignoring case: the name's start, or a word's after a space.
    query = query.where((eb) => {
      const name = eb.fn<string>('lower', [eb.ref('p.personal', '->>').key('full_name')])
      return eb.or(
        prefixes.flatMap((prefix) => {
          // The value is lowered here: a database in the C locale lowers ASCII letters only.
          const lowered = likeLiteral(prefix.toLowerCase())
          return [eb(name, 'like', `${lowered}%`), eb(name, 'like', `% ${lowered}%`)]
        }),
      )
    })
  }
  const bounds = filter.birthDate
  if (bounds) {
    // 'YYYY-MM-DD' text orders as the dates do; an empty birth date matches no bound.
    query = query.where((eb) => {
      const born = eb.ref('p.personal', '->>').key('date_of_birth')
      return eb.and([
        eb(born, '<>', ''),
        ...(bounds.from !== null ? [eb(born, '>=', bounds.from)] : []),
        ...(bounds.to !== null ? [eb(born, '<=', bounds.to)] : []),
      ])
    })
  }
  return query.orderBy('a.id').limit(limit).execute()
}

export interface FhirEntryRow {
  id: number
  kind: EntryKind
  day: string
  fields: Record<string, unknown>
  source: string
  imported_from: string | null
}

/** Where the previous page ended: entries at or after (day, id) are read again (a weight gives two resources). */
export interface EntryKey {
  day: string
  id: number
}

/**
 * Entries of `kinds` of one patient in (day, id) order, from `from` on (inclusive), within the
 * days; served by the (account_id, kind, day) index.
 */
export async function fhirEntryPage(
  db: Db,
  patientId: number,
  kinds: readonly EntryKind[],
  days: DayBounds,
  from: EntryKey | null,
  limit: number,
): Promise<FhirEntryRow[]> {
  if (kinds.length === 0) return []
  let query = db.kysely
    .selectFrom('health_entries')
    .select(['id', 'kind', 'day', 'fields', 'source', 'imported_from'])
    .where('account_id', '=', patientId)
    .where('kind', 'in', kinds)
  if (days.from !== null) query = query.where('day', '>=', days.from)
  if (days.to !== null) query = query.where('day', '<=', days.to)
  if (from) {
    // `day >= from.day` repeats what the OR says so that the index seeks to the page's first day
    // instead of filtering every earlier row (a deep page would cost as much as all before it).
    query = query
      .where('day', '>=', from.day)
      .where((eb) => eb.or([eb('day', '>', from.day), eb.and([eb('day', '=', from.day), eb('id', '>=', from.id)])]))
  }
  return query.orderBy('day').orderBy('id').limit(limit).execute()
}

/** One entry of a visible patient, with the patient's id; undefined otherwise. */
export async function findFhirEntry(db: Db, id: number): Promise<(FhirEntryRow & { account_id: number }) | undefined> {
  return db.kysely
    .selectFrom('health_entries as e')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .select(['e.id', 'e.account_id', 'e.kind', 'e.day', 'e.fields', 'e.source', 'e.imported_from'])
    .where('e.id', '=', id)
    .where('a.portal', '=', 'customer')
    .where('a.closed_at', 'is', null)
    .where('a.deactivated_at', 'is', null)
    .executeTakeFirst()
}
