// The embedded API's thread: `npm start` (server.ts, through server/embedded-api.ts) runs the
// BariCare API and its PGlite here, so that the database's work (single-threaded WebAssembly that
// holds its thread for the whole of a query) never holds the thread that renders pages.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import type { EmbeddedApiSettings, FromEmbeddedApi, ToEmbeddedApi } from './embedded-protocol.js'

if (!parentPort) throw new Error('provider/embedded-worker runs as a worker thread of the app server')
const port: MessagePort = parentPort
const settings = workerData as EmbeddedApiSettings
const send = (message: FromEmbeddedApi) => port.postMessage(message)

async function start() {
  // Loaded here rather than imported above, so that an app installation without the database
  // packages gets its one line from the app rather than a module-loader stack.
  const modules = await Promise.all([
    import('./index.js'),
    import('./db/index.js'),
    import('./jobs/email.js'),
    import('./metrics.js'),
  ]).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      send({ kind: 'failed', text: String((error as Error).message), missingPackages: true })
      return null
    }
    throw error
  })
  if (!modules) return
  const [{ startProvider, defaultSeedAdmins, withingsSettingsFromEnv, accountClosureFromEnv, fhirSettingsFromEnv, passwordHashingFromEnv, failureText }, { engineOptionsFromEnv }, { smtpSettingsFromEnv }, { metricsText }] = modules
  let provider: Awaited<ReturnType<typeof startProvider>>
  try {
    provider = await startProvider({
      dataDir: settings.dataDir,
      database: engineOptionsFromEnv(process.env, settings.dataDir),
      smtp: smtpSettingsFromEnv(process.env),
      withings: withingsSettingsFromEnv(process.env, settings.production),
      accountClosure: accountClosureFromEnv(process.env),
      fhir: fhirSettingsFromEnv(process.env),
      fhirExport: { dir: process.env.FHIR_EXPORT_DIR || undefined },
      port: settings.port,
      appUrl: settings.appUrl,
      devMode: !settings.production,
      adminMfa: settings.adminMfa,
      passwordHashing: passwordHashingFromEnv(process.env, settings.production),
      mfaEncryptionKey: process.env.MFA_ENCRYPTION_KEY || undefined,
      admins: defaultSeedAdmins(process.env),
      log: (line) => console.log(line),
    })
  } catch (error) {
    // A data directory in use or a port taken is one sentence; a bug keeps its stack.
    send({ kind: 'failed', text: failureText(error), missingPackages: false })
    return
  }
  port.on('message', (message: ToEmbeddedApi) => {
    if (message.kind === 'close') {
      // Once closed, nothing is left to keep this thread's loop alive: the thread ends by itself.
      void provider.close().then(() => port.close())
    } else if (message.kind === 'metrics') {
      void metricsText().then(({ body }) => send({ kind: 'metrics', id: message.id, body }))
    }
  })
  send({ kind: 'listening', url: provider.url })
}

// Anything else thrown here ends the thread with its error, which the app reports (a bug).
await start()
