// The benches' PostgreSQL: a throwaway server (tests/support/postgres.ts) with one empty database.
import pg from 'pg'
import { startPostgresServer, type PostgresServer } from '../tests/support/postgres.js'

/** Starts a server and creates `bench` on it; `url` is that database's. Stop the server when done. */
export async function startBenchDatabase(bin: string): Promise<{ server: PostgresServer; url: string }> {
  const server = await startPostgresServer(bin)
  try {
    const client = new pg.Client({ connectionString: `${server.baseUrl}/postgres` })
    await client.connect()
    await client.query('create database bench')
    await client.end()
  } catch (error) {
    server.stop()
    throw error
  }
  return { server, url: `${server.baseUrl}/bench` }
}
