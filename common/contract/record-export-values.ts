// The record download (docs/provider-api.md "Record export"): its paths, limits and the sentences
// the API answers when it refuses one, shared by the API and the app. Plain values, no zod.

export const RECORD_EXPORT_PATH = 'v1/auth/record-export/'

/** Downloads of one patient's own record, per rolling hour. */
export const PATIENT_EXPORTS_PER_HOUR = 10
/** Record downloads by one admin, whichever patients, per rolling hour. */
export const ADMIN_EXPORTS_PER_HOUR = 30

/** A second download while the first is still being written (409). */
export const EXPORT_IN_PROGRESS = 'Your record is being prepared for another download. Wait for it to finish, then try again.'
export const ADMIN_EXPORT_IN_PROGRESS = "This patient's record is being prepared for another download. Try again when it has finished."
/** Over the hourly limit (429). */
export const EXPORT_TOO_MANY = 'Too many record downloads in the last hour. Please try again later.'

export const RECORD_ZIP_TYPE = 'application/zip'

/** The file name a download is saved as: `baricare-record-2026-11-27.zip`. */
export function recordZipName(today: string, patientId?: number): string {
  return patientId === undefined ? `baricare-record-${today}.zip` : `baricare-record-patient-${patientId}-${today}.zip`
}
