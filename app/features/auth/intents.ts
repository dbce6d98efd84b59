// Form intents shared by the auth screens and their actions. Kept free of zod, so screens that only
// need a name do not download the schemas.

/** The `intent` of the "Resend verification link" button, on every screen that has one. */
export const RESEND_INTENT = 'resend'
