import { useState, type InputHTMLAttributes } from 'react'
import { cn } from '~/platform/cn'
import { ErrorList, type ListOfErrors } from '~/components/ui/forms'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

// Drawn here only, so they travel in this module's own chunk rather than in the shared icons
// (components/ui/icons.tsx), which every screen downloads. The shapes are lucide's.
const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
)

const EyeOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
    <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
    <path d="m2 2 20 20" />
  </Svg>
)

export interface PasswordFieldProps {
  label: string
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string; id: string }
  /** Shown under the field. */
  errors?: ListOfErrors
  /** Marks the input invalid even when its errors are shown elsewhere (the checklist). */
  invalid?: boolean
  /** Further ids that describe the input, e.g. the requirement checklist. */
  describedBy?: string
  className?: string
}

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it is hidden without
 * it (`js-only`); the field itself works either way.
 */
export function PasswordField({ label, inputProps, errors, invalid, describedBy, className }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  const { id } = inputProps
  const errorId = `${id}-error`
  const hasErrors = Boolean(errors?.filter(Boolean).length)
  const isInvalid = invalid ?? hasErrors
  const description = [describedBy, hasErrors ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative flex items-center">
        <Input
          {...inputProps}
          type={visible ? 'text' : 'password'}
          // Browsers must not "correct" or capitalise a password shown as text.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={isInvalid || undefined}
          aria-describedby={description}
          className={cn('pr-11', inputProps.className)}
        />
        <button
          type="button"
          className="js-only absolute right-1 inline-flex h-8 w-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon className="h-4 w-4" aria-hidden /> : <EyeIcon className="h-4 w-4" aria-hidden />}
        </button>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
