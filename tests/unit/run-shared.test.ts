// The projects that list one globalSetup file share what it starts: one PostgreSQL server and one
// pair of PGlite templates per run, stopped after the last project is done with them.
import { describe, expect, it } from 'vitest'
import { acquireForRun } from '../support/run-shared'

describe('acquireForRun', () => {
  it('starts a resource once for every caller and stops it after the last release', async () => {
    const events: string[] = []
    const name = `resource-${Math.random()}`
    const start = async () => {
      events.push('start')
      return { id: events.length }
    }
    const stop = (value: { id: number }) => void events.push(`stop ${value.id}`)
    const [first, second] = await Promise.all([acquireForRun(name, start, stop), acquireForRun(name, start, stop)])
    expect(second.value).toBe(first.value)
    expect(events).toEqual(['start'])
    await first.release()
    await first.release()
    expect(events).toEqual(['start'])
    await second.release()
    expect(events).toEqual(['start', 'stop 1'])
    // Once stopped, the next caller starts a new one.
    const third = await acquireForRun(name, start, stop)
    expect(third.value).not.toBe(first.value)
    await third.release()
    expect(events).toEqual(['start', 'stop 1', 'start', 'stop 3'])
  })

  it('forgets a start that failed, so the next caller tries again', async () => {
    const name = `failing-${Math.random()}`
    await expect(acquireForRun(name, () => Promise.reject(new Error('no server')), () => {})).rejects.toThrow(
      'no server',
    )
    const retried = await acquireForRun(name, async () => 'up', () => {})
    expect(retried.value).toBe('up')
    await retried.release()
  })
})
