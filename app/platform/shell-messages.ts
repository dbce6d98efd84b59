// SPEC.md texts that the root's own code shows, exactly as documented: the screens any page may
// end on (the generic error, page not found, not authorized) and the form-refusal toasts the toast
// store knows. messages.ts re-exports them; the root's modules import them from here so that every
// page's first download carries these few texts and not all of messages.ts.
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

/** SPEC.md §5: the toasts of a form that cannot go through (see VALIDATION in messages.ts). */
export const FORM_REFUSED = {
  title: 'Please check your form',
  description: 'Make sure all fields are valid and try again.',
  wizardIncomplete: 'Please complete all required fields',
} as const
