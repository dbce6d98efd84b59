// Closing an account, in the patient app and on the admin record: the forms' schemas (conform in
// the browser, the same on the server), paths and texts. zod: the admin record loads it lazily
// (close-patient-validation.ts), the patient's page, behind sign-in, at once like change password.
import { z } from 'zod'
import { REFERENCE_MAX, REFERENCE_REQUIRED } from '~/../common/contract/account-closure-values'
import { VALIDATION } from '~/platform/messages'

export const CLOSE_ACCOUNT_PAGE = '/customer/close-account'
/** The other half of the patient's data rights: the download, offered before closing. */
export const YOUR_DATA_PAGE = '/customer/your-data'

export const closeAccountSchema = z.object({
  password: z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string().min(1, VALIDATION.passwordRequired)),
})
export const CLOSE_ACCOUNT_HIDDEN_FIELDS = ['password']

export { CLOSE_PATIENT_FORM_ID, CLOSE_PATIENT_INTENT } from './close-patient-ids'
export const CONFIRM_REQUIRED = 'Tick the box to confirm that the patient asked for this in writing'
export const closePatientSchema = z.object({
  reference: z
    .string({ required_error: REFERENCE_REQUIRED })
    .trim()
    .min(1, REFERENCE_REQUIRED)
    .max(REFERENCE_MAX, `Reference must be at most ${REFERENCE_MAX} characters`),
  confirm: z.preprocess((value) => value === 'on', z.literal(true, { errorMap: () => ({ message: CONFIRM_REQUIRED }) })),
})

export const ACCOUNT_CLOSED_TOAST = {
  title: 'Your account has been closed',
  description: 'You have been signed out on every device. Your clinic keeps your health record for the time the law requires.',
}
export const PATIENT_ACCOUNT_CLOSED_TOAST = { title: 'Account closed', description: "The patient's sessions have ended; the record is now read-only." }
