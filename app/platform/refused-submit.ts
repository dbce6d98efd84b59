import type { FormEvent } from 'react'

/** The name of the button conform submits its own intents (validate on blur, update…) with. */
const CONFORM_INTENT = '__intent__'

/**
 * True when conform's validation stopped a submit the user made. Its own validate-on-blur also
 * travels as a submit (by an intent button) that it cancels; that one is not a refused submit.
 * Call after `form.onSubmit(event)`.
 */
export function submitWasRefused(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter
  const isConformIntent = submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT
  return event.defaultPrevented && !isConformIntent
}
