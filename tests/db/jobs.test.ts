// pg-boss over both engines: jobs are stored in the API's database and worked, with retries.
import { afterEach, describe, expect, it } from 'vitest'
import type { PgBoss } from 'pg-boss'
import type { Engine } from '../../provider/db/index.js'
import { startJobRunner } from '../../provider/jobs/runner.js'
import { engineCases } from '../support/db-engines.js'

for (const engineCase of engineCases()) {
  describe.skipIf(engineCase.skipReason)(`jobs on ${engineCase.kind}`, () => {
    let engine: Engine | undefined
    let boss: PgBoss | undefined
    afterEach(async () => {
      await boss?.stop({ graceful: false, timeout: 5000 })
      await engine?.close()
    })

    it('sends, works and retries a job', async () => {
      engine = await engineCase.open()
      const log: string[] = []
      const started = performance.now()
      boss = await startJobRunner(engine, { log: (line) => log.push(line) })
      const startMs = performance.now() - started
      await boss.createQueue('test.echo', { retryLimit: 2, retryDelay: 0 })
      const seen: unknown[] = []
      let attempts = 0
      const done = new Promise<void>((resolve) => {
        void boss!.work<{ n: number }>('test.echo', { pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) {
            attempts += 1
            if (attempts === 1) throw new Error('first attempt fails')
            seen.push(job.data)
            resolve()
          }
        })
      })
      await boss.send('test.echo', { n: 7 })
      await done
      expect(seen).toEqual([{ n: 7 }])
      expect(attempts).toBe(2)
      console.log(`${engineCase.kind}: pg-boss start ${Math.round(startMs)} ms`)
    }, 60_000)
  })
}
