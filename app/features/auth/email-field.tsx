// The e-mail input of the signed-out forms, apart from auth-ui.tsx (see there).
import { Field } from '~/components/ui/forms'

/** A field's value from the last server answer, as an input's defaultValue. */
export function initialText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** The field metadata EmailField needs (conform's or public-form.ts's: kept structural). */
type EmailFieldMeta = { id: string; name: string; initialValue?: unknown; errors?: string[] }

/** The e-mail input of every signed-out form: same label, keyboard hints and focus rule. */
export function EmailField({
  field,
  focusFirst,
  prefill,
}: {
  field: EmailFieldMeta
  focusFirst: boolean
  /** Shown when the form has no value of its own yet (e.g. the address just verified). */
  prefill?: string | null
}) {
  return (
    <Field
      label="Email"
      inputProps={{
        id: field.id,
        name: field.name,
        defaultValue: initialText(field.initialValue) ?? prefill ?? undefined,
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
        autoCapitalize: 'none',
        spellCheck: false,
        // Only after a failed submit without JavaScript: focus goes to the first invalid field.
        autoFocus: focusFirst,
      }}
      errors={field.errors}
    />
  )
}
