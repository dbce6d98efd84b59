// The fields of each kind of health-log entry. Native controls only, so every form posts the same
// values with or without JavaScript; conform wires names, defaults and errors.
import { getInputProps } from '@conform-to/react'
import { ErrorList, Field } from '~/components/ui/forms'
import { DateField } from '~/features/profile/fields/date-field'
import {
  choiceCardClasses,
  ChoiceGroup,
  MeasureInput,
  TextField,
} from '~/features/profile/fields/field-parts'
import { filtered } from '~/features/profile/fields/filter-input'
import { WeightField } from '~/features/profile/fields/measure-fields'
import type { ListFieldMeta, TextFieldMeta } from '~/features/profile/fields/types'
import { filterDecimal, filterDigits } from '~/platform/input-filters'
import { MEAL_TYPE_LABELS, MEAL_TYPES, SLEEP_DATE_HINT, SLEEP_QUALITY_LABELS, VITAMINS } from './log-entries'

const DECIMAL_PATTERN = '[0-9]*\\.?[0-9]?'

type Fields = Record<string, TextFieldMeta>

/** A number with its unit inside the box, its own label and error line. */
function AmountField({
  field,
  label,
  suffix,
  whole = false,
  hint,
}: {
  field: TextFieldMeta
  label: string
  suffix: string
  whole?: boolean
  hint?: string
}) {
  const hintId = `${field.id}-hint`
  return (
    <div className="grid content-start gap-1.5">
      <MeasureInput
        field={field}
        label={label}
        suffix={suffix}
        inputMode={whole ? 'numeric' : 'decimal'}
        pattern={whole ? '[0-9]*' : DECIMAL_PATTERN}
        onChange={filtered(whole ? filterDigits : filterDecimal)}
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

/** A native time picker (HH:MM, 24-hour in what it posts). */
function TimeField({ field, label, hint }: { field: TextFieldMeta; label: string; hint?: string }) {
  return (
    <Field
      key={field.key}
      label={label}
      hint={hint}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: 'time' }), name: field.name }}
    />
  )
}

export function WeightFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      {/* The date's label row is as tall as the weight's (its kg/lbs switch), so the two boxes line up. */}
      <DateField
        field={fields.date}
        label="Date"
        notAfterToday
        className="sm:[&>label]:flex sm:[&>label]:min-h-8 sm:[&>label]:items-center"
      />
      <WeightField label="Weight" weight={fields.weight} unit={fields.weight_unit} group="weight" />
      <TextField
        field={fields.note}
        label="Note (optional)"
        maxLength={500}
        className="sm:col-span-2"
        placeholder="e.g. after breakfast"
      />
    </div>
  )
}

export function SleepFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      <DateField field={fields.date} label="Date" hint={SLEEP_DATE_HINT} notAfterToday />
      <AmountField field={fields.hours} label="Hours of sleep" suffix="h" />
      <ChoiceGroup
        field={fields.quality}
        legend="Sleep quality"
        className="sm:col-span-2"
        columns="grid-cols-5"
        options={[1, 2, 3, 4, 5].map((value) => ({ value: String(value), label: String(value) }))}
        hint={`1 = ${SLEEP_QUALITY_LABELS[1].toLowerCase()}, 5 = ${SLEEP_QUALITY_LABELS[5].toLowerCase()}`}
      />
      <TimeField field={fields.bed_time} label="Bedtime (optional)" />
      <TimeField field={fields.wake_time} label="Wake time (optional)" />
    </div>
  )
}

export function MealFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      <DateField field={fields.date} label="Date" notAfterToday />
      <TimeField field={fields.time} label="Time" />
      <ChoiceGroup
        field={fields.meal_type}
        legend="Meal"
        className="sm:col-span-2"
        columns="grid-cols-2 sm:grid-cols-4"
        options={MEAL_TYPES.map((value) => ({ value, label: MEAL_TYPE_LABELS[value] }))}
      />
      <AmountField field={fields.protein_g} label="Protein" suffix="g" />
      <AmountField field={fields.calories} label="Calories (optional)" suffix="kcal" whole />
      <TextField
        field={fields.description}
        label="What you ate (optional)"
        maxLength={500}
        className="sm:col-span-2"
      />
    </div>
  )
}

/** Water in the patient's unit (the hidden `water_unit` the form starts with; the server converts). */
export function WaterFields({ fields }: { fields: Fields }) {
  const unit = fields.water_unit?.initialValue === 'fl oz' ? 'fl oz' : 'ml'
  return (
    <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      <DateField field={fields.date} label="Date" notAfterToday />
      <input type="hidden" name={fields.water_unit?.name ?? 'water_unit'} value={unit} />
      {unit === 'fl oz' ? (
        <AmountField field={fields.ml} label="Water" suffix="fl oz" hint="A glass is about 8 fl oz." />
      ) : (
        <AmountField field={fields.ml} label="Water" suffix="ml" whole hint="A glass is about 250 ml." />
      )}
    </div>
  )
}

export function VitaminFields({ fields, taken }: { fields: Fields; taken: ListFieldMeta }) {
  return (
    <div className="grid gap-x-4 gap-y-2">
      <DateField field={fields.date} label="Date" notAfterToday className="sm:max-w-xs" />
      <VitaminChecklist field={taken} />
    </div>
  )
}

/**
 * Plain native checkboxes (no exclusive "None" here: an empty list already means none taken).
 * Uncontrolled, so conform reads them from the form like any other field.
 */
function VitaminChecklist({ field }: { field: ListFieldMeta }) {
  // One ticked box comes back from a submission as a plain string.
  const value: unknown = field.initialValue
  const initial = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : []
  const invalid = Boolean(field.errors?.length)
  const hintId = `${field.id}-hint`
  return (
    <fieldset
      id={field.id}
      className="grid gap-2"
      aria-describedby={[hintId, invalid ? field.errorId : null].filter(Boolean).join(' ')}
    >
      <legend className="mb-2 text-sm font-medium leading-none text-foreground">
        Vitamins and supplements taken
      </legend>
      <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
        Tick what you took that day; leave them all unticked if you took none.
      </p>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" key={field.key}>
        {VITAMINS.map((name, index) => (
          <label key={name} htmlFor={`${field.id}-${index}`} className={choiceCardClasses}>
            <input
              type="checkbox"
              id={`${field.id}-${index}`}
              name={field.name}
              form={field.formId}
              value={name}
              defaultChecked={initial.includes(name)}
              aria-invalid={invalid || undefined}
              className="h-4 w-4 shrink-0 cursor-pointer accent-[hsl(var(--primary))]"
            />
            <span>{name}</span>
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}
