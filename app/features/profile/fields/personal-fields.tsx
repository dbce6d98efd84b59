import { ErrorList } from '~/components/ui/forms'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { GENDER_OPTIONS } from '../options'
import type { PersonalFormInput } from '../schemas'
import { DateField } from './date-field'
import { ChoiceGroup, FieldSection, TextField } from './field-parts'
import { HeightField, WeightField } from './measure-fields'
import { PhoneField } from './phone-field'
import type { FieldsOf } from './types'

/**
 * Step 1 fields (also the patient's profile page). Takes the conform fields of the caller's form,
 * so any form built on `personalSchema` can render it. `email` is shown read-only when given.
 */
export function PersonalFields({ fields, email }: { fields: FieldsOf<PersonalFormInput>; email?: string }) {
  return (
    <div className="grid gap-8">
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <TextField
          field={fields.full_name}
          label="Full Name"
          autoComplete="name"
          maxLength={100}
          className={email === undefined ? 'sm:col-span-2' : undefined}
        />
        {email !== undefined ? (
          <div className="grid gap-1.5">
            <Label htmlFor="profile-email">Email</Label>
            <Input id="profile-email" type="email" value={email} readOnly aria-readonly className="bg-muted/60 text-muted-foreground" />
            <ErrorList />
          </div>
        ) : null}
        <PhoneField field={fields.phone_number} />
        <DateField field={fields.date_of_birth} label="Date of Birth" notAfterToday />
        <ChoiceGroup
          field={fields.gender}
          legend="Gender"
          options={GENDER_OPTIONS}
          columns="grid-cols-2 lg:grid-cols-4"
          className="sm:col-span-2"
        />
        <HeightField
          height={fields.height}
          unit={fields.height_unit}
          feet={fields.height_ft}
          inches={fields.height_in}
        />
        <WeightField label="Initial Weight" weight={fields.initial_weight} unit={fields.weight_unit} group="weight" />
      </div>

      <FieldSection title="Address Details" description="We use this address for shipping your devices and supplies.">
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          <TextField
            field={fields.address_line1}
            label="Address Line 1"
            autoComplete="address-line1"
            maxLength={200}
            className="sm:col-span-2"
          />
          <TextField
            field={fields.address_line2}
            label="Address Line 2 (optional)"
            autoComplete="address-line2"
            maxLength={200}
            className="sm:col-span-2"
          />
          <TextField field={fields.city} label="City" autoComplete="address-level2" maxLength={100} />
          <TextField field={fields.state} label="State / Province" autoComplete="address-level1" maxLength={100} />
          <TextField field={fields.postal_code} label="Postal / Zip Code" autoComplete="postal-code" maxLength={20} />
        </div>
      </FieldSection>
    </div>
  )
}
