// Versioned migrations, one file each, applied in this order at start (provider/store/sqlite.ts) and
// by `npm run db:migrate`. Append only: an edited migration never runs again on a database that
// already has it, so a change is a new file. Listed here (not found by a directory scan) so that the
// bundled server carries them.
import { migration as core } from './0001-core.js'
import { migration as healthLog } from './0002-health-log.js'
import { migration as devices } from './0003-devices.js'
import { migration as adminUsers } from './0004-admin-users.js'
import { migration as adminPatients } from './0005-admin-patients.js'

export interface Migration {
  /** The file's name without extension: its version and what it does. */
  name: string
  /** SQL statements, run in one transaction. */
  up: string
}

export const migrations: readonly Migration[] = [core, healthLog, devices, adminUsers, adminPatients]
