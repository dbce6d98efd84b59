// The profile forms' check in the browser (the profile screen and the setup wizard): its own chunk
// (zod and the schemas), loaded by useSchemaForm (schema-form.ts) after the screen's code.
import { parseWithZod } from '@conform-to/zod'
import { bariatricSchema, deviceSchema, medicalSchema, personalSchema } from './schemas'

export const PROFILE_SCHEMAS = {
  personal: personalSchema,
  medical: medicalSchema,
  bariatric: bariatricSchema,
  device: deviceSchema,
}

export type ProfileSchemaName = keyof typeof PROFILE_SCHEMAS

export function validateProfileForm(name: ProfileSchemaName, formData: FormData) {
  return parseWithZod(formData, { schema: PROFILE_SCHEMAS[name] })
}
