import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { cn } from '~/platform/cn'
import { Input } from './input'
import { Label } from './label'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/**
 * Field errors in red under a field. It keeps a line of space even when empty, so that errors
 * appearing or disappearing on blur do not move the buttons under a pending click.
 */
export function ErrorList({ id, errors, className }: { id?: string; errors?: ListOfErrors; className?: string }) {
  const shown = errors?.filter(Boolean) ?? []
  return (
    <div id={id} className={cn('min-h-[1.25rem] text-sm text-destructive', className)}>
      {shown.map((error, index) => (
        // The first line is the message; any next one adds detail (e.g. what the service did).
        <p key={error} className={index === 0 ? 'font-medium' : 'mt-1'}>
          {error}
        </p>
      ))}
    </div>
  )
}

export interface FieldProps {
  label: ReactNode
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string }
  errors?: ListOfErrors
  hint?: ReactNode
  className?: string
  /** Rendered inside the input's box, e.g. a show/hide toggle or a fixed prefix. */
  trailing?: ReactNode
  leading?: ReactNode
}

/** Label, input, hint and errors, wired with aria-invalid and aria-describedby. */
export function Field({ label, inputProps, errors, hint, className, trailing, leading }: FieldProps) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const invalid = Boolean(errors?.filter(Boolean).length)
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative flex items-center">
        {leading ? <span className="pointer-events-none absolute left-3 text-sm text-muted-foreground">{leading}</span> : null}
        <Input
          {...inputProps}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(leading ? 'pl-10' : null, trailing ? 'pr-11' : null, inputProps.className)}
        />
        {trailing ? <span className="absolute right-1">{trailing}</span> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** Errors that belong to the whole form (e.g. the provider's message), announced when they appear. */
export function FormError({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean) ?? []
  if (shown.length === 0) return null
  return (
    <div id={id} role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-foreground">
      {shown.map((error, index) => (
        // The first line is the message; any next one adds detail (e.g. what the service did).
        <p key={error} className={index === 0 ? 'font-medium' : 'mt-1'}>
          {error}
        </p>
      ))}
    </div>
  )
}
