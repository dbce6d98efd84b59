// Vitest globalSetup of the projects on PostgreSQL (`provider-pg`, `db`; vitest.config.ts), which
// Vitest runs only when a test of such a project is queued. One throwaway server for the whole run
// (postgres.ts), however many projects ask for it (run-shared.ts), with one database migrated once
// as a template: an API test's database is a copy of it (CREATE DATABASE … TEMPLATE, tens of
// milliseconds) rather than an empty one that every provider start migrates again.
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openEngine } from '../../provider/db/engine.js'
import { findPostgresBin, startPostgresServer, type PostgresServer } from './postgres.js'
import { acquireForRun } from './run-shared.js'

export const MIGRATED_TEMPLATE = 'baricare_migrated_template'

async function startWithTemplate(bin: string): Promise<PostgresServer> {
  const server = await startPostgresServer(bin)
  try {
    const admin = new pg.Client({ connectionString: `${server.baseUrl}/postgres` })
    await admin.connect()
    try {
      await admin.query(`create database ${MIGRATED_TEMPLATE}`)
      const engine = await openEngine({ databaseUrl: `${server.baseUrl}/${MIGRATED_TEMPLATE}`, dataDir: '/nonexistent' })
      await engine.close()
      // No session may be connected to a template while it is copied: refuse them all.
      await admin.query(`alter database ${MIGRATED_TEMPLATE} with is_template true allow_connections false`)
    } finally {
      await admin.end()
    }
  } catch (error) {
    server.stop()
    throw error
  }
  return server
}

/**
 * With no PostgreSQL installed, tests on the server skip with the reason below — except in CI
 * (`CI` set), where a missing server fails the run, so the race tests can never pass by not running.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = findPostgresBin()
  if (!bin) {
    const reason =
      'PostgreSQL server binaries not found (looked in $POSTGRES_BIN and /usr/lib/postgresql/<15+>/bin); ' +
      "install Debian's postgresql package to run the tests on a real server"
    if (process.env.CI) throw new Error(`${reason}. CI must run them.`)
    console.warn(`[postgres harness] skipping the PostgreSQL server tests: ${reason}`)
    project.provide('postgres', { available: false, reason })
    return async () => {}
  }
  const { value: server, release } = await acquireForRun(
    'postgres-server',
    () => startWithTemplate(bin),
    (started) => started.stop(),
  )
  project.provide('postgres', {
    available: true,
    baseUrl: server.baseUrl,
    version: server.version,
    migratedTemplate: MIGRATED_TEMPLATE,
  })
  return release
}
