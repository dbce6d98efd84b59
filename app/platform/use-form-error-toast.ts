import { useEffect, useRef } from 'react'
import { dismissFormErrorToasts } from './toast-store'

/**
 * 'Please check your form' / 'Please complete all required fields' stay only while the form has
 * errors: once the patient has fixed them (conform revalidates as they type or leave a field), the
 * toast goes. A successful submit clears it too (toast-store, on the success toast).
 */
export function useFormErrorToastLifetime(form: { allErrors: Record<string, string[]> }) {
  const hasErrors = Object.keys(form.allErrors).length > 0
  const hadErrors = useRef(false)
  useEffect(() => {
    if (hasErrors) {
      hadErrors.current = true
    } else if (hadErrors.current) {
      hadErrors.current = false
      dismissFormErrorToasts()
    }
  }, [hasErrors])
}
