// The store's units of work: the one place a transaction that changes a patient opens. A unit
// hands its work a PatientTx, a transaction's handle that also records which patients the work
// changed (each patient write of the store says so with `changed`), and when the work resolves it
// runs the refresh it was given, on the same transaction, for those patients, then commits. The
// refresh is the caller's argument (provider/patient-changes.ts gives the summary and alert
// rules), so the store runs no domain rule and no hidden hook.
import type { Db } from './sql.js'

declare const patientUnitBrand: unique symbol

/** A transaction's handle inside a patient unit: a `Db` whose patient writes are recorded. */
export type PatientTx = Db & { readonly [patientUnitBrand]: true }

/** What a unit does last, on its own transaction, for the patients its work changed (ids ascending). */
export type PatientRefresh = (tx: PatientTx, accountIds: readonly number[]) => Promise<void>

/** The patients each open unit's work has changed so far, by the unit's handle. */
const unitChanges = new WeakMap<Db, Set<number>>()

/** Whether `db` is the handle of an open patient unit. */
export function isPatientTx(db: Db): db is PatientTx {
  return unitChanges.has(db)
}

/**
 * Runs `work` in one transaction and then `refresh` for the patients it changed, on the same
 * transaction, so the writes and the rows derived from them commit together or not at all. On the
 * handle of a unit already open, `work` joins it and that unit refreshes once at its end; on a
 * plain transaction's handle the unit is a savepoint of it.
 */
export async function patientUnit<T>(db: Db, work: (tx: PatientTx) => Promise<T>, refresh: PatientRefresh): Promise<T> {
  if (isPatientTx(db)) return work(db)
  return db.transaction(async (handle) => {
    // A savepoint shares its transaction's handle: the outer unit, if any, is caught above.
    const changes = new Set<number>()
    unitChanges.set(handle, changes)
    try {
      // The brand is what this WeakMap entry means: `handle` is now a unit's.
      const tx = handle as PatientTx
      const result = await work(tx)
      // Ascending, so two units refreshing the same patients lock their rows in the same order.
      await refresh(tx, [...changes].sort((a, b) => a - b))
      return result
    } finally {
      unitChanges.delete(handle)
    }
  })
}

/**
 * Records that a write on `db` changed this patient's facts; the unit refreshes them before it
 * commits. A patient write outside a unit is a bug (its summary would go stale): it throws.
 */
export function changed(db: Db, accountId: number): void {
  requirePatientUnit(db).add(accountId)
}

/** Refuses a handle that is not an open patient unit's; a write that is about to make a patient says so first. */
export function requirePatientUnit(db: Db): Set<number> {
  const changes = unitChanges.get(db)
  if (!changes) throw new Error('A patient write must run in a patient unit (provider/patient-changes.ts: changePatients)')
  return changes
}
