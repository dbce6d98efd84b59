// The patient's own data: where the page and the record download live (shared with the profile
// page's link, the sidebar, and the admin patient record's "Download record").

export const YOUR_DATA_PATH = '/customer/your-data'
/** The record ZIP, streamed through from the API (a resource route). */
export const YOUR_DATA_ZIP_PATH = '/customer/your-data.zip'
/** Built by the account-closing feature; this page only links to it. */
export const CLOSE_ACCOUNT_PATH = '/customer/close-account'

/** /admin/patient/{id}/record.zip: the same ZIP of a patient's record, for any admin. */
export function adminRecordZipPath(patientId: string | number): string {
  return `/admin/patient/${patientId}/record.zip`
}

/** What the download holds, as the page lists it (README.txt in the ZIP says the same in full). */
export const RECORD_CONTENTS: readonly { file: string; what: string }[] = [
  { file: 'summary.html', what: 'a one-page summary to print or show a doctor' },
  { file: 'record.fhir.json', what: 'your whole record in FHIR R4, the format health record systems exchange' },
  { file: 'weight.csv, meals.csv, water.csv, sleep.csv, vitamins.csv', what: 'every entry of your health log, for any spreadsheet' },
  { file: 'messages.csv', what: 'your messages with the care team' },
  { file: 'profile.csv, reminders.csv', what: 'your profile, daily targets and reminder settings' },
  { file: 'README.txt', what: 'what each file is' },
]
