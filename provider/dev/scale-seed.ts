// Development only: patients by the hundred thousand for `npm run bench:scale` and
// `npm run bench:seed`, in set-wise SQL (INSERT … SELECT over generate_series), a few statements
// per batch rather than a few per patient, so 100,000 patients take minutes, not hours.
//
// Each patient: an account (10% unverified), a profile (80% onboarded; of those, three in four
// had surgery, spread over four years, across the procedures), six weekly weights and six meals
// for the onboarded (every 13th quiet for 10+ days, every 17th regaining). Summaries and alerts
// are then written set-wise by the same definitions as provider/patient-facts.ts and
// provider/alerts-rules.ts (a set-based equivalent of refreshPatients in provider/patient-changes.ts, checked against it by
// tests/provider/scale-seed.test.ts), and stamped as evaluated today.
import { todayUtc } from '../admin-patients-metrics.js'
import { DEFAULT_REGAIN_PERCENT, NO_DATA_DAYS } from '../alerts-rules.js'
import { SURGERY_TYPES } from '../../common/contract/profile-values'
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../store/sql.js'
import { patientUnit } from '../store/units.js'

// Set-wise SQL over generate_series, LATERAL joins and jsonb_build_object, which the query builder
// has no form for: `sql` statements with bound values, run on the handle's builder.

const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Isla', 'Jonas', 'Kiri', 'Liam', 'Maya', 'Noah', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tess']
const LAST = ['Smith', 'Nguyen', 'Okafor', 'Garcia', 'Müller', 'Tanaka', 'Brown', 'Rossi', 'Kowalski', 'Haddad', 'Silva', 'Evans', 'Kim', 'Dubois', 'Novak', 'Walsh', 'Patel', 'Jensen', 'Moreau', 'Costa', 'Ivanova', 'Lopez', 'Wright', 'Sato', "O'Neill"]

const sqlArray = (values: readonly string[]) => sql`(ARRAY[${sql.join(values.map((v) => sql.lit(v)))}])`

export const SCALE_EMAIL_DOMAIN = 'scale.baricare.test'

/** How many scale patients the database holds already (they are numbered 1…n). */
export async function countScalePatients(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
    .executeTakeFirst()
  return row?.n ?? 0
}

/**
 * Adds scale patients numbered from+1 … to (so seeding 1,000 then up to 10,000 adds 9,000), in
 * batches of `batch`, one transaction each. `log` hears progress.
 */
export async function seedScalePatients(
  db: Db,
  from: number,
  to: number,
  { today = todayUtc(), batch = 10_000, log = (_line: string) => {} } = {},
): Promise<void> {
  for (let start = from + 1; start <= to; start += batch) {
    const end = Math.min(to, start + batch - 1)
    // A patient unit whose work adds the batch and whose refresh is the set-wise summarise below,
    // in place of refreshPatients one patient at a time; it names the batch's patients itself.
    let batchIds: RawBuilder<unknown> | undefined
    await patientUnit(
      db,
      async (tx) => {
        batchIds = await seedBatch(tx, start, end, today)
      },
      async (tx) => {
        if (batchIds) await summarise(tx, today, batchIds)
      },
    )
    log(`seeded scale patients ${start}–${end}`)
  }
}

