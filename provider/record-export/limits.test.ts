// One download of a patient's record at a time, and an hourly count per key.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.js'
import { ExportLimits } from './limits.js'

function refusal(run: () => unknown): { status: number; message: string } | null {
  try {
    run()
    return null
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message }
    throw error
  }
}

describe('ExportLimits', () => {
  it('refuses a second download of the same record until the first is released', () => {
    const limits = new ExportLimits()
    const release = limits.begin(7, 'busy')
    expect(refusal(() => limits.begin(7, 'busy'))).toEqual({ status: 409, message: 'busy' })
    // Another patient's record is not held up.
    expect(refusal(() => limits.begin(8, 'busy'))).toBeNull()
    release()
    release()
    expect(refusal(() => limits.begin(7, 'busy'))).toBeNull()
  })

  it('counts downloads per key over a rolling hour', () => {
    let now = 0
    const limits = new ExportLimits(() => now)
    for (let i = 0; i < 3; i++) expect(refusal(() => limits.count('patient:1', 3, 'too many'))).toBeNull()
    expect(refusal(() => limits.count('patient:1', 3, 'too many'))).toEqual({ status: 429, message: 'too many' })
    expect(refusal(() => limits.count('patient:2', 3, 'too many'))).toBeNull()
    now += 60 * 60 * 1000 + 1
    expect(refusal(() => limits.count('patient:1', 3, 'too many'))).toBeNull()
  })
})
