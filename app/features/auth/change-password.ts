// The change-password form of both portals (current, new, confirm). Same rules and messages as the
// auth screens' password forms; used by conform in the browser and by the action on the server.
import { z } from 'zod'
import { currentPasswordSchema, newPasswordSchema } from './schemas'
import { VALIDATION } from '~/platform/messages'

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.preprocess((value) => value ?? '', z.string()),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: VALIDATION.passwordsMismatch })
    }
  })

export type ChangePasswordValues = z.infer<typeof changePasswordSchema>

/** The form's fields as the provider names them (SPEC.md §7 style: old/new/conf). */
export const CHANGE_PASSWORD_PROVIDER_FIELDS = {
  old_password: 'currentPassword',
  new_password: 'newPassword',
  conf_password: 'confirmPassword',
} as const

/** Passwords are never sent back to the browser. */
export const CHANGE_PASSWORD_HIDDEN_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword']
