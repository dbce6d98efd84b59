// `npm run db:migrate`: applies the pending migrations to the database in DATA_DIR (default ./data)
// and exits. The provider also migrates at start; this lets a deployment do it as its own step.
import { resolve } from 'node:path'
import { migrateStore } from './open.js'

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const report = await migrateStore(dataDir)
  if (report.applied.length === 0) console.log(`db:migrate: ${dataDir} is up to date (version ${report.to})`)
  else {
    console.log(`db:migrate: ${dataDir} from version ${report.from} to ${report.to}`)
    for (const name of report.applied) console.log(`  applied ${name}`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
