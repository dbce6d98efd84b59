// Extension (not in SPEC.md §7; docs/provider-api.md "Extensions"): the patient's own health log
// (weight, sleep, meals, water, vitamins) and the daily targets in the profile's preferences.
import { preferencesSchema } from '../../common/contract/profile'
import type { Account } from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import { ENTRY_KINDS, isEntryKind, readEntry, type EntryKind } from '../entries-fields.js'
import type { ItemRoute, RouterWithItems } from '../entries-router.js'
import {
  deleteEntry,
  findEntry,
  findVitaminsOn,
  insertEntry,
  latestEntries,
  listAllEntries,
  listEntries,
  replaceEntry,
  type Entry,
} from '../store/entries.js'
import { readPreferences, savePreferences } from '../entries-preferences.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { authenticate } from '../sessions.js'
import { FieldReader } from '../validation.js'
import { z } from 'zod'
import { ENTRY_SCHEMAS, entriesRangeSchema, entryDeletedSchema, entrySchema } from '../../common/contract/entries'
import { ENTRIES_RANGE_MAX_DAYS as MAX_RANGE_DAYS } from '../../common/contract/entries-values'

export const ENTRY_NOT_FOUND = 'Entry not found.'
export const VITAMINS_TAKEN_ON_DAY = 'Vitamins for this day are already logged.'
const DAY_MS = 24 * 60 * 60 * 1000

const LOGGED: Record<EntryKind, string> = {
  weight: 'Weight logged.',
  sleep: 'Sleep logged.',
  meal: 'Meal logged.',
  water: 'Water logged.',
  vitamins: 'Vitamins logged.',
}

const ITEM_PATH = new RegExp(`^v1/auth/entries/(${ENTRY_KINDS.join('|')})/(\\d{1,15})/$`)

/** Registers the collection paths and the item paths (`…/{kind}/{id}/`). */
export function mountEntryRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  router.add(entryRoutes(ctx))
  router.addItems(entryItemRoutes(ctx))
}

function customer(ctx: ProviderContext, req: RequestInput): Promise<Account> {
  return authenticate(ctx, req.headers.authorization, 'customer')
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both required, from ≤ to, at most a year apart. */
function readRange(query: URLSearchParams): { from: string; to: string } {
  const f = new FieldReader(Object.fromEntries(query))
  const from = f.date('from', { label: 'From date', required: 'From date is required' })
  const to = f.date('to', { label: 'To date', required: 'To date is required' })
  if (from && to) {
    if (to < from) f.fail('to', 'To date must be on or after the from date')
    else if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_RANGE_DAYS) {
      f.fail('to', `A range can cover at most ${MAX_RANGE_DAYS} days`)
    }
  }
  f.done()
  return { from: from!, to: to! }
}

function entryRoutes(ctx: ProviderContext): Route[] {
  const routes: Route[] = [
    {
      method: 'GET',
      path: 'v1/auth/entries/',
      answer: entriesRangeSchema,
      handler: async (req) => {
        const account = await customer(ctx, req)
        const { from, to } = readRange(req.query)
        return {
          message: 'Entries loaded.',
          content: {
            from,
            to,
            ...(await listAllEntries(ctx.db, account.id, from, to)),
            latest: await latestEntries(ctx.db, account.id, to),
          },
        }
      },
    },
    {
      method: 'PUT',
      path: 'v1/auth/profile/preferences/',
      answer: preferencesSchema,
      handler: async (req) => {
        const account = await customer(ctx, req)
        await savePreferences(ctx.db, account.id, jsonObjectBody(req))
        return { message: 'Preferences Updated', content: await readPreferences(ctx.db, account.id) }
      },
    },
  ]
  for (const kind of ENTRY_KINDS) {
    routes.push(
      {
        method: 'GET',
        path: `v1/auth/entries/${kind}/`,
        answer: z.array(ENTRY_SCHEMAS[kind]),
        handler: async (req) => {
          const account = await customer(ctx, req)
          const { from, to } = readRange(req.query)
          return { message: 'Entries loaded.', content: await listEntries(ctx.db, account.id, kind, from, to) }
        },
      },
      {
        method: 'POST',
        path: `v1/auth/entries/${kind}/`,
        answer: ENTRY_SCHEMAS[kind],
        handler: (req) => createEntry(ctx, req, kind),
      },
    )
  }
  return routes
}

async function createEntry(ctx: ProviderContext, req: RequestInput, kind: EntryKind) {
  const account = await customer(ctx, req)
  const fields = readEntry(kind, jsonObjectBody(req))
  if (fields.kind === 'vitamins') {
    // One checklist per day: logging a day again replaces its list (same id), as ticking boxes would.
    const existing = await findVitaminsOn(ctx.db, account.id, fields.value.date)
    if (existing) {
      return {
        message: 'Vitamins updated.',
        content: await replaceEntry(ctx.db, account.id, 'vitamins', existing.id, fields.value),
      }
    }
  }
  return { status: 201, message: LOGGED[kind], content: await insertEntry(ctx.db, account.id, kind, fields.value) }
}

/** The entry named by the path, if it is this patient's; anyone else's is indistinguishable from none. */
async function ownEntry(ctx: ProviderContext, req: RequestInput): Promise<{ account: Account; entry: Entry }> {
  const account = await customer(ctx, req)
  const match = ITEM_PATH.exec(req.path)
  const kind = match?.[1] ?? ''
  const entry = match && isEntryKind(kind) ? await findEntry(ctx.db, account.id, kind, Number(match[2])) : undefined
  if (!entry) throw new ApiError(404, ENTRY_NOT_FOUND)
  return { account, entry }
}

function entryItemRoutes(ctx: ProviderContext): ItemRoute[] {
  return [
    {
      method: 'GET',
      pattern: ITEM_PATH,
      answer: entrySchema,
      handler: async (req) => ({ message: 'Entry loaded.', content: (await ownEntry(ctx, req)).entry }),
    },
    {
      method: 'PUT',
      pattern: ITEM_PATH,
      answer: entrySchema,
      handler: async (req) => {
        const { account, entry } = await ownEntry(ctx, req)
        const fields = readEntry(entry.kind, jsonObjectBody(req))
        if (fields.kind === 'vitamins') {
          const other = await findVitaminsOn(ctx.db, account.id, fields.value.date)
          if (other && other.id !== entry.id) {
            throw new ApiError(409, VITAMINS_TAKEN_ON_DAY, { date: [VITAMINS_TAKEN_ON_DAY] })
          }
        }
        return {
          message: 'Entry updated.',
          content: await replaceEntry(ctx.db, account.id, entry.kind, entry.id, fields.value),
        }
      },
    },
    {
      method: 'DELETE',
      pattern: ITEM_PATH,
      answer: entryDeletedSchema,
      handler: async (req) => {
        const { account, entry } = await ownEntry(ctx, req)
        await deleteEntry(ctx.db, account.id, entry.kind, entry.id)
        return { message: 'Entry deleted.', content: null }
      },
    },
  ]
}
