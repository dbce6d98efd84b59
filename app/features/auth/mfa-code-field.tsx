import { Field } from '~/components/ui/forms'

type MfaCodeFieldProps = {
  label: string
  hint?: string
  error?: string
  /**
   * Setting up takes only the app's digits (a numeric keypad on phones). Signing in also takes a
   * recovery code, letters included, so it keeps the full keyboard and a longer limit.
   */
  accepts: 'app-code' | 'app-or-recovery-code'
  /** The code step has nothing else to fill in, so its box takes the focus. */
  focusOnLoad?: boolean
}

/** The code box of both two-factor screens: one name, one autofill hint, one look. */
export function MfaCodeField({ label, hint, error, accepts, focusOnLoad }: MfaCodeFieldProps) {
  const kind =
    accepts === 'app-code'
      ? { inputMode: 'numeric' as const, pattern: '[0-9 ]*', maxLength: 8 }
      : { autoCapitalize: 'off', spellCheck: false, maxLength: 32 }
  return (
    <Field
      label={label}
      hint={hint}
      errors={error ? [error] : undefined}
      inputProps={{
        name: 'code',
        id: 'code',
        autoComplete: 'one-time-code',
        ...kind,
        required: true,
        autoFocus: focusOnLoad,
        className: 'font-mono tracking-widest',
      }}
    />
  )
}
