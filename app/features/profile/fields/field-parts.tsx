// Small building blocks shared by the step field components. Everything renders native controls,
// so a form posts the same values with or without JavaScript.
import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import type { ChangeEventHandler, HTMLAttributes, InputHTMLAttributes, ReactNode } from 'react'
import { ErrorList, Field } from '~/components/ui/forms'
import { Label } from '~/components/ui/label'
import { cn } from '~/platform/cn'
import type { TextFieldMeta } from './types'

const controlClasses =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-[invalid=true]:border-destructive sm:text-sm'

const invalid = (field: TextFieldMeta) => Boolean(field.errors?.length)
const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined

type TextFieldProps = {
  field: TextFieldMeta
  label: ReactNode
  hint?: ReactNode
  className?: string
  leading?: ReactNode
  trailing?: ReactNode
  onChange?: ChangeEventHandler<HTMLInputElement>
  type?: 'text' | 'tel' | 'email'
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'inputMode' | 'maxLength' | 'placeholder' | 'pattern' | 'readOnly'
>

/** A labelled text input bound to a conform field, errors reserved underneath. */
export function TextField({ field, label, hint, className, leading, trailing, onChange, type = 'text', ...rest }: TextFieldProps) {
  return (
    <Field
      key={field.key}
      className={className}
      label={label}
      hint={hint}
      errors={field.errors}
      leading={leading}
      trailing={trailing}
      inputProps={{ ...getInputProps(field, { type }), ...rest, name: field.name, onChange }}
    />
  )
}

/** A labelled textarea bound to a conform field. */
export function TextAreaField({
  field,
  label,
  hint,
  className,
  maxLength,
  placeholder,
  rows = 3,
}: {
  field: TextFieldMeta
  label: ReactNode
  hint?: ReactNode
  className?: string
  maxLength?: number
  placeholder?: string
  rows?: number
}) {
  const hintId = `${field.id}-hint`
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={field.id}>{label}</Label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={invalid(field) || undefined}
        aria-describedby={describedBy(hint ? hintId : false, invalid(field) && field.errorId)}
        className={cn(controlClasses, 'min-h-[5rem] resize-y')}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

/** A labelled native select (works before JavaScript, keyboard and screen-reader friendly). */
export function SelectField({
  field,
  label,
  options,
  placeholder,
  className,
}: {
  field: TextFieldMeta
  label: ReactNode
  options: ReadonlyArray<{ value: string; label: string }>
  placeholder: string
  className?: string
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={field.id}>{label}</Label>
      <select
        {...getSelectProps(field)}
        key={field.key}
        defaultValue={field.initialValue ?? ''}
        aria-invalid={invalid(field) || undefined}
        aria-describedby={describedBy(invalid(field) && field.errorId)}
        className={cn(controlClasses, 'h-10 py-0')}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

/**
 * A radio group as a fieldset of option cards. Native radios: arrow keys move between options,
 * and the checked card is styled with `:has()` so it looks right before hydration too.
 */
export function ChoiceGroup({
  field,
  legend,
  options,
  className,
  columns = 'sm:grid-cols-2',
  hint,
}: {
  field: TextFieldMeta
  legend: ReactNode
  options: ReadonlyArray<{ value: string; label: string }>
  className?: string
  columns?: string
  hint?: ReactNode
}) {
  const hintId = `${field.id}-hint`
  return (
    <fieldset className={cn('grid gap-2', className)} aria-describedby={describedBy(hint ? hintId : false, invalid(field) && field.errorId)}>
      <legend className="mb-2 text-sm font-medium leading-none text-foreground">{legend}</legend>
      {hint ? (
        <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className={cn('grid gap-2', columns)}>
        {options.map((option, index) => {
          const id = `${field.id}-${index}`
          return (
            <label key={option.value} htmlFor={id} className={choiceCardClasses}>
              <input
                {...getInputProps(field, { type: 'radio', value: option.value })}
                key={field.key}
                id={id}
                aria-invalid={invalid(field) || undefined}
                aria-describedby={undefined}
                className="h-4 w-4 shrink-0 cursor-pointer accent-[hsl(var(--primary))] focus-visible:outline-none"
              />
              <span>{option.label}</span>
            </label>
          )
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

export const choiceCardClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground transition-colors hover:bg-accent/60 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background has-[[aria-invalid]]:border-destructive'

/**
 * A number in a unit: a text input (decimal keypad, filtered while typing) with the unit shown
 * inside its box. The label may be visually hidden when a group legend already says it.
 */
export function MeasureInput({
  field,
  label,
  srOnlyLabel = false,
  suffix,
  inputMode = 'decimal',
  pattern,
  onChange,
  errorFor,
  className,
}: {
  field: TextFieldMeta
  label: string
  srOnlyLabel?: boolean
  suffix: ReactNode
  inputMode?: 'decimal' | 'numeric'
  pattern: string
  onChange: ChangeEventHandler<HTMLInputElement>
  /** The error list that speaks for this input when it is not its own (e.g. the height group's). */
  errorFor?: { id: string; invalid: boolean }
  className?: string
}) {
  const isInvalid = errorFor ? errorFor.invalid : invalid(field)
  const errorId = errorFor ? errorFor.id : field.errorId
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={field.id} className={srOnlyLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="relative flex items-center">
        <input
          {...getInputProps(field, { type: 'text' })}
          key={field.key}
          inputMode={inputMode}
          pattern={pattern}
          autoComplete="off"
          maxLength={6}
          onChange={onChange}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? errorId : undefined}
          className={cn(controlClasses, 'h-10 pr-12')}
        />
        <span aria-hidden className="pointer-events-none absolute right-3 text-sm text-muted-foreground">
          {suffix}
        </span>
      </div>
    </div>
  )
}

/** A heading and description for a section inside a step (e.g. Address Details). */
export function FieldSection({
  title,
  description,
  children,
  className,
  ...props
}: { title: string; description?: ReactNode } & HTMLAttributes<HTMLElement>) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <section aria-labelledby={id} className={cn('grid gap-4', className)} {...props}>
      <div className="grid gap-1 border-b border-border pb-2">
        <h3 id={id} className="text-base font-semibold text-foreground">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}
