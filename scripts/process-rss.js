// Resident memory as the benches report it (Linux /proc): a process with its threads (a worker
// thread counts in its process) and every process it started.
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
