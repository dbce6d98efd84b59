import { filterPhone } from '~/platform/input-filters'
import { COUNTRY_CODE } from '../options'
import { TextField } from './field-parts'
import { filtered } from './filter-input'
import type { TextFieldMeta } from './types'

/** Contact number: digits only, with the fixed +1 country code shown in front (SPEC.md §3, §9). */
export function PhoneField({ field, label = 'Contact Number', className }: { field: TextFieldMeta; label?: string; className?: string }) {
  return (
    <TextField
      field={field}
      label={label}
      className={className}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      pattern="[0-9]*"
      maxLength={15}
      leading={COUNTRY_CODE}
      onChange={filtered(filterPhone)}
    />
  )
}