/** Adds the batch's accounts, profiles and entries; answers the query that lists its accounts. */
async function seedBatch(tx: Db, start: number, end: number, today: string): Promise<RawBuilder<unknown>> {
  const now = new Date().toISOString()
  const max = await tx.kysely
    .selectFrom('accounts')
    .select((eb) => eb.fn.max<number | null>('id').as('m'))
    .executeTakeFirst()
  const before = max?.m ?? 0
  const run = (statement: RawBuilder<unknown>) => statement.execute(tx.kysely)
  const name = sql`${sqlArray(FIRST)}[1 + g % ${sql.lit(FIRST.length)}] || ' ' || ${sqlArray(LAST)}[1 + (g / ${sql.lit(FIRST.length)}) % ${sql.lit(LAST.length)}]`
  // A placeholder hash no password matches: these patients never sign in.
  await run(sql`
    INSERT INTO accounts (email, portal, password_hash, full_name, email_verified, created_at)
    SELECT 'patient' || g || ${`@${SCALE_EMAIL_DOMAIN}`}, 'customer', 'scale-seed:no-password', ${name},
           g % 10 <> 0, (${today}::date - (30 + g % 900))::timestamp + interval '9 hours'
    FROM generate_series(${start}::int, ${end}::int) g`)
  // This batch's accounts (ids after the largest before it) with their patient numbers.
  const ids = sql`SELECT id, substring(email from '^patient(\\d+)@')::int AS g FROM accounts
                  WHERE id > ${before} AND email LIKE ${`%@${SCALE_EMAIL_DOMAIN}`}`
  await run(sql`
    INSERT INTO customer_profiles (account_id, personal, bariatric_surgery, profile_completed, bariatric_completed,
      medical_completed, is_onboarded, updated_at)
    SELECT p.id,
      jsonb_build_object('full_name', a.full_name, 'height', 150 + p.g % 40, 'height_unit', 'cm',
        'initial_weight', 100 + p.g % 50, 'weight_unit', 'kg', 'phone_number', '', 'date_of_birth', '1980-01-01',
        'gender', 'Prefer not to say', 'address_line1', '', 'address_line2', '', 'city', '', 'state', '', 'postal_code', ''),
      CASE WHEN p.g % 4 <> 3 THEN jsonb_build_object('bariatric_status', 'yes',
             'surgery_type', ${sqlArray([...SURGERY_TYPES])}[1 + p.g % ${sql.lit(SURGERY_TYPES.length)}],
             'surgery_date', to_char(${today}::date - (p.g * 37) % 1460, 'YYYY-MM-DD'),
             'pre_surgery_weight', 110 + p.g % 60, 'goal_weight', 80)
           ELSE jsonb_build_object('bariatric_status', 'plan', 'surgery_type', null, 'surgery_date', null,
             'pre_surgery_weight', null, 'goal_weight', null) END,
      p.g % 10 <> 0, p.g % 5 <> 0, p.g % 5 <> 0, p.g % 5 <> 0, ${now}
    FROM (${ids}) p JOIN accounts a ON a.id = p.id`)
  // Weeks 0–5 back (every 13th patient's last entry 10+ days ago); the newest weight of every 17th
  // is a regain over the lowest one.
  await run(sql`
    INSERT INTO health_entries (account_id, kind, day, time_of_day, fields, source, created_at, updated_at)
    SELECT p.id, 'weight', d.day, '08:00',
      jsonb_build_object('weight', CASE WHEN p.g % 17 = 0 AND w = 0 THEN 100 - 5 * 0.7 + 8
                                        ELSE 100 - (5 - w) * 0.7 END + p.g % 20, 'weight_unit', 'kg', 'note', '', 'source', 'manual'),
      'manual', ${now}, ${now}
    FROM (${ids}) p CROSS JOIN generate_series(0, 5) w
    CROSS JOIN LATERAL (SELECT ${today}::date - (w * 7 + p.g % 5 + CASE WHEN p.g % 13 = 0 THEN 10 ELSE 0 END) AS day) d
    WHERE p.g % 5 <> 0`)
  await run(sql`
    INSERT INTO health_entries (account_id, kind, day, time_of_day, fields, source, created_at, updated_at)
    SELECT p.id, 'meal', ${today}::date - (w * 7 + p.g % 5 + CASE WHEN p.g % 13 = 0 THEN 10 ELSE 0 END), '12:30',
      jsonb_build_object('meal_type', 'lunch', 'description', 'Bench meal', 'protein_g', 70, 'calories', 450),
      'manual', ${now}, ${now}
    FROM (${ids}) p CROSS JOIN generate_series(0, 5) w WHERE p.g % 5 <> 0`)
  return ids
}

