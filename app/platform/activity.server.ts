import { AsyncLocalStorage } from 'node:async_hooks'
import type { Portal } from './portal'

// Automatic sign-out after inactivity (HIPAA 164.312(a)(2)(iii)). The time of the last signed-in
// request per portal lives in the sealed session itself (`seenAt`), so it cannot be dropped or
// forged apart from the session. Only a request that passed a portal's guard (a signed-in page,
// data request or form post) renews it: the guard marks the request, and server/activity.ts stamps
// the session as the response goes out, into whatever session cookie the response carries, so
// that no loader commits the session just for this and a refreshed token is never overwritten.

export type ActivityPortal = Portal

type RequestActivity = { portals: Set<ActivityPortal> }

// server.ts and the Remix build are bundled separately, so each holds its own copy of this module;
// the one store they share is registered on the process under a well-known symbol.
const STORE_KEY = Symbol.for('baricare.request-activity')
const registry = globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<RequestActivity> }
const requestActivity = (registry[STORE_KEY] ??= new AsyncLocalStorage<RequestActivity>())

/** One request's scope: `run` its handling inside, then read which portals its guards let through. */
export function activityScope(): { portals: ReadonlySet<ActivityPortal>; run<T>(handle: () => T): T } {
  const scope: RequestActivity = { portals: new Set() }
  return { portals: scope.portals, run: (handle) => requestActivity.run(scope, handle) }
}

/** Called by a guard that let a signed-in request through. Outside a scope (unit tests) it does nothing. */
export function markActive(portal: ActivityPortal): void {
  requestActivity.getStore()?.portals.add(portal)
}

/**
 * True when the portal's last signed-in request is older than its idle limit. A session with no
 * record for the portal did not come from our sign-in (which stamps it), so it counts as idle.
 */
export function isIdle(seenAt: number | undefined, idleMinutes: number, now = Date.now()): boolean {
  if (seenAt === undefined || !Number.isFinite(seenAt)) return true
  return now - seenAt > idleMinutes * 60_000
}

export function idleSignOutMessage(minutes: number) {
  return `You were signed out after ${minutes} minutes of inactivity. Please sign in again.`
}
