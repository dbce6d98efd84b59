// Height and weight inputs with their unit switches. Every input of every unit is always in the
// form; CSS `:has()` on the switch shows the inputs of the checked unit (so it works before
// JavaScript) and the server reads only those (profile-schemas).
import { useId } from 'react'
import { ErrorList } from '~/components/ui/forms'
import { filterDecimal, filterDigits, parseDecimal } from '~/platform/input-filters'
import { HEIGHT_UNIT_OPTIONS, WEIGHT_UNIT_OPTIONS } from '../options'
import { MeasureInput } from './field-parts'
import { cmToFeetInches, feetInchesToCm, numberToInput, roundForDisplay } from '~/platform/units'
import { filtered, setInputValueAsTyped } from './filter-input'
import type { TextFieldMeta } from './types'
import { UnitToggle } from './unit-toggle'

const DECIMAL_PATTERN = '[0-9]*\\.?[0-9]?'

function GroupHeading({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-8 items-center justify-between gap-3">
      <span id={id} className="text-sm font-medium leading-none text-foreground">
        {label}
      </span>
      {children}
    </div>
  )
}

/** Height in cm, or in feet and inches ('Height is required' is satisfied by either of those). */
export function HeightField({
  height,
  unit,
  feet,
  inches,
  className,
}: {
  height: TextFieldMeta
  unit: TextFieldMeta
  feet: TextFieldMeta
  inches: TextFieldMeta
  className?: string
}) {
  const labelId = useId()
  const error = { id: height.errorId, invalid: Boolean(height.errors?.length) }
  return (
    <div role="group" aria-labelledby={labelId} className={`group/height grid content-start gap-1.5 ${className ?? ''}`}>
      <GroupHeading id={labelId} label="Height">
        <UnitToggle
          field={unit}
          legend="Height unit"
          options={HEIGHT_UNIT_OPTIONS}
          onChange={(next) => carryHeightOver(next, { height, feet, inches })}
        />
      </GroupHeading>
      <div className="hidden group-has-[input[value=cm]:checked]/height:block">
        <MeasureInput
          field={height}
          label="Height in centimetres"
          srOnlyLabel
          suffix="cm"
          pattern={DECIMAL_PATTERN}
          onChange={filtered(filterDecimal)}
          errorFor={error}
        />
      </div>
      <div className="hidden grid-cols-2 gap-3 group-has-[input[value=ft-in]:checked]/height:grid">
        <MeasureInput
          field={feet}
          label="Feet"
          srOnlyLabel
          suffix="ft"
          inputMode="numeric"
          pattern="[0-9]*"
          onChange={filtered(filterDigits)}
          errorFor={error}
        />
        <MeasureInput
          field={inches}
          label="Inches"
          srOnlyLabel
          suffix="in"
          pattern={DECIMAL_PATTERN}
          onChange={filtered(filterDecimal)}
          errorFor={error}
        />
      </div>
      <ErrorList id={height.errorId} errors={height.errors} />
    </div>
  )
}

/**
 * With JavaScript, switching the height unit fills the other unit's empty inputs with the same
 * height, so a patient who typed 170 cm sees 5 ft 6.9 in. Inputs already typed in are left alone.
 */
function carryHeightOver(unit: string, fields: { height: TextFieldMeta; feet: TextFieldMeta; inches: TextFieldMeta }) {
  const input = (field: TextFieldMeta) => document.getElementById(field.id)
  const cmInput = input(fields.height)
  const feetInput = input(fields.feet)
  const inchesInput = input(fields.inches)
  if (!(cmInput instanceof HTMLInputElement && feetInput instanceof HTMLInputElement && inchesInput instanceof HTMLInputElement)) return
  if (unit === 'ft-in' && feetInput.value === '' && inchesInput.value === '') {
    const cm = parseDecimal(cmInput.value)
    if (cm === undefined) return
    const { feet, inches } = cmToFeetInches(cm)
    setInputValueAsTyped(feetInput, String(feet))
    setInputValueAsTyped(inchesInput, numberToInput(inches))
  } else if (unit === 'cm' && cmInput.value === '') {
    const feet = parseDecimal(filterDigits(feetInput.value))
    const inches = parseDecimal(inchesInput.value)
    const cm = feetInchesToCm(feet, inches)
    if (cm !== undefined) setInputValueAsTyped(cmInput, numberToInput(roundForDisplay(cm)))
  }
}

type WeightGroup = 'weight' | 'pre' | 'goal'

/** A weight with its kg | lbs switch; the unit shown inside the box follows the switch. */
export function WeightField({
  label,
  weight,
  unit,
  group,
  className,
}: {
  label: string
  weight: TextFieldMeta
  unit: TextFieldMeta
  /** Distinct per form section, so nested `:has()` groups never see each other's switch. */
  group: WeightGroup
  className?: string
}) {
  const labelId = useId()
  return (
    <div role="group" aria-labelledby={labelId} className={`${GROUP_CLASS[group]} grid content-start gap-1.5 ${className ?? ''}`}>
      <GroupHeading id={labelId} label={label}>
        <UnitToggle field={unit} legend={`${label} unit`} options={WEIGHT_UNIT_OPTIONS} />
      </GroupHeading>
      <MeasureInput
        field={weight}
        label={label}
        srOnlyLabel
        suffix={<UnitSuffix group={group} />}
        pattern={DECIMAL_PATTERN}
        onChange={filtered(filterDecimal)}
      />
      <ErrorList id={weight.errorId} errors={weight.errors} />
    </div>
  )
}

// Tailwind only generates classes it finds spelled out in full, hence the literal names.
const GROUP_CLASS: Record<WeightGroup, string> = { weight: 'group/weight', pre: 'group/pre', goal: 'group/goal' }

const SUFFIX_CLASSES: Record<WeightGroup, { kg: string; lbs: string }> = {
  weight: {
    kg: 'group-has-[input[value=lbs]:checked]/weight:hidden',
    lbs: 'hidden group-has-[input[value=lbs]:checked]/weight:inline',
  },
  pre: {
    kg: 'group-has-[input[value=lbs]:checked]/pre:hidden',
    lbs: 'hidden group-has-[input[value=lbs]:checked]/pre:inline',
  },
  goal: {
    kg: 'group-has-[input[value=lbs]:checked]/goal:hidden',
    lbs: 'hidden group-has-[input[value=lbs]:checked]/goal:inline',
  },
}

function UnitSuffix({ group }: { group: WeightGroup }) {
  return (
    <>
      <span className={SUFFIX_CLASSES[group].kg}>kg</span>
      <span className={SUFFIX_CLASSES[group].lbs}>lbs</span>
    </>
  )
}
