// The benches' child processes (Linux /proc for memory): wait for one to answer, stop it, and read
// its resident memory with its threads (a worker thread counts in its process) and every process
// it started.
import { readdirSync, readFileSync } from 'node:fs'

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
