// The store's transaction contract (provider/store/sql.ts), which both database engines must keep.
import { afterEach, beforeEach, expect, test } from 'vitest'
import { changePatients, refreshPatients } from '../../provider/patient-changes'
import { insertAccount } from '../../provider/store/accounts'
import { insertEntry } from '../../provider/store/entries'
import type { Store } from '../../provider/store/sql'
import { patientUnit } from '../../provider/store/units'
import { openTestStore } from './helpers'

let store: Store
beforeEach(async () => {
  store = await openTestStore()
})
afterEach(async () => {
  await store.close()
})

const value = async (key: string) =>
  (await store.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]))?.value

test('a transaction commits when its function resolves and rolls back when it throws', async () => {
  await store.transaction((tx) => tx.run("INSERT INTO meta (key, value) VALUES ('kept', '1')"))
  await expect(
    store.transaction(async (tx) => {
      await tx.run("INSERT INTO meta (key, value) VALUES ('dropped', '1')")
      throw new Error('no')
    }),
  ).rejects.toThrow('no')
  expect(await value('kept')).toBe('1')
  expect(await value('dropped')).toBeUndefined()
})

test('a nested transaction is a savepoint: its failure undoes only its own writes', async () => {
  await store.transaction(async (tx) => {
    await tx.run("INSERT INTO meta (key, value) VALUES ('outer', '1')")
    await tx.transaction(async (inner) => {
      await inner.run("INSERT INTO meta (key, value) VALUES ('inner', '1')")
      throw new Error('inner fails')
    }).catch(() => undefined)
  })
  expect(await value('outer')).toBe('1')
  expect(await value('inner')).toBeUndefined()
})

test('statements from outside wait for an open transaction instead of joining it', async () => {
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const transaction = store.transaction(async (tx) => {
    await tx.run("INSERT INTO meta (key, value) VALUES ('inside', '1')")
    await gate
    throw new Error('rolled back')
  })
  // Issued while the transaction is open: must not be rolled back with it.
  const outside = store.run("INSERT INTO meta (key, value) VALUES ('outside', '1')")
  release()
  await expect(transaction).rejects.toThrow('rolled back')
  await outside
  expect(await value('inside')).toBeUndefined()
  expect(await value('outside')).toBe('1')
})

test('using the outer handle inside a transaction fails loudly rather than waiting forever', async () => {
  await expect(store.transaction(() => store.get('SELECT 1'))).rejects.toThrow(/transaction handle/)
})

// Patient units of work (provider/store/units.ts): a patient write names its unit, and the unit
// refreshes each changed patient once, after its writes, on its own transaction.
const WEIGHT = { weight_unit: 'kg', note: '', source: 'manual' } as const

async function newPatient(email: string): Promise<number> {
  const account = await changePatients(store, (tx) => insertAccount(tx, { email, portal: 'customer', passwordHash: 'x' }))
  if (!account) throw new Error('not created')
  return account.id
}

const entryCount = async (accountId: number) =>
  Number((await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM health_entries WHERE account_id = ?', [accountId]))?.n)

test('a patient write on a plain Db (the store, or a transaction that is no unit) is refused and writes nothing', async () => {
  const id = await newPatient('plain@store.test')
  await expect(insertEntry(store, id, 'weight', { ...WEIGHT, date: '2026-01-02', weight: 100 })).rejects.toThrow(
    'A patient write must run in a patient unit',
  )
  await expect(
    store.transaction((tx) => insertEntry(tx, id, 'weight', { ...WEIGHT, date: '2026-01-02', weight: 100 })),
  ).rejects.toThrow('A patient write must run in a patient unit')
  await expect(insertAccount(store, { email: 'plain2@store.test', portal: 'customer', passwordHash: 'x' })).rejects.toThrow(
    'A patient write must run in a patient unit',
  )
  expect(await entryCount(id)).toBe(0)
  expect(await store.get('SELECT id FROM accounts WHERE email = ?', ['plain2@store.test'])).toBeUndefined()
})

test('two entries in one unit: one refresh, after both writes, on the same transaction', async () => {
  const id = await newPatient('unit@store.test')
  const refreshes: { ids: readonly number[]; entries: number }[] = []
  await patientUnit(
    store,
    async (tx) => {
      await insertEntry(tx, id, 'weight', { ...WEIGHT, date: '2026-01-02', weight: 100 })
      await insertEntry(tx, id, 'weight', { ...WEIGHT, date: '2026-01-03', weight: 98 })
    },
    async (tx, ids) => {
      const seen = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM health_entries WHERE account_id = ?', [id])
      refreshes.push({ ids, entries: Number(seen?.n) })
      await refreshPatients(tx, ids)
    },
  )
  expect(refreshes).toEqual([{ ids: [id], entries: 2 }])
  const summary = await store.get<{ current_kg: number }>('SELECT current_kg FROM patient_summaries WHERE account_id = ?', [id])
  expect(summary?.current_kg).toBe(98)
})

test('a refresh that fails rolls its unit back: no write survives without its summary', async () => {
  const id = await newPatient('rollback@store.test')
  await expect(
    patientUnit(
      store,
      (tx) => insertEntry(tx, id, 'weight', { ...WEIGHT, date: '2026-01-02', weight: 100 }),
      () => Promise.reject(new Error('refresh failed')),
    ),
  ).rejects.toThrow('refresh failed')
  expect(await entryCount(id)).toBe(0)
})
