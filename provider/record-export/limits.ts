// The record download's limits, in this API process's memory: one download of a patient's record at
// a time (a second waits its turn with a 409), and so many downloads an hour per patient or admin
// (429). Several API processes would each keep their own (docs/decisions/194-record-export.md).
import { ApiError } from '../errors.js'

const HOUR_MS = 60 * 60 * 1000
/** Past this many tracked keys, expired ones are dropped before another is added. */
const MAX_KEYS = 10_000

export class ExportLimits {
  private readonly running = new Set<number>()
  private readonly starts = new Map<string, number[]>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes the patient's slot or throws the 409; returns the function that frees it (once). */
  begin(patientId: number, busyMessage: string): () => void {
    if (this.running.has(patientId)) throw new ApiError(409, busyMessage)
    this.running.add(patientId)
    let released = false
    return () => {
      if (released) return
      released = true
      this.running.delete(patientId)
    }
  }

  /** Counts one download for `key`, or throws the 429 when `perHour` were started in the last hour. */
  count(key: string, perHour: number, message: string): void {
    const now = this.now()
    if (this.starts.size >= MAX_KEYS) this.sweep(now)
    const recent = (this.starts.get(key) ?? []).filter((at) => at > now - HOUR_MS)
    if (recent.length >= perHour) {
      this.starts.set(key, recent)
      throw new ApiError(429, message)
    }
    recent.push(now)
    this.starts.set(key, recent)
  }

  private sweep(now: number): void {
    for (const [key, times] of this.starts) if (times.every((at) => at <= now - HOUR_MS)) this.starts.delete(key)
  }
}
