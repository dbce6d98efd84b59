import { BARIATRIC_STATUS_OPTIONS, FUNDING_METHODS, SURGERY_TYPES, asOptions } from '../options'
import type { BariatricFormInput } from '../schemas'
import { DateField } from './date-field'
import { ChoiceGroup, SelectField, TextAreaField, TextField } from './field-parts'
import { WeightField } from './measure-fields'
import type { FieldsOf } from './types'
import { PROFILE_TEXT_MAX_LENGTH } from '~/../common/contract/profile-values'

/**
 * Step 3 fields. The surgery details only show while 'yes' is checked (SPEC.md §4); CSS `:has()`
 * does it, so the section also follows the radio before JavaScript. Hidden fields are ignored by
 * the schema.
 */
export function BariatricFields({ fields }: { fields: FieldsOf<BariatricFormInput> }) {
  return (
    <div className="group/bariatric grid gap-6">
      <ChoiceGroup
        field={fields.bariatric_status}
        legend="Have you had bariatric surgery?"
        options={BARIATRIC_STATUS_OPTIONS}
        columns="sm:grid-cols-3"
      />
      <section
        aria-label="Surgery details"
        className="hidden gap-x-4 gap-y-2 rounded-lg border border-border p-4 sm:grid-cols-2 group-has-[input[value=yes]:checked]/bariatric:grid"
      >
        <SelectField
          field={fields.surgery_type}
          label="Surgery Type"
          placeholder="Select surgery type"
          options={asOptions(SURGERY_TYPES)}
        />
        <DateField field={fields.surgery_date} label="Surgery Date" />
        <SelectField
          field={fields.funding_method}
          label="Funding Method (optional)"
          placeholder="Select funding method"
          options={asOptions(FUNDING_METHODS)}
          className="sm:col-span-2"
        />
        <WeightField label="Pre-surgery Weight" weight={fields.pre_surgery_weight} unit={fields.pre_surgery_weight_unit} group="pre" />
        <WeightField label="Goal Weight (optional)" weight={fields.goal_weight} unit={fields.goal_weight_unit} group="goal" />
        <TextField field={fields.hospital_name} label="Hospital Name (optional)" maxLength={200} className="sm:col-span-2" />
        <TextAreaField
          field={fields.hospital_address}
          label="Hospital Address (optional)"
          maxLength={500}
          rows={2}
          className="sm:col-span-2"
        />
        <TextAreaField
          field={fields.surgery_comments}
          label="Surgery Comments (optional)"
          maxLength={PROFILE_TEXT_MAX_LENGTH}
          className="sm:col-span-2"
        />
      </section>
    </div>
  )
}
