// CLOSED_ACCOUNT_EMAIL_REUSE and RECORD_RETENTION_YEARS, read at start (provider/account-closure.ts applies
// them; decision 196 says why the defaults are what they are).
import {
  DEFAULT_RECORD_RETENTION_YEARS,
  MAX_RECORD_RETENTION_YEARS,
  MIN_RECORD_RETENTION_YEARS,
} from '../common/contract/account-closure-values'
import { ExpectedFailure } from './expected-failure.js'

export interface AccountClosureSettings {
  /** CLOSED_ACCOUNT_EMAIL_REUSE=1: a closed account's address may sign up again. Default off. */
  emailReuse: boolean
  /** RECORD_RETENTION_YEARS: how long a closed account's record is kept. */
  retentionYears: number
}

export const DEFAULT_ACCOUNT_CLOSURE: AccountClosureSettings = {
  emailReuse: false,
  retentionYears: DEFAULT_RECORD_RETENTION_YEARS,
}

/** Reads CLOSED_ACCOUNT_EMAIL_REUSE and RECORD_RETENTION_YEARS; a malformed value is refused at start. */
export function accountClosureFromEnv(env: Record<string, string | undefined>): AccountClosureSettings {
  const reuse = env.CLOSED_ACCOUNT_EMAIL_REUSE?.trim() ?? ''
  if (!['', '0', '1', 'true', 'false'].includes(reuse)) {
    throw new ExpectedFailure('Invalid environment: CLOSED_ACCOUNT_EMAIL_REUSE must be 1 or 0')
  }
  const years = env.RECORD_RETENTION_YEARS?.trim() ?? ''
  const parsed = years === '' ? DEFAULT_RECORD_RETENTION_YEARS : Number(years)
  if (!Number.isInteger(parsed) || parsed < MIN_RECORD_RETENTION_YEARS || parsed > MAX_RECORD_RETENTION_YEARS) {
    throw new ExpectedFailure(
      `Invalid environment: RECORD_RETENTION_YEARS must be a whole number of years from ${MIN_RECORD_RETENTION_YEARS} to ${MAX_RECORD_RETENTION_YEARS}`,
    )
  }
  return { emailReuse: reuse === '1' || reuse === 'true', retentionYears: parsed }
}

