// What the app server and the embedded API in its worker thread (embedded-worker.ts) say to each
// other over the worker's message port. The API serves HTTP on its own port as ever; these
// messages only start it, stop it and read its metrics.
import type { AdminMfaSetting } from '../common/contract/auth-values'

/** What the app has already read from its environment (the rest the worker reads itself). */
export interface EmbeddedApiSettings {
  /** DATA_DIR, absolute. */
  dataDir: string
  /** PROVIDER_PORT; 0 for any free port. */
  port: number
  appUrl: string
  production: boolean
  /** The app's ADMIN_MFA: the two must not disagree. */
  adminMfa: AdminMfaSetting
}

export type ToEmbeddedApi = { kind: 'close' } | { kind: 'metrics'; id: number }

export type FromEmbeddedApi =
  | { kind: 'listening'; url: string }
  /** It could not start: one line to print (a sentence, or a bug's stack). */
  | { kind: 'failed'; text: string; missingPackages: boolean }
  | { kind: 'metrics'; id: number; body: string }
