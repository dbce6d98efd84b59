import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { EmbeddedApiStartFailure, startEmbeddedApi } from '../../server/embedded-api'
import { joinExpositions } from '../../server/metrics'
import type { EmbeddedApiSettings } from '../../provider/embedded-protocol'

// The app's side of the embedded API's thread, against stand-in workers that behave as the real
// one (provider/embedded-worker.ts) does, or misbehave as it might.
const dir = mkdtempSync(path.join(tmpdir(), 'baricare-embedded-api-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const SETTINGS: EmbeddedApiSettings = { dataDir: dir, port: 0, appUrl: 'http://localhost:3000', production: false, adminMfa: 'off' }

function workerFile(name: string, body: string): string {
  const file = path.join(dir, `${name}.mjs`)
  writeFileSync(file, `import { parentPort, workerData } from 'node:worker_threads'\n${body}`)
  return file
}

const LISTENS = `
parentPort.postMessage({ kind: 'listening', url: 'http://127.0.0.1:4999/' })
parentPort.on('message', (message) => {
  if (message.kind === 'close') setTimeout(() => parentPort.close(), 20)
  if (message.kind === 'metrics') parentPort.postMessage({ kind: 'metrics', id: message.id, body: '# HELP baricare_api_x x\\n# TYPE baricare_api_x counter\\nbaricare_api_x ' + workerData.port + '\\n' })
})
`

describe('startEmbeddedApi', () => {
  it('resolves with the address once the API listens, answers metrics, and closes when asked', async () => {
    const onCrash = vi.fn()
    const api = await startEmbeddedApi(workerFile('listens', LISTENS), SETTINGS, onCrash)
    expect(api.url).toBe('http://127.0.0.1:4999/')
    expect(await api.metrics()).toContain('baricare_api_x 0')
    await api.close()
    await api.close() // twice is harmless
    expect(onCrash).not.toHaveBeenCalled()
  })

  it('a crash after the start is reported with its stack, once', async () => {
    const onCrash = vi.fn()
    await startEmbeddedApi(
      workerFile('crashes', `${LISTENS}\nsetTimeout(() => { throw new Error('query went wrong') }, 50)`),
      SETTINGS,
      onCrash,
    )
    await vi.waitFor(() => expect(onCrash).toHaveBeenCalledTimes(1))
    expect(onCrash.mock.calls[0]![0]).toMatch(/^The embedded API crashed: Error: query went wrong\n\s+at /)
  })

  it('a thread that ends by itself after the start is reported too', async () => {
    const onCrash = vi.fn()
    await startEmbeddedApi(workerFile('exits', `${LISTENS}\nsetTimeout(() => process.exit(3), 50)`), SETTINGS, onCrash)
    await vi.waitFor(() => expect(onCrash).toHaveBeenCalledWith('The embedded API stopped unexpectedly (exit code 3)'))
  })

  it('an API that cannot start says why in one line, and its thread is ended', async () => {
    const start = startEmbeddedApi(
      workerFile('refuses', `parentPort.postMessage({ kind: 'failed', text: 'Port 4000 is taken.', missingPackages: false })\nsetInterval(() => {}, 1000)`),
      SETTINGS,
      vi.fn(),
    )
    await expect(start).rejects.toThrow(EmbeddedApiStartFailure)
    await expect(start).rejects.toMatchObject({ text: 'Port 4000 is taken.', missingPackages: false })
  })

  it('a thread that fails before saying anything rejects the start with its error', async () => {
    await expect(startEmbeddedApi(workerFile('throws', `throw new Error('bad bundle')`), SETTINGS, vi.fn())).rejects.toThrow(
      /^The embedded API crashed: Error: bad bundle/,
    )
  })

  it('the metrics of a thread that does not answer are empty, not a hang', async () => {
    const api = await startEmbeddedApi(
      workerFile('silent', `parentPort.postMessage({ kind: 'listening', url: 'http://127.0.0.1:4998/' })\nparentPort.on('message', (m) => { if (m.kind === 'close') parentPort.close() })`),
      SETTINGS,
      vi.fn(),
    )
    expect(await api.metrics()).toBe('')
    await api.close()
  })
})

describe('joinExpositions', () => {
  it("keeps the app's families and takes the API's, each name once", () => {
    const app = [
      '# HELP baricare_app_requests_total App requests',
      '# TYPE baricare_app_requests_total counter',
      'baricare_app_requests_total{route="/"} 2',
      '',
      '# HELP baricare_api_requests_total API requests',
      '# TYPE baricare_api_requests_total counter',
      '',
    ].join('\n')
    const api = ['# HELP baricare_api_requests_total API requests', '# TYPE baricare_api_requests_total counter', 'baricare_api_requests_total{route="x"} 5', ''].join('\n')
    const joined = joinExpositions(app, api)
    expect(joined.match(/# TYPE baricare_api_requests_total/g)).toHaveLength(1)
    expect(joined).toContain('baricare_app_requests_total{route="/"} 2')
    expect(joined).toContain('baricare_api_requests_total{route="x"} 5')
    expect(joined.endsWith('\n')).toBe(true)
  })
})
