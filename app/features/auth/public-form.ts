// Form state for the signed-out forms (sign in, sign up, forgot and reset password), instead of
// conform's: conform and its DOM layer were ~10 KB (gzip) of each of those screens' JavaScript, for
// one or four text fields (docs/decisions/233-signed-out-forms-without-conform.md). It keeps
// conform's conventions, so the screens' markup and the server's answers stay as they were: ids
// `${formId}-${name}`, the server's `lastResult` (conform's reply), a field checked first when it
// loses focus and then on every keystroke, the form's own errors under '' until the next check.
// The app's forms behind sign-in keep conform (lazy-schema-form.ts).
import { useEffect, useState, type FocusEvent, type FormEvent } from 'react'
import { VALIDATION } from '~/platform/messages'
import { pushToast } from '~/platform/toast-store'
import { useFormErrorToastLifetime } from '~/platform/use-form-error-toast'
import type { FieldErrors, FormCheck, FormValues } from './auth-checks'
import type { LastResult } from './auth-ui'

type State = {
  values: FormValues
  /** Fields whose errors show: left once, or submitted. */
  checked: Record<string, true>
  errors: FieldErrors
}

export type PublicField = { id: string; name: string; errors?: string[]; value?: unknown; initialValue?: unknown }

function fromAnswer(lastResult: LastResult, values: FormValues): State {
  const errors: FieldErrors = {}
  for (const [name, messages] of Object.entries(lastResult?.error ?? {})) if (messages?.length) errors[name] = messages
  const checked: Record<string, true> = {}
  for (const name of [...Object.keys(errors), ...(lastResult?.fields ?? [])]) checked[name] = true
  return { values, checked, errors }
}

function readValues(form: HTMLFormElement): FormValues {
  const values: FormValues = {}
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value
  return values
}

/** The errors of the fields already checked, by `check` of the current values. */
function shown(check: FormCheck, values: FormValues, checked: Record<string, true>): FieldErrors {
  const errors: FieldErrors = {}
  for (const [name, messages] of Object.entries(check(values))) if (checked[name]) errors[name] = messages
  return errors
}

/** The name of the field an event comes from; '' for anything else (e.g. the show-password button). */
function fieldName(target: EventTarget): string {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
    ? target.name
    : ''
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  for (const element of form?.elements ?? []) {
    const name = fieldName(element)
    if (name && errors[name]) {
      ;(element as HTMLElement).focus()
      return
    }
  }
}

/**
 * A signed-out form's state: `form` for the <Form> (id, handlers, the form's own errors) and one
 * entry per name in `fields`. A submit that fails `check` stays in the browser with SPEC.md §5's
 * toast, and focus moves to the first invalid field; without JavaScript the server answers with
 * the same messages (its schemas use the same rules).
 */
export function usePublicForm<Name extends string>(
  id: string,
  names: readonly Name[],
  check: FormCheck,
  lastResult: LastResult,
) {
  const [initialValues] = useState(() => lastResult?.initialValue ?? {})
  const [state, setState] = useState(() => fromAnswer(lastResult, initialValues))
  const [firstAnswer] = useState(lastResult)
  const [answered, setAnswered] = useState(lastResult)
  if (lastResult !== answered) {
    // The server answered a post made with JavaScript: its errors replace the browser's. The
    // fields keep what was typed (a password is not sent back), so the values stay the form's.
    setAnswered(lastResult)
    setState((current) => fromAnswer(lastResult, current.values))
  }
  // After such an answer, focus goes to its first invalid field (without JavaScript, the page's
  // `autoFocus` does it).
  useEffect(() => {
    if (lastResult && lastResult !== firstAnswer && lastResult.status === 'error') {
      focusFirstInvalid(document.forms.namedItem(id), fromAnswer(lastResult, {}).errors)
    }
  }, [id, lastResult, firstAnswer])
  // Whatever was typed (or filled in by the browser) before the page's code ran.
  useEffect(() => {
    const form = document.forms.namedItem(id)
    if (form) setState((current) => ({ ...current, values: readValues(form) }))
  }, [id])

  const form = {
    id,
    errorId: `${id}-error`,
    errors: state.errors[''],
    allErrors: state.errors,
    onInput(event: FormEvent<HTMLFormElement>) {
      const name = fieldName(event.target)
      if (!name) return
      const values = readValues(event.currentTarget)
      setState((current) => ({
        ...current,
        values,
        errors: current.checked[name] ? shown(check, values, current.checked) : current.errors,
      }))
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const name = fieldName(event.target)
      if (!name || state.checked[name]) return
      const values = readValues(event.currentTarget)
      setState((current) => {
        const checked = { ...current.checked, [name]: true as const }
        return { values, checked, errors: shown(check, values, checked) }
      })
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const values = readValues(event.currentTarget)
      const errors = check(values)
      const checked: Record<string, true> = { ...state.checked }
      for (const name of [...names, ...Object.keys(values)]) checked[name] = true
      setState({ values, checked, errors })
      if (Object.keys(errors).length === 0) return
      event.preventDefault()
      pushToast({ title: VALIDATION.formInvalidTitle, description: VALIDATION.formInvalidDescription, type: 'destructive' })
      focusFirstInvalid(event.currentTarget, errors)
    },
  }
  useFormErrorToastLifetime(form)

  const fields = {} as Record<Name, PublicField>
  for (const name of names) {
    fields[name] = {
      id: `${id}-${name}`,
      name,
      errors: state.errors[name],
      value: state.values[name],
      initialValue: initialValues[name],
    }
  }
  // What the <Form> element takes, spread in each screen so the wiring is written once.
  const formProps = { id, noValidate: true, onInput: form.onInput, onBlur: form.onBlur, onSubmit: form.onSubmit }
  return { form, formProps, fields, values: state.values }
}
