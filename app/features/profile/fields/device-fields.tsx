import { DEVICE_NEED_OPTIONS, WEARABLE_OS_OPTIONS } from '../options'
import type { DeviceFormInput } from '../schemas'
import { ChoiceGroup, TextField } from './field-parts'
import type { FieldsOf } from './types'

/**
 * Step 4 fields. The wearable type is only asked for have-device (shown by CSS `:has()` on the
 * checked radio); the mobile OS is asked for either choice (SPEC.md §4).
 */
export function DeviceFields({ fields }: { fields: FieldsOf<DeviceFormInput> }) {
  return (
    <div className="group/device grid gap-6">
      <ChoiceGroup field={fields.deviceNeeds} legend="Do you have a wearable device?" options={DEVICE_NEED_OPTIONS} />
      <div className="hidden group-has-[input[value=have-device]:checked]/device:block">
        <TextField
          field={fields.wearable_type}
          label="Wearable Type"
          hint="For example Apple Watch, Fitbit Charge or Garmin Venu."
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <ChoiceGroup
        field={fields.wearable_os}
        legend="Mobile OS"
        hint="The operating system of the phone you will sync your health data with."
        options={WEARABLE_OS_OPTIONS}
      />
    </div>
  )
}
