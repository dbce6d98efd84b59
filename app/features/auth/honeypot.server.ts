// The sign-up form's bot trap (remix-utils honeypot): a hidden field people never fill, plus an
// encrypted "rendered at" time.
import { Honeypot, SpamError, type HoneypotInputProps } from 'remix-utils/honeypot/server'
import { getEnv } from '~/platform/env.server'

const NAME_FIELD = 'name__confirm'

let cached: { seed: string; honeypot: Honeypot } | undefined

// Seeded from the session secret, not per process: a form rendered before a restart (or by
// another instance) must still be accepted after it.
function honeypot(): Honeypot {
  const seed = `honeypot:${getEnv().SESSION_SECRETS[0]}`
  if (cached?.seed !== seed) cached = { seed, honeypot: new Honeypot({ nameFieldName: NAME_FIELD, encryptionSeed: seed }) }
  return cached.honeypot
}

export function honeypotInputProps(): HoneypotInputProps {
  return honeypot().getInputProps()
}

/**
 * True when the post looks automated. The library skips its check when the fields are missing
 * altogether; our forms always render them, so a post without them did not come from our page.
 */
export function isSpam(formData: FormData): boolean {
  if (!formData.has(NAME_FIELD)) return true
  try {
    honeypot().check(formData)
    return false
  } catch (error) {
    if (error instanceof SpamError) return true
    throw error
  }
}
