import { getInputProps } from '@conform-to/react'
import { cn } from '~/platform/cn'
import type { Option } from '../options'
import type { TextFieldMeta } from './types'

/**
 * A two-way unit switch (cm | ft / in, kg | lbs) made of native radios, so it posts without
 * JavaScript and the sections that depend on it can follow it with CSS `:has()`.
 */
export function UnitToggle({
  field,
  legend,
  options,
  className,
  onChange,
}: {
  field: TextFieldMeta
  /** Called with the newly chosen unit (JavaScript only). */
  onChange?: (unit: string) => void
  /** Read by screen readers only; the visible context says what is measured. */
  legend: string
  options: ReadonlyArray<Option>
  className?: string
}) {
  return (
    <fieldset className={cn('inline-flex shrink-0 rounded-md border border-input bg-muted/60 p-0.5', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option, index) => {
        const id = `${field.id}-${index}`
        return (
          <label
            key={option.value}
            htmlFor={id}
            className="relative cursor-pointer rounded px-3 py-1 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              {...getInputProps(field, { type: 'radio', value: option.value })}
              key={field.key}
              id={id}
              className="sr-only"
              onChange={onChange ? (event) => event.currentTarget.checked && onChange(option.value) : undefined}
            />
            {option.label}
          </label>
        )
      })}
    </fieldset>
  )
}
