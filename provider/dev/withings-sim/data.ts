// The data endpoints the API reads, in Withings' wire format: measures (getmeas), sleep summaries
// (getsummary), and notification subscriptions, with their paging and the bearer-token checks.
import { now } from './http.js'
import { CATEGORY_REAL, pairForAccess, type SimState, type SimUser } from './state.js'

/** The bearer's user, or the error status (401 for unknown, expired, revoked or superseded). */
export function authorized(sim: SimState, authorization: string | undefined): SimUser | number {
  const pair = pairForAccess(sim, authorization)
  if (!pair || !pair.accessValid || pair.accessExpiresAt <= now()) return 401
  // The first use of a refreshed access token retires the refresh token it replaced.
  if (pair.previous) pair.previous.refreshValid = false
  const user = sim.usersById.get(pair.userid)
  if (!user) return 401
  const queued = sim.failNext.get(user.userid) ?? sim.failNext.get(0)
  if (queued && queued.length > 0) return queued.shift()!
  return user
}

function paged<T extends { modified: number }>(
  sim: SimState,
  items: T[],
  params: URLSearchParams,
  sortKey: (item: T) => number,
) {
  const lastupdate = params.get('lastupdate')
  const since = lastupdate === null ? null : Number(lastupdate)
  const startdate = params.get('startdate') ?? params.get('startdateymd')
  const matching = items
    .filter((item) => since === null || item.modified >= since)
    .filter((item) => startdate === null || since !== null || sortKey(item) >= Number(startdate))
    .sort((a, b) => sortKey(a) - sortKey(b))
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0)
  const slice = matching.slice(offset, offset + sim.pageSize)
  const more = offset + slice.length < matching.length
  return { slice, more, offset: more ? offset + slice.length : 0 }
}

export function measure(sim: SimState, params: URLSearchParams, user: SimUser): [number, unknown, string?] {
  if (params.get('action') !== 'getmeas') return [2554, {}]
  const types = (params.get('meastypes') ?? params.get('meastype') ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
  const category = Number(params.get('category') ?? CATEGORY_REAL)
  const groups = user.measuregrps
    .filter((group) => group.category === category)
    .map((group) => ({
      ...group,
      measures: group.measures.filter((m) => types.length === 0 || types.includes(m.type)),
    }))
    .filter((group) => group.measures.length > 0)
  const { slice, more, offset } = paged(sim, groups, params, (group) => group.date)
  return [
    0,
    {
      updatetime: now(),
      timezone: slice[0]?.timezone ?? 'UTC',
      measuregrps: slice,
      more: more ? 1 : 0,
      offset,
    },
  ]
}

export function sleep(sim: SimState, params: URLSearchParams, user: SimUser): [number, unknown, string?] {
  if (params.get('action') !== 'getsummary') return [2554, {}]
  const fields = (params.get('data_fields') ?? '').split(',').filter(Boolean)
  const { slice, more, offset } = paged(sim, user.sleep, params, (series) => series.startdate)
  const series = slice.map((item) => ({
    ...item,
    data: Object.fromEntries(Object.entries(item.data).filter(([key]) => fields.includes(key))),
  }))
  return [0, { series, more, offset }]
}

export function notify(sim: SimState, params: URLSearchParams, user: SimUser): [number, unknown, string?] {
  const action = params.get('action')
  const appli = Number(params.get('appli'))
  const callbackurl = params.get('callbackurl') ?? ''
  if (action === 'subscribe') {
    if (!/^https?:\/\//.test(callbackurl) || !Number.isInteger(appli)) return [503, {}, 'Invalid Params']
    if (
      !sim.subscriptions.some(
        (s) => s.userid === user.userid && s.callbackurl === callbackurl && s.appli === appli,
      )
    ) {
      sim.subscriptions.push({
        userid: user.userid,
        callbackurl,
        appli,
        comment: params.get('comment') ?? '',
      })
    }
    return [0, {}]
  }
  if (action === 'revoke') {
    const index = sim.subscriptions.findIndex(
      (s) =>
        s.userid === user.userid &&
        s.callbackurl === callbackurl &&
        (!params.get('appli') || s.appli === appli),
    )
    if (index < 0) return [294, {}, 'No such subscription']
    sim.subscriptions.splice(index, 1)
    return [0, {}]
  }
  if (action === 'list') {
    return [
      0,
      {
        profiles: sim.subscriptions.filter((s) => s.userid === user.userid).map(({ userid: _, ...rest }) => rest),
      },
    ]
  }
  return [2554, {}]
}