/** The set-wise equivalent of refreshPatients for freshly seeded patients (no meals below target). */
async function summarise(tx: Db, today: string, ids: RawBuilder<unknown>): Promise<void> {
  const run = (statement: RawBuilder<unknown>) => statement.execute(tx.kysely)
  await run(sql`
    INSERT INTO patient_summaries (account_id, full_name, name_sort, name_lower, email, email_lower, created_at,
      created_day, email_verified, is_onboarded, onboarding, bariatric_status, surgery_type, surgery_date, surgery_md,
      baseline_kg, height_cm, goal_kg, current_kg, current_day, nadir_kg, nadir_day, twl_percent, ewl_percent,
      last_entry_day, protein_target_g, alerts_evaluated_on, refreshed_at)
    SELECT f.id, f.full_name, lower(f.full_name), lower(f.full_name), f.email, lower(f.email), f.created_at,
      f.created_at::date, f.email_verified, f.is_onboarded,
      CASE WHEN f.is_onboarded THEN 'onboarded' WHEN f.email_verified THEN 'verified' ELSE 'unverified' END,
      f.status, f.surgery_type, f.surgery_date,
      EXTRACT(MONTH FROM f.surgery_date)::int * 100 + EXTRACT(DAY FROM f.surgery_date)::int, f.baseline, f.height, f.goal, cur.kg, cur.day, nadir.kg, nadir.day,
      CASE WHEN f.baseline > 0 AND cur.kg > 0 THEN round(((f.baseline - cur.kg) / f.baseline * 100)::numeric, 1) END,
      CASE WHEN f.baseline > 0 AND cur.kg > 0 AND f.height > 0 AND f.baseline > 25 * (f.height / 100) ^ 2
           THEN round(((f.baseline - cur.kg) / (f.baseline - 25 * (f.height / 100) ^ 2) * 100)::numeric, 1) END,
      last.day, 60, ${today}::date, ${new Date().toISOString()}
    FROM (
      SELECT a.id, a.email, a.email_verified, a.created_at,
        COALESCE(NULLIF(cp.personal->>'full_name', ''), a.full_name) AS full_name, cp.is_onboarded,
        cp.bariatric_surgery->>'bariatric_status' AS status,
        CASE WHEN cp.bariatric_surgery->>'bariatric_status' = 'yes' THEN cp.bariatric_surgery->>'surgery_type' END AS surgery_type,
        CASE WHEN cp.bariatric_surgery->>'bariatric_status' = 'yes' THEN (cp.bariatric_surgery->>'surgery_date')::date END AS surgery_date,
        COALESCE((cp.bariatric_surgery->>'pre_surgery_weight')::float8, (cp.personal->>'initial_weight')::float8) AS baseline,
        (cp.personal->>'height')::float8 AS height, (cp.bariatric_surgery->>'goal_weight')::float8 AS goal
      FROM (${ids}) p JOIN accounts a ON a.id = p.id JOIN customer_profiles cp ON cp.account_id = a.id
    ) f
    LEFT JOIN LATERAL (SELECT (fields->>'weight')::float8 AS kg, day FROM health_entries
      WHERE account_id = f.id AND kind = 'weight' AND day <= ${today}::date ORDER BY day DESC, time_of_day DESC, id DESC LIMIT 1) cur ON true
    LEFT JOIN LATERAL (SELECT (fields->>'weight')::float8 AS kg, day FROM health_entries
      WHERE account_id = f.id AND kind = 'weight' AND day <= ${today}::date ORDER BY (fields->>'weight')::float8, day DESC LIMIT 1) nadir ON true
    LEFT JOIN LATERAL (SELECT MAX(day) AS day FROM health_entries WHERE account_id = f.id AND day <= ${today}::date) last ON true`)
  const mine = sql`SELECT s.* FROM patient_summaries s JOIN (${ids}) p ON p.id = s.account_id`
  const opened = new Date().toISOString()
  await run(sql`
    INSERT INTO patient_alerts (account_id, kind, tier, detail, status, opened_at)
    SELECT s.account_id, 'weight_regain', 1,
      'Latest weight is ' || round(((s.current_kg - s.nadir_kg) / s.nadir_kg * 100)::numeric, 1)
        || ${`% above the lowest logged weight (threshold ${DEFAULT_REGAIN_PERCENT}%).`}, 'open', ${opened}
    FROM (${mine}) s
    WHERE s.is_onboarded AND s.current_kg > s.nadir_kg
      AND round(((s.current_kg - s.nadir_kg) / s.nadir_kg * 100)::numeric, 1) >= ${sql.lit(DEFAULT_REGAIN_PERCENT)}`)
  await run(sql`
    INSERT INTO patient_alerts (account_id, kind, tier, detail, status, opened_at)
    SELECT s.account_id, 'no_recent_data', 2,
      CASE WHEN s.last_entry_day IS NOT NULL THEN 'Nothing logged for ' || (${today}::date - s.last_entry_day) || ' days.'
           ELSE 'Nothing logged since signing up ' || (${today}::date - s.created_day) || ' days ago.' END, 'open', ${opened}
    FROM (${mine}) s
    WHERE s.is_onboarded AND ${today}::date - COALESCE(s.last_entry_day, s.created_day) >= ${sql.lit(NO_DATA_DAYS)}`)
  await run(sql`
    UPDATE patient_summaries s SET open_alerts = a.n, alert_tier = a.tier
    FROM (SELECT account_id, COUNT(*) AS n, MIN(tier) AS tier FROM patient_alerts WHERE status = 'open' GROUP BY account_id) a
    WHERE a.account_id = s.account_id AND s.account_id IN (SELECT id FROM (${ids}) p)`)
}
