// Starts the embedded BariCare API (and its PGlite) in a worker thread of this process
// (provider/embedded-worker.ts, built to build/embedded-api.js): a heavy query holds that thread,
// not the one that renders pages. Same process, so the same pid in the data directory's lock, the
// same stdout and one thing to stop; the API's crash is reported and ends the process (see
// docs/decisions/199-embedded-api-worker-thread.md).
import { Worker } from 'node:worker_threads'
import type { EmbeddedApiSettings, FromEmbeddedApi, ToEmbeddedApi } from '../provider/embedded-protocol'

/** How long the API gets to close (its own grace for requests and jobs is 2 s) before it is cut off. */
const CLOSE_TIMEOUT_MS = 5_000
const METRICS_TIMEOUT_MS = 2_000

export interface EmbeddedApi {
  /** Base URL, ends with '/'. */
  url: string
  /** The API's Prometheus series (exposition text), for the app's /metrics; '' if it does not answer. */
  metrics(): Promise<string>
  /** Asks the API to finish and close its database; resolves once its thread has ended. */
  close(): Promise<void>
}

/** The API could not start; `text` is the line to print. */
export class EmbeddedApiStartFailure extends Error {
  constructor(
    readonly text: string,
    readonly missingPackages: boolean,
  ) {
    super(text)
  }
}

/**
 * Starts the worker and resolves once its API listens. Rejects with EmbeddedApiStartFailure when
 * the API says why it cannot start, or with the thread's own error. After the start, the thread
 * ending by itself (a crash, or an exit nobody asked for) is handed to `onCrash` with a line to print.
 */
export function startEmbeddedApi(
  workerFile: string | URL,
  settings: EmbeddedApiSettings,
  onCrash: (line: string) => void,
): Promise<EmbeddedApi> {
  const worker = new Worker(workerFile, { workerData: settings })
  const send = (message: ToEmbeddedApi) => worker.postMessage(message)
  let started = false
  let closing: Promise<void> | undefined
  let nextId = 0
  const pendingMetrics = new Map<number, (body: string) => void>()
  let crash: string | undefined

  worker.on('error', (error) => {
    crash = `The embedded API crashed: ${error.stack ?? String(error)}`
  })

  return new Promise<EmbeddedApi>((resolve, reject) => {
    worker.on('message', (message: FromEmbeddedApi) => {
      if (message.kind === 'listening') {
        started = true
        resolve({ url: message.url, metrics, close })
      } else if (message.kind === 'failed') {
        reject(new EmbeddedApiStartFailure(message.text, message.missingPackages))
        void worker.terminate()
      } else if (message.kind === 'metrics') {
        pendingMetrics.get(message.id)?.(message.body)
      }
    })
    worker.once('exit', (code) => {
      for (const answer of pendingMetrics.values()) answer('')
      if (!started) {
        reject(new Error(crash ?? `The embedded API stopped while starting (exit code ${code})`))
      } else if (!closing) {
        onCrash(crash ?? `The embedded API stopped unexpectedly (exit code ${code})`)
      }
    })
  })

  function metrics(): Promise<string> {
    if (closing) return Promise.resolve('')
    const id = nextId++
    return new Promise<string>((resolve) => {
      const timer = setTimeout(() => answer(''), METRICS_TIMEOUT_MS)
      const answer = (body: string) => {
        clearTimeout(timer)
        pendingMetrics.delete(id)
        resolve(body)
      }
      pendingMetrics.set(id, answer)
      send({ kind: 'metrics', id })
    })
  }

  function close(): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      if (worker.threadId === -1) return resolve()
      worker.once('exit', () => resolve())
      send({ kind: 'close' })
      // A thread stuck in a long query still ends with the process: cut it off in time.
      setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS).unref()
    })
    return closing
  }
}
