import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { engineOptionsFromEnv } from '../db/index.js'
import { seedDemoPatients } from './demo-patients.js'

export { seedDemoPatients } from './demo-patients.js'

/**
 * `npm run provider:seed`: adds the demo patients to the database in DATABASE_URL, else to the
 * embedded one in DATA_DIR (default ./data).
 */
async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const patients = await seedDemoPatients(dataDir, engineOptionsFromEnv(process.env, dataDir))
  console.log(`Demo patients in ${dataDir} (password ${patients[0]?.password}):`)
  for (const patient of patients) console.log(`  ${patient.email}  ${patient.state}`)
}

// Only when run as a script, so that importing this module (as tests may) seeds nothing by itself.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
