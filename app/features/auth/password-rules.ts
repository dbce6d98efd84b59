// SPEC.md §5 password rules (common/password-rules.ts, the API's too) and the zod schema of a new
// password built from them. Client code that only needs the rules imports the common module, which
// keeps zod out of the code a signed-out screen needs before it works.
import { z } from 'zod'
import { VALIDATION } from '~/platform/messages'
import { checkPassword } from '~/../common/password-rules'

/**
 * A new password (sign-up, reset/create, change password): required, then one issue per unmet
 * rule, each carrying the rule's checklist label. Not trimmed: spaces are part of a password.
 */
export const newPasswordSchema = z
  .string({ required_error: VALIDATION.passwordRequired, invalid_type_error: VALIDATION.passwordRequired })
  .superRefine((password, ctx) => {
    if (password === '') {
      ctx.addIssue({ code: 'custom', message: VALIDATION.passwordRequired })
      return
    }
    for (const { rule, met } of checkPassword(password)) {
      if (!met) ctx.addIssue({ code: 'custom', message: rule.label })
    }
  })
