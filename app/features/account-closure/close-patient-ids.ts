// The admin record's "Close account" form: its id and intent, apart from the zod schemas so that the
// record's screen does not load zod before the form is used.
/** The admin record's form: the written request's reference, and a tick that it is meant. */
export const CLOSE_PATIENT_INTENT = 'close-account'
export const CLOSE_PATIENT_FORM_ID = 'close-patient-account'
