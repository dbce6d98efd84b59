import { PRE_EXISTING_CONDITIONS, WEIGHT_LOSS_ATTEMPTS } from '../options'
import type { MedicalFormInput } from '../schemas'
import { ChecklistGroup } from './checklist-group'
import { TextAreaField } from './field-parts'
import type { FieldsOf } from './types'
import { PROFILE_TEXT_MAX_LENGTH } from '~/../common/contract/profile-values'

/** Step 2 fields (also the patient's profile page), for any form built on `medicalSchema`. */
export function MedicalFields({ fields }: { fields: FieldsOf<MedicalFormInput> }) {
  return (
    <div className="grid gap-6">
      <ChecklistGroup
        field={fields.pre_existing_conditions}
        legend="Pre-existing Conditions"
        hint="Select all that apply, or None."
        options={PRE_EXISTING_CONDITIONS}
      />
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <TextAreaField
          field={fields.other_conditions}
          label="Other Conditions (optional)"
          maxLength={PROFILE_TEXT_MAX_LENGTH}
          className="sm:col-span-2"
        />
        <TextAreaField field={fields.allergies} label="Allergies (optional)" maxLength={PROFILE_TEXT_MAX_LENGTH} />
        <TextAreaField field={fields.current_medications} label="Current Medications (optional)" maxLength={PROFILE_TEXT_MAX_LENGTH} />
        <TextAreaField
          field={fields.diet_restrictions}
          label="Diet Restrictions (optional)"
          maxLength={PROFILE_TEXT_MAX_LENGTH}
          className="sm:col-span-2"
        />
      </div>
      <ChecklistGroup
        field={fields.previous_weight_loss_attempts}
        legend="Previous Weight Loss Attempts"
        hint="Select all that apply, or None."
        options={WEIGHT_LOSS_ATTEMPTS}
      />
    </div>
  )
}
