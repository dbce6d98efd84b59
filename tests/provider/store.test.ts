// The store's transaction contract (provider/store/sql.ts), which both database engines must keep.
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { Store } from '../../provider/store/sql'
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
