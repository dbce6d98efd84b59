import { getInputProps } from '@conform-to/react'
import { format } from 'date-fns'
import { CalendarDays } from 'lucide-react'
import { useRef, type ReactNode } from 'react'
import { ErrorList } from '~/components/ui/forms'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { cn } from '~/platform/cn'
import { isoToUsDate, US_DATE_PLACEHOLDER, usDateToIso } from '~/platform/dates'
import { maskDateInput } from '~/platform/input-filters'
import { replaceInputText, setInputValueAsTyped } from './filter-input'
import type { TextFieldMeta } from './types'

/**
 * A date typed as MM/DD/YYYY (SPEC.md §5): a text input with a numeric keypad whose slashes are
 * filled in while typing. Clearing it is allowed; what cannot be read counts as empty. With
 * JavaScript a calendar button opens the browser's own date picker as a shortcut.
 */
export function DateField({
  field,
  label,
  hint,
  notAfterToday = false,
  className,
}: {
  field: TextFieldMeta
  label: ReactNode
  hint?: ReactNode
  /** The picker offers no date after today (e.g. a date of birth). */
  notAfterToday?: boolean
  className?: string
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const pickerRef = useRef<HTMLInputElement>(null)
  const previous = useRef(field.initialValue ?? '')
  const invalid = Boolean(field.errors?.length)
  const hintId = `${field.id}-hint`
  const formatHintId = `${field.id}-format`
  const describedBy = [formatHintId, hint ? hintId : null, invalid ? field.errorId : null].filter(Boolean).join(' ')

  function openPicker() {
    const picker = pickerRef.current
    if (!picker) return
    picker.value = usDateToIso(inputRef.current?.value)
    // Set when opened rather than rendered: the server's today may not be the patient's.
    if (notAfterToday) picker.max = format(new Date(), 'yyyy-MM-dd')
    try {
      picker.showPicker()
    } catch {
      // Browsers without showPicker (or refusing it) still have the text box.
      inputRef.current?.focus()
    }
  }

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={field.id}>{label}</Label>
      <div className="relative flex items-center">
        <Input
          ref={inputRef}
          {...getInputProps(field, { type: 'text' })}
          key={field.key}
          inputMode="numeric"
          autoComplete="off"
          placeholder={US_DATE_PLACEHOLDER}
          pattern="\d{1,2}/\d{1,2}/\d{4}"
          maxLength={10}
          onChange={(event) => {
            const next = maskDateInput(event.currentTarget.value, previous.current)
            replaceInputText(event.currentTarget, next)
            previous.current = next
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="pr-11"
        />
        <button
          type="button"
          onClick={openPicker}
          aria-label={`Choose ${typeof label === 'string' ? label.toLowerCase() : 'date'} from a calendar`}
          className="js-only absolute right-1 inline-flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <CalendarDays className="h-4 w-4" aria-hidden />
        </button>
        {/* The browser's picker, anchored under the button; never posted (no name). */}
        <input
          ref={pickerRef}
          type="date"
          tabIndex={-1}
          aria-hidden
          className="pointer-events-none absolute bottom-0 right-0 h-px w-px opacity-0"
          onChange={(event) => {
            const input = inputRef.current
            const us = isoToUsDate(event.currentTarget.value)
            if (input && us) setInputValueAsTyped(input, us)
          }}
        />
      </div>
      <p id={formatHintId} className="sr-only">
        Format {US_DATE_PLACEHOLDER}
      </p>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}
