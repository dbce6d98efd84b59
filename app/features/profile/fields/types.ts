import type { FieldMetadata, FormMetadata } from '@conform-to/react'

/** What conform's `useForm<Schema>()` hands out as its second value: one metadata per field. */
export type FieldsOf<Schema extends Record<string, unknown>> = ReturnType<FormMetadata<Schema, string[]>['getFieldset']>

/** Any single-value field (text, choice) of any form. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's own schema is irrelevant here
export type TextFieldMeta = FieldMetadata<string | undefined, any, string[]>
/** Any multi-value field (a checklist) of any form. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export type ListFieldMeta = FieldMetadata<string[] | undefined, any, string[]>
