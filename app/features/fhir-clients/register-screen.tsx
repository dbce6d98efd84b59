// /admin/fhir-clients/new: register a client app of the FHIR API. A plain form: it posts without
// JavaScript and the server checks it; with JavaScript the same schema (loaded after the screen)
// checks each field as it is left.
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { buttonVariants } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { ErrorList, Field, FormError } from '~/components/ui/forms'
import { Label } from '~/components/ui/label'
import { NativeCheckbox } from '~/components/ui/native-checkbox'
import { PageHeader } from '~/components/ui/page-header'
import { Textarea } from '~/components/ui/textarea'
import { AuthToast } from '~/features/auth/auth-toast'
import { firstInvalidField, SubmitButton, useIsSubmitting, useLazySchemaForm } from '~/features/auth/lazy-schema-form'
import type { FormReply } from '~/platform/form-replies.server'
import { lazyModule } from '~/platform/lazy-module'
import { FHIR_CLIENT_NAME_MAX, JWKS_TEXT_MAX, JWKS_URL_MAX } from '~/../common/contract/fhir-clients-values'
import { FHIR_CLIENT_SCOPES, FHIR_SCOPE_LABELS } from '~/../common/fhir/scopes'
import { FHIR_CLIENTS_PAGE, REGISTER_FORM_ID } from './fhir-clients'
import type { RegisterInput, RegisterValues } from './register-schema'

const useRegisterValidation = lazyModule(() => import('./register-schema'))

const FIELD_ORDER = ['name', 'jwks_url', 'jwks', 'scopes'] as const

const JWKS_EXAMPLE = '{ "keys": [ { "kty": "EC", "crv": "P-384", "kid": "…", "x": "…", "y": "…" } ] }'

function checkedScopes(initial: unknown): string[] {
  if (Array.isArray(initial)) return initial.filter((value): value is string => typeof value === 'string')
  return typeof initial === 'string' ? [initial] : []
}

export function RegisterFhirClientScreen({ answer, formKey }: { answer: FormReply | undefined; formKey: string }) {
  const lastResult = answer?.result
  const validation = useRegisterValidation()
  const [form, fields] = useLazySchemaForm<RegisterInput, RegisterValues>(REGISTER_FORM_ID, validation?.validateRegister ?? null, lastResult)
  const pending = useIsSubmitting()
  const focus = firstInvalidField(lastResult, FIELD_ORDER)
  const scopesInvalid = Boolean(fields.scopes.errors?.length)
  const jwksInvalid = Boolean(fields.jwks.errors?.length)
  const checked = checkedScopes(fields.scopes.initialValue)
  return (
    <div className="grid max-w-3xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Register a FHIR Client"
        description="A hospital system that signs in with its own key (SMART Backend Services) and reads what its scopes allow."
      />
      <Card>
        <CardContent className="pt-6">
          <AuthToast toast={answer?.toast} className="mb-4" />
          <FormError id={form.errorId} errors={form.errors} />
          <Form method="post" {...getFormProps(form)} key={formKey} className="mt-2 grid gap-4">
            <Field
              label="Name"
              hint="How the client appears here and in the audit log, e.g. the hospital and its system."
              inputProps={{
                ...getInputProps(fields.name, { type: 'text' }),
                maxLength: FHIR_CLIENT_NAME_MAX,
                autoComplete: 'off',
                autoFocus: focus === 'name',
              }}
              errors={fields.name.errors}
            />
            <fieldset className="grid gap-3 rounded-md border border-border p-4">
              <legend className="px-1 text-sm font-medium">Public keys: give one of the two</legend>
              <Field
                label="JWKS URL"
                hint="Where the client publishes its public keys (https). It can then change keys without asking you."
                inputProps={{
                  ...getInputProps(fields.jwks_url, { type: 'url' }),
                  maxLength: JWKS_URL_MAX,
                  placeholder: 'https://ehr.hospital.example/.well-known/jwks.json',
                  autoComplete: 'off',
                  autoFocus: focus === 'jwks_url',
                }}
                errors={fields.jwks_url.errors}
              />
              <div className="grid gap-1.5">
                <Label htmlFor={fields.jwks.id}>Or paste the JWKS</Label>
                <Textarea
                  {...{ ...getTextareaProps(fields.jwks), autoFocus: focus === 'jwks' }}
                  key={fields.jwks.key}
                  maxLength={JWKS_TEXT_MAX}
                  spellCheck={false}
                  placeholder={JWKS_EXAMPLE}
                  className="font-mono text-xs sm:text-xs"
                  aria-invalid={jwksInvalid || undefined}
                  aria-describedby={`${fields.jwks.id}-hint${jwksInvalid ? ` ${fields.jwks.errorId}` : ''}`}
                />
                <p id={`${fields.jwks.id}-hint`} className="text-xs text-muted-foreground">
                  Public keys only (RSA or EC, each with a &quot;kid&quot;; RS384 or ES384). Never paste a private key.
                </p>
                <ErrorList id={fields.jwks.errorId} errors={fields.jwks.errors} />
              </div>
            </fieldset>
            <fieldset
              className="grid gap-2"
              aria-invalid={scopesInvalid || undefined}
              aria-describedby={scopesInvalid ? fields.scopes.errorId : undefined}
            >
              <legend className="mb-1 text-sm font-medium">Scopes</legend>
              {FHIR_CLIENT_SCOPES.map((scope, index) => (
                <div key={scope} className="flex items-start gap-3">
                  <NativeCheckbox
                    {...{ autoFocus: focus === 'scopes' && index === 0 }}
                    id={`${fields.scopes.id}-${index}`}
                    name={fields.scopes.name}
                    value={scope}
                    defaultChecked={checked.includes(scope)}
                    aria-describedby={`${fields.scopes.id}-${index}-label`}
                    className="mt-0.5"
                  />
                  <Label htmlFor={`${fields.scopes.id}-${index}`} className="grid gap-0.5 font-normal leading-snug">
                    <span className="font-mono text-sm">{scope}</span>
                    <span id={`${fields.scopes.id}-${index}-label`} className="text-xs text-muted-foreground">
                      {FHIR_SCOPE_LABELS[scope]}
                    </span>
                  </Label>
                </div>
              ))}
              <ErrorList id={fields.scopes.errorId} errors={fields.scopes.errors} />
            </fieldset>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
              <Link to={FHIR_CLIENTS_PAGE} className={buttonVariants({ variant: 'outline' })}>
                Cancel
              </Link>
              <SubmitButton pending={pending} pendingLabel="Registering..." className="sm:w-auto">
                Register client
              </SubmitButton>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
