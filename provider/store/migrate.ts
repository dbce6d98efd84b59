// `npm run db:migrate`: applies the pending migrations to the database the environment names
// (DATABASE_URL, else the embedded one in DATA_DIR, default ./data) and exits. The API also
// migrates at start; this lets a deployment do it as its own step.
import { resolve } from 'node:path'
import { engineOptionsFromEnv } from '../db/index.js'
import { runCommand } from '../expected-failure.js'
import { migrateStore } from './open.js'

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const options = engineOptionsFromEnv(process.env, dataDir)
  const where = options.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : dataDir
  const report = await migrateStore(dataDir, options)
  if (report.applied.length === 0) console.log(`db:migrate: ${where} is up to date`)
  else {
    console.log(`db:migrate: ${where}`)
    for (const name of report.applied) console.log(`  applied ${name}`)
  }
}

runCommand('db:migrate: ', main)
