// Sign-in attempts per e-mail (the rule that reads them: provider/login-throttle.ts).
import type { Db } from './sql.js'

/** Drops rows older than `before`, then records an attempt now; returns its id. */
export async function insertAttempt(db: Db, email: string, now: number, before: number): Promise<number> {
  await db.run('DELETE FROM login_failures WHERE at <= ?', [before])
  const row = await db.get<{ id: number }>('INSERT INTO login_failures (email, at) VALUES (?, ?) RETURNING id', [
    email,
    now,
  ])
  if (!row) throw new Error('login attempt was not recorded')
  return row.id
}

/** Attempts for this e-mail since `since` recorded before attempt `id`: how many, and the latest's time. */
export async function attemptsBefore(
  db: Db,
  email: string,
  since: number,
  id: number,
): Promise<{ count: number; latestAt: number | null }> {
  const row = await db.get<{ n: number | string; latest: number | string | null }>(
    'SELECT COUNT(*) AS n, MAX(at) AS latest FROM login_failures WHERE email = ? AND at > ? AND id < ?',
    [email, since, id],
  )
  // COUNT and BIGINT come back as strings from some PostgreSQL drivers.
  return { count: Number(row?.n ?? 0), latestAt: row?.latest == null ? null : Number(row.latest) }
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.run('DELETE FROM login_failures WHERE id = ?', [id])
}

export async function deleteAttempts(db: Db, email: string): Promise<void> {
  await db.run('DELETE FROM login_failures WHERE email = ?', [email])
}
