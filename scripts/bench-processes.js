// The benches' child processes (Linux /proc for memory and CPU): wait for one to answer, stop it,
// read its resident memory with its threads (a worker thread counts in its process) and every
// process it started, read the CPU time it or each of its threads has used, and sign in to it.
import { readdirSync, readFileSync } from 'node:fs'

/**
 * The Node.js flags the app server runs with in production (package.json's
 * baricare.serverNodeFlags, as `npm start` and the image's CMD give them): benches start
 * `server.js` with them so that they measure what runs.
 */
export const serverNodeFlags = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).baricare.serverNodeFlags

/** RSS of a process and its descendants, in MB. */
export function treeRssMb(pid) {
  let kb = 0
  const visit = (id) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0)
      for (const task of readdirSync(`/proc/${id}/task`)) {
        for (const child of readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) visit(child)
      }
    } catch {
      // gone meanwhile
    }
  }
  visit(pid)
  return Math.round(kb / 1024)
}

/** Until `url` answers 200, for up to two minutes, or until the child exits. */
export async function waitFor(url, child) {
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up`)
}

export async function stop(child) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

// Clock ticks per second of /proc's stat times: 100 on every Linux Node runs on.
const TICK_MS = 10

/** user + system CPU milliseconds in a /proc stat line (the fields count from after the name's ')'). */
function statCpuMs(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

/** CPU milliseconds the process `pid` has used so far, every thread of it. */
export function processCpuMs(pid) {
  return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'))
}

/**
 * CPU milliseconds a PostgreSQL server listening on `port` has used so far: its postmaster (found by
 * the port on its command line), the children it has reaped and those alive (the backends).
 */
export function postgresCpuMs(port) {
  const fields = (pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let argv
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    } catch {
      continue
    }
    if (!argv[0].endsWith('/postgres') || !argv.join(' ').includes(`-p ${port} `)) continue
    const own = fields(pid)
    // utime, stime, and the reaped children's cutime, cstime
    let ms = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) * TICK_MS
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
        try {
          ms += statCpuMs(readFileSync(`/proc/${child}/stat`, 'utf8'))
        } catch {
          // ended meanwhile
        }
      }
    }
    return ms
  }
  return 0
}

/** CPU milliseconds of each thread of `pid` so far, by thread id, with its name. */
export function threadCpuMs(pid) {
  const times = new Map()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ms = statCpuMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      times.set(tid, { name, ms })
    } catch {
      // the thread ended meanwhile
    }
  }
  return times
}

/** The session cookie (`__session=…`) a form sign-in on `portal` sets, or null when it sets none. */
export async function signedInCookie(base, portal, email, password) {
  const response = await fetch(`${base}/${portal}/signin`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
  })
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('__session=')) ?? null
}
