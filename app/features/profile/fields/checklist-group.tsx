import { useState } from 'react'
import { ErrorList } from '~/components/ui/forms'
import { NativeCheckbox } from '~/components/ui/native-checkbox'
import { cn } from '~/platform/cn'
import { toggleChecklistValue } from '../options'
import { choiceCardClasses } from './field-parts'
import type { ListFieldMeta } from './types'

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string')
  return typeof value === 'string' && value !== '' ? [value] : []
}

/**
 * A checklist of native checkboxes. With JavaScript, 'None' is exclusive (SPEC.md §4): ticking it
 * clears the others and ticking another clears it. Without JavaScript the boxes post as ticked and
 * the server asks the patient to choose (profile-schemas NONE_CONFLICT_MESSAGE).
 */
export function ChecklistGroup({
  field,
  legend,
  options,
  hint,
  className,
}: {
  field: ListFieldMeta
  legend: string
  options: readonly string[]
  hint?: string
  className?: string
}) {
  const initial = asList(field.initialValue)
  const [selected, setSelected] = useState<string[]>(initial)
  // conform changes the key when it resets the form; start again from its values then.
  const [seenKey, setSeenKey] = useState(field.key)
  if (seenKey !== field.key) {
    setSeenKey(field.key)
    setSelected(initial)
  }

  const invalid = Boolean(field.errors?.length)
  const hintId = `${field.id}-hint`
  const describedBy = [hint ? hintId : null, invalid ? field.errorId : null].filter(Boolean).join(' ') || undefined

  return (
    <fieldset id={field.id} className={cn('grid gap-2', className)} aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium leading-none text-foreground">{legend}</legend>
      {hint ? (
        <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option, index) => {
          const id = `${field.id}-${index}`
          return (
            <label key={option} htmlFor={id} className={choiceCardClasses}>
              <NativeCheckbox
                id={id}
                name={field.name}
                form={field.formId}
                value={option}
                checked={selected.includes(option)}
                onChange={(event) =>
                  setSelected(toggleChecklistValue(selected, option, event.currentTarget.checked, options))
                }
                aria-invalid={invalid || undefined}
                className="h-4 w-4"
              />
              <span>{option}</span>
            </label>
          )
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}
