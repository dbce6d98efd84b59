import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { UserPlus } from 'lucide-react'
import { firstInvalidField, SubmitButton, useIsSubmitting, useLazySchemaForm } from '~/features/auth/lazy-schema-form'
import { AuthToast } from '~/features/auth/auth-toast'
import { ErrorList, Field, FormError } from '~/components/ui/forms'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { INVITE_FORM_ID, ROLE_DESCRIPTIONS } from './admin-users'
import type { FormReply } from '~/platform/form-replies.server'
import { ADMIN_ROLES, STANDARD_ADMIN } from '~/platform/roles'
import { NativeSelect } from '~/components/ui/native-select'
import { lazyModule } from '~/platform/lazy-module'
import type { InviteInput, InviteValues } from './invite-schema'

// The schema (and zod) load after the screen's code; until then the server checks alone.
const useInviteValidation = lazyModule(() => import('./invite-schema'))

const FIELD_ORDER = ['full_name', 'email', 'role'] as const

/** Invite an admin: they get an e-mail with a link to create their password. */
export function InviteForm({ answer, formKey }: { answer: FormReply | undefined; formKey: string }) {
  const lastResult = answer?.result
  const validation = useInviteValidation()
  const [form, fields] = useLazySchemaForm<InviteInput, InviteValues>(INVITE_FORM_ID, validation?.validateInvite ?? null, lastResult)
  const pending = useIsSubmitting('invite')
  const focus = firstInvalidField(lastResult, FIELD_ORDER)
  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 id="invite-heading" className="flex items-center gap-2 text-lg font-semibold">
          <UserPlus className="h-5 w-5 text-primary" aria-hidden />
          Invite an admin
        </h2>
        <CardDescription>They get an e-mail with a link to create their password; the link works for 7 days.</CardDescription>
      </CardHeader>
      <CardContent>
        <AuthToast toast={answer?.toast} className="mb-4" />
        <FormError id={form.errorId} errors={form.errors} />
        <Form method="post" {...getFormProps(form)} key={formKey} aria-labelledby="invite-heading" className="mt-2 grid gap-x-4 gap-y-1 lg:grid-cols-[1fr_1fr_14rem_auto] lg:items-start">
          <input type="hidden" name="intent" value="invite" />
          <Field
            label="Full name"
            inputProps={{ ...getInputProps(fields.full_name, { type: 'text' }), autoComplete: 'off', autoFocus: focus === 'full_name' }}
            errors={fields.full_name.errors}
          />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off', autoFocus: focus === 'email' }}
            errors={fields.email.errors}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={fields.role.id}>Role</Label>
            <NativeSelect
              {...getSelectProps(fields.role)}
              key={fields.role.key}
              defaultValue={fields.role.initialValue ?? STANDARD_ADMIN}
              aria-invalid={fields.role.errors?.length ? true : undefined}
              aria-describedby={`${fields.role.id}-hint${fields.role.errors?.length ? ` ${fields.role.errorId}` : ''}`}
            >
              {ADMIN_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </NativeSelect>
            <p id={`${fields.role.id}-hint`} className="sr-only">
              {ADMIN_ROLES.map((role) => `${role}: ${ROLE_DESCRIPTIONS[role]}`).join(' ')}
            </p>
            <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
          </div>
          <SubmitButton pending={pending} pendingLabel="Sending..." className="lg:mt-5 lg:h-10 lg:w-auto">
            Send invitation
          </SubmitButton>
        </Form>
        <dl className="mt-2 grid gap-1 text-xs text-muted-foreground sm:grid-cols-2">
          {ADMIN_ROLES.map((role) => (
            <div key={role}>
              <dt className="inline font-medium text-foreground">{role}: </dt>
              <dd className="inline">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
