// User-visible texts from SPEC.md, exactly as documented (typos included). Import, never retype.
// The few the API's contract words the same way are the contract's (common/).
import { EMAIL_INVALID } from '~/../common/email'

// The texts the root's own code shows live apart, so that every page's first download does not
// carry all the others (and the contract modules these import).
import { FORM_REFUSED } from './shell-messages'
export { GENERIC_ERROR_SCREEN, NOT_AUTHORIZED, NOT_FOUND } from './shell-messages'

export const GENERIC_ERROR = 'Something went wrong. Please try again.'
export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: EMAIL_INVALID,
  passwordRequired: 'Password is required',
  passwordsMismatch: 'Passwords do not match',
  formInvalidTitle: FORM_REFUSED.title,
  formInvalidDescription: FORM_REFUSED.description,
  wizardIncomplete: FORM_REFUSED.wizardIncomplete,
} as const

export const TOASTS = {
  signedIn: { title: 'Welcome back!', description: 'You have successfully signed in.' },
  verificationSent: {
    title: 'Verification link sent!',
    description: 'Check your email for account verification instructions.',
  },
  verificationSendFailed: { title: 'Error sending link' },
  verificationFailed: { title: 'Email Verification failed' },
  resetLinkSent: { title: 'Reset link sent!' },
  passwordSaved: { title: 'Password created/updated successfully!' },
  profileUpdated: { title: 'Profile Updated' },
  // Not in SPEC: the profile's Reminders form and the unsubscribe page.
  remindersUpdated: { title: 'Reminders Updated' },
  reminderUnsubscribed: { title: 'Reminder turned off' },
  medicalUpdated: { title: 'Medical History Updated' },
  bariatricUpdated: { title: 'Bariatic Surgery Information Updated' },
  deviceUpdated: { title: 'Device Details Updated' },
  profileLoadFailed: { title: 'Failed to fetch profile' },
} as const

/** SPEC.md §2: the success card of the password create/reset screen, worded for both cases. */
export const PASSWORD_SUCCESS_CARD = 'You successfully created/reset your password!'

/**
 * SPEC.md words a few texts for two cases at once with a slash ('created/reset'); a person sees
 * only the case that applies: 'first' ('created') or 'second' ('reset', 'updated').
 */
export function slashVariant(text: string, which: 'first' | 'second'): string {
  return text.replace(/([A-Za-z]+)\/([A-Za-z]+)/, (_, first: string, second: string) =>
    which === 'first' ? first : second,
  )
}

/** The toast after a password is saved: created for a first password, updated otherwise. */
export function passwordSavedToast(firstPassword: boolean) {
  return { title: slashVariant(TOASTS.passwordSaved.title, firstPassword ? 'first' : 'second') }
}

export const REPORTS = {
  title: 'Reports & Data Exports',
  description: 'Analytics and data export tools for internal analysis',
} as const
