// ADMIN_MFA as the API reads it. The values and the rule are the contract's
// (common/contract/auth-values.ts), so the app, which must agree, reads them from the same place.
import { ExpectedFailure } from './expected-failure.js'
import { ADMIN_MFA_VALUES_MESSAGE, DEFAULT_ADMIN_MFA, isAdminMfaSetting, type AdminMfaSetting } from '../common/contract/auth-values'

export const ADMIN_MFA_OFF_IN_PRODUCTION = 'ADMIN_MFA cannot be "off" when NODE_ENV=production'

/** ADMIN_MFA from an environment; unset or blank is the default. Throws one line on a bad value. */
export function adminMfaFromEnv(env: Record<string, string | undefined>, production: boolean): AdminMfaSetting {
  const value = env.ADMIN_MFA?.trim() || DEFAULT_ADMIN_MFA
  if (!isAdminMfaSetting(value)) throw new ExpectedFailure(`Invalid environment: ADMIN_MFA ${ADMIN_MFA_VALUES_MESSAGE}`)
  if (production && value === 'off') throw new ExpectedFailure(`Invalid environment: ${ADMIN_MFA_OFF_IN_PRODUCTION}`)
  return value
}
