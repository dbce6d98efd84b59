// Extension (not in SPEC.md §7; docs/provider-api.md "Extensions"): the patient's own health log
// (weight, sleep, meals, water, vitamins) and the daily targets in the profile's preferences. The
// paths, queries and bodies are the route table's (common/contract/endpoints.ts).
import type { ProviderContext } from '../context.js'
import { ENTRY_KINDS, type EntryFields, type EntryKind } from '../entries-fields.js'
import { serve, type ApiRouter, type Served } from '../endpoint-router.js'
import {
  deleteEntry,
  findEntry,
  findVitaminsOn,
  insertEntry,
  latestEntries,
  listAllEntries,
  listEntries,
  replaceEntry,
} from '../store/entries.js'
import { readPreferences, savePreferences } from '../entries-preferences.js'
import { ApiError } from '../errors.js'
import { changePatients } from '../patient-changes.js'
import { API, type AnswerOf, type Endpoint } from '../../common/contract/endpoints'

export const ENTRY_NOT_FOUND = 'Entry not found.'
export const VITAMINS_TAKEN_ON_DAY = 'Vitamins for this day are already logged.'

const LOGGED: Record<EntryKind, string> = {
  weight: 'Weight logged.',
  sleep: 'Sleep logged.',
  meal: 'Meal logged.',
  water: 'Water logged.',
  vitamins: 'Vitamins logged.',
}

/** Registers the table's entry endpoints and the profile's preferences (the daily targets). */
export function mountEntryRoutes(router: ApiRouter, ctx: ProviderContext): void {
  router.serve([
    serve(API.profile.preferences, async ({ caller: { account }, body }) => {
      await savePreferences(ctx.db, account.id, body)
      return { message: 'Preferences Updated', content: await readPreferences(ctx.db, account.id) }
    }),
    serve(API.entries.range, async ({ caller, query: { from, to } }) => ({
      message: 'Entries loaded.',
      content: byKind<typeof API.entries.range>({
        from,
        to,
        ...(await listAllEntries(ctx.db, caller.account.id, from, to)),
        latest: await latestEntries(ctx.db, caller.account.id, to),
      }),
    })),
    ...ENTRY_KINDS.flatMap((kind) => kindRoutes(ctx, kind)),
  ])
}

/**
 * The store's rows as the answer's type: the store answers `Entry` (any kind) where the schema
 * names the kind of each list; request-handler.ts checks every answer against the schema anyway.
 */
function byKind<E extends Endpoint>(rows: unknown): AnswerOf<E> {
  return rows as AnswerOf<E>
}

/**
 * The five endpoints of one kind. The table gives each kind its own body schema; the store takes
 * the kind's fields, which the body's output is (the cast only carries the kind through `kind`).
 */
function kindRoutes<K extends EntryKind>(ctx: ProviderContext, kind: K): Served[] {
  const endpoints = API.entries[kind as EntryKind]
  const fieldsOf = (body: unknown) => body as EntryFields[K]

  /** The entry named by the path, if it is this patient's; anyone else's is indistinguishable from none. */
  async function ownEntry(accountId: number, id: number) {
    const entry = await findEntry(ctx.db, accountId, kind, id)
    if (!entry) throw new ApiError(404, ENTRY_NOT_FOUND)
    return entry
  }

  return [
    serve(endpoints.list, async ({ caller, query: { from, to } }) => ({
      message: 'Entries loaded.',
      content: byKind<typeof endpoints.list>(await listEntries(ctx.db, caller.account.id, kind, from, to)),
    })),
    serve(endpoints.create, async ({ caller, body }) => {
      const accountId = caller.account.id
      const value = fieldsOf(body)
      return changePatients(ctx.db, async (tx) => {
        if (kind === 'vitamins') {
          // One checklist per day: logging a day again replaces its list (same id), as ticking boxes would.
          const vitamins = value as EntryFields['vitamins']
          const existing = await findVitaminsOn(tx, accountId, vitamins.date)
          if (existing) {
            return {
              message: 'Vitamins updated.',
              content: await replaceEntry(tx, accountId, 'vitamins', existing.id, vitamins),
            }
          }
        }
        return { status: 201, message: LOGGED[kind], content: await insertEntry(tx, accountId, kind, value) }
      })
    }),
    serve(endpoints.get, async ({ caller, params }) => ({
      message: 'Entry loaded.',
      content: await ownEntry(caller.account.id, params.id),
    })),
    serve(endpoints.update, async ({ caller, params, body }) => {
      const accountId = caller.account.id
      const entry = await ownEntry(accountId, params.id)
      const value = fieldsOf(body)
      if (kind === 'vitamins') {
        const other = await findVitaminsOn(ctx.db, accountId, (value as EntryFields['vitamins']).date)
        if (other && other.id !== entry.id) {
          throw new ApiError(409, VITAMINS_TAKEN_ON_DAY, { date: [VITAMINS_TAKEN_ON_DAY] })
        }
      }
      return {
        message: 'Entry updated.',
        content: await changePatients(ctx.db, (tx) => replaceEntry(tx, accountId, kind, entry.id, value)),
      }
    }),
    serve(endpoints.remove, async ({ caller, params }) => {
      const entry = await ownEntry(caller.account.id, params.id)
      await changePatients(ctx.db, (tx) => deleteEntry(tx, caller.account.id, entry.kind, entry.id))
      return { message: 'Entry deleted.', content: null }
    }),
  ]
}
