// User-visible texts from SPEC.md, exactly as documented (typos included). Import, never retype.
// The few the API's contract words the same way are the contract's (common/).
import { FULL_NAME_REQUIRED } from '~/../common/contract/profile-values'
import { EMAIL_INVALID } from '~/../common/email'

export const GENERIC_ERROR = 'Something went wrong. Please try again.'
export const GENERIC_ERROR_SCREEN = {
  title: 'Something went wrong.',
  text: 'An unexpected error occurred. Please try refreshing the page.',
}
export const NOT_AUTHORIZED = 'You are not authorized to view this page.'
export const NOT_FOUND = {
  title: 'Page Not Found',
  text: "Oops! The page you're looking for doesn't exist. It might have been moved, deleted, or you entered the wrong URL.",
  back: 'Go Back',
  home: 'Return to Home',
}

export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: EMAIL_INVALID,
  passwordRequired: 'Password is required',
  passwordsMismatch: 'Passwords do not match',
  formInvalidTitle: 'Please check your form',
  formInvalidDescription: 'Make sure all fields are valid and try again.',
  wizardIncomplete: 'Please complete all required fields',
} as const

export const WIZARD_MESSAGES = {
  fullName: FULL_NAME_REQUIRED,
  dateOfBirth: 'Date of birth is required',
  gender: 'Gender is required',
  phone: 'Contact number is required',
  height: 'Height is required',
  initialWeight: 'Initial weight is required',
  address1: 'Address line 1 is required',
  city: 'City is required',
  state: 'State / Province is required',
  postalCode: 'Postal / Zip Code is required',
  conditions: 'Pre-existingConditions are required',
  attempts: 'Previous Weight Loss Attempts are required',
  bariatricStatus: 'Bariatic status is required',
  surgeryType: 'Surgery type is required',
  surgeryDate: 'Surgery date is required',
  preSurgeryWeight: 'Pre-surgery weight is required',
  deviceNeeds: 'Please specify your device preference',
  mobileOs: 'Mobile OS is required',
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
