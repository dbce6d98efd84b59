import type { Migration } from 'kysely/migration'
import * as m0001 from './0001_schema_info.js'
import * as m0002 from './0002_core.js'
import * as m0003 from './0003_health_log.js'
import * as m0004 from './0004_devices.js'
import * as m0005 from './0005_admin_users.js'
import * as m0006 from './0006_patient_alerts.js'
import * as m0007 from './0007_session_ids.js'
import * as m0008 from './0008_patient_summaries.js'
import * as m0009 from './0009_admin_mfa.js'
import * as m0010 from './0010_device_tokens.js'
import * as m0011 from './0011_messages.js'
import * as m0012 from './0012_reminders.js'
import * as m0013 from './0013_mfa_challenges.js'
import * as m0014 from './0014_account_closure.js'
import * as m0015 from './0015_fhir_clients.js'
import * as m0016 from './0016_fhir_exports.js'

/**
 * Every migration, by name, in order. A static map rather than Kysely's FileMigrationProvider:
 * esbuild bundles the provider into build/*.js, where no migrations folder exists to read at run
 * time. Add a file `NNNN_what.ts` and its line here; never rename or edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_schema_info': m0001,
  '0002_core': m0002,
  '0003_health_log': m0003,
  '0004_devices': m0004,
  '0005_admin_users': m0005,
  '0006_patient_alerts': m0006,
  '0007_session_ids': m0007,
  '0008_patient_summaries': m0008,
  '0009_admin_mfa': m0009,
  '0010_device_tokens': m0010,
  '0011_messages': m0011,
  '0012_reminders': m0012,
  '0013_mfa_challenges': m0013,
  '0014_account_closure': m0014,
  '0015_fhir_clients': m0015,
  '0016_fhir_exports': m0016,
}
