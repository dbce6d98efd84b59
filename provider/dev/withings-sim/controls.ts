// Test controls under /__sim/: seed a Withings user's readings, expire or revoke their tokens,
// make the next data calls fail, read what the simulator received, and send the notification
// Withings would send to a subscription.
import { now, unix } from './http.js'
import { DAY_S, type SimState, sleepSummary, userFor, weightGroup } from './state.js'

interface WeightSeed {
  /** ISO time or Unix seconds. */
  at: string | number
  kg: number
  /** The power of ten the value travels with (default -3: grams). */
  unit?: number
  timezone?: string
}
interface SleepSeed {
  start: string | number
  end: string | number
  sleep_score?: number
  timezone?: string
}

export async function control(
  sim: SimState,
  path: string,
  body: Record<string, unknown>,
  query: URLSearchParams,
) {
  const email = typeof body.email === 'string' ? body.email : (query.get('email') ?? '')
  if (path === '/__sim/measures') {
    const user = userFor(sim, email)
    if (body.replace === true || !user.seeded) {
      user.measuregrps = []
      user.sleep = []
    }
    user.seeded = true
    const modified = now()
    for (const seed of (body.weights as WeightSeed[] | undefined) ?? []) {
      user.measuregrps.push(
        weightGroup(sim, unix(seed.at), seed.kg, seed.unit ?? -3, seed.timezone ?? 'UTC', modified),
      )
    }
    for (const seed of (body.sleep as SleepSeed[] | undefined) ?? []) {
      const extra: Record<string, number> =
        seed.sleep_score === undefined ? {} : { sleep_score: seed.sleep_score }
      user.sleep.push(
        sleepSummary(sim, unix(seed.start), unix(seed.end), seed.timezone ?? 'UTC', modified, extra),
      )
    }
    return { userid: user.userid, measuregrps: user.measuregrps.length, sleep: user.sleep.length }
  }
  if (path === '/__sim/expire-access') {
    const user = userFor(sim, email)
    for (const pair of sim.pairs)
      if (pair.userid === user.userid) pair.accessExpiresAt = Math.min(pair.accessExpiresAt, now() - 1)
    return { userid: user.userid }
  }
  if (path === '/__sim/revoke') {
    const user = userFor(sim, email)
    for (const pair of sim.pairs) {
      if (pair.userid === user.userid) {
        pair.accessValid = false
        pair.refreshValid = false
      }
    }
    return { userid: user.userid }
  }
  if (path === '/__sim/fail-next') {
    const id = email ? userFor(sim, email).userid : 0
    const status = Number(body.status ?? 601)
    const times = Math.max(1, Number(body.times ?? 1))
    sim.failNext.set(id, [...(sim.failNext.get(id) ?? []), ...Array.from({ length: times }, () => status)])
    return { userid: id || null }
  }
  if (path === '/__sim/requests') {
    const id = email ? sim.users.get(email.trim().toLowerCase())?.userid : undefined
    return email ? sim.received.filter((r) => id !== undefined && r.userid === id) : sim.received
  }
  if (path === '/__sim/user') {
    const user = sim.users.get(email.trim().toLowerCase())
    return user
      ? {
          userid: user.userid,
          subscriptions: sim.subscriptions.filter((s) => s.userid === user.userid),
          revocations: sim.revocations.filter((r) => r.userid === user.userid),
        }
      : null
  }
  if (path === '/__sim/notify') {
    // Sends the notification Withings would send to each of the user's subscriptions.
    const user = userFor(sim, email)
    const sent: number[] = []
    for (const s of sim.subscriptions.filter((sub) => sub.userid === user.userid)) {
      const form = new URLSearchParams({
        userid: String(user.userid),
        appli: String(s.appli),
        startdate: String(now() - DAY_S),
        enddate: String(now()),
      })
      const answer = await fetch(s.callbackurl, { method: 'POST', body: form }).catch(() => null)
      sent.push(answer?.status ?? 0)
    }
    return { sent }
  }
  return undefined
}
