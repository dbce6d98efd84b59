// The invite form's schema, shared by the server's validation and the browser's. Apart from
// admin-users.ts so that the Users screen draws without zod; the browser loads this later
// (invite-form.tsx).
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { EMAIL_INVALID, isValidEmail } from '~/../common/email'
import { FULL_NAME_MAX_LENGTH, FULL_NAME_REQUIRED, FULL_NAME_TOO_LONG } from '~/../common/contract/profile-values'
import { ADMIN_ROLES } from '~/platform/roles'

export const inviteSchema = z.object({
  full_name: z
    .string({ required_error: FULL_NAME_REQUIRED })
    .trim()
    .min(1, FULL_NAME_REQUIRED)
    .max(FULL_NAME_MAX_LENGTH, FULL_NAME_TOO_LONG),
  // One message at a time: an empty field is required, not also invalid.
  email: z
    .string({ required_error: 'Email is required' })
    .trim()
    .superRefine((email, ctx) => {
      if (email === '') ctx.addIssue({ code: 'custom', message: 'Email is required' })
      else if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', message: EMAIL_INVALID })
    }),
  role: z.enum(ADMIN_ROLES, {
    errorMap: (issue) => ({
      message: issue.code === 'invalid_type' ? 'Role is required' : 'Choose Standard Admin or Super Admin',
    }),
  }),
})
export type InviteValues = z.infer<typeof inviteSchema>
export type InviteInput = z.input<typeof inviteSchema>

/** The browser's check, with the server's options (no coercion: the fields are text). */
export function validateInvite(formData: FormData) {
  return parseWithZod(formData, { schema: inviteSchema, disableAutoCoercion: true })
}
