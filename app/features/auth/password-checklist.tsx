import { cn } from '~/platform/cn'
import { VALIDATION } from '~/platform/messages'
import { PASSWORD_RULES, PASSWORD_SPECIAL_CHARACTERS, type PasswordRule } from '~/../common/password-rules'
import type { ListOfErrors } from '~/components/ui/forms'
import { CIRCLE, XIcon } from '~/components/ui/icons'
import { Svg, type IconProps } from '~/components/ui/shell-icons'

// Drawn here only, so they travel in this module's own chunk rather than in the shared icons
// (components/ui/icons.tsx), which every screen downloads. The shapes are lucide's.
const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
)

const CircleIcon = (props: IconProps) => (
  <Svg {...props}>
    {CIRCLE}
  </Svg>
)

type RuleStatus = 'met' | 'unmet' | 'failed' | 'idle'

/**
 * Each rule's status. With a value (typing, JavaScript on) it is computed live; without one —
 * the server never sends a password back — it is read from the errors of the last submit, which
 * carry the labels of the unmet rules.
 */
export function ruleStatuses(password: string | undefined, errors: ListOfErrors): Array<{ rule: PasswordRule; status: RuleStatus }> {
  const shown = (errors ?? []).filter((e): e is string => Boolean(e))
  const submitted = shown.length > 0
  return PASSWORD_RULES.map((rule) => {
    if (password) {
      if (rule.test(password)) return { rule, status: 'met' }
      return { rule, status: submitted ? 'failed' : 'unmet' }
    }
    if (!submitted) return { rule, status: 'idle' }
    const failed = shown.includes(VALIDATION.passwordRequired) || shown.includes(rule.label)
    return { rule, status: failed ? 'failed' : 'met' }
  })
}

const STATUS_TEXT: Record<RuleStatus, string> = {
  met: 'met',
  unmet: 'not met yet',
  failed: 'not met',
  idle: 'not met yet',
}

/**
 * SPEC.md §5's requirement checklist. Referenced by the password input's aria-describedby, so a
 * screen reader reads it on focus; each item says in words whether it is met, and a polite live
 * region sums it up while typing.
 */
export function PasswordChecklist({
  id,
  password,
  errors,
  className,
}: {
  id: string
  password: string | undefined
  errors?: ListOfErrors
  className?: string
}) {
  const statuses = ruleStatuses(password, errors)
  const metCount = statuses.filter((s) => s.status === 'met').length
  return (
    <div id={id} className={cn('rounded-md border border-border p-3', className)}>
      <p id={`${id}-title`} className="text-xs font-medium text-foreground">
        Your password must have:
      </p>
      <ul aria-labelledby={`${id}-title`} className="mt-2 grid gap-1.5 text-sm">
        {statuses.map(({ rule, status }) => (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-status={status}
            className={cn(
              'flex items-start gap-2',
              status === 'met' && 'text-success',
              status === 'failed' && 'text-destructive',
              (status === 'unmet' || status === 'idle') && 'text-muted-foreground',
            )}
          >
            <RuleIcon status={status} />
            <span>
              {rule.label}
              <span className="sr-only"> ({STATUS_TEXT[status]})</span>
              {rule.id === 'special' ? (
                <span className="mt-0.5 block break-all font-mono text-xs text-muted-foreground">
                  <span className="sr-only">from </span>
                  {PASSWORD_SPECIAL_CHARACTERS}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {/* Empty until the user types, so that nothing is announced on page load. */}
      <p className="sr-only" aria-live="polite">
        {password ? `${metCount} of ${PASSWORD_RULES.length} password requirements met` : ''}
      </p>
    </div>
  )
}

function RuleIcon({ status }: { status: RuleStatus }) {
  const className = 'mt-0.5 h-4 w-4 shrink-0'
  if (status === 'met') return <CheckIcon className={className} aria-hidden />
  if (status === 'failed') return <XIcon className={className} aria-hidden />
  return <CircleIcon className={cn(className, 'scale-75')} aria-hidden />
}
