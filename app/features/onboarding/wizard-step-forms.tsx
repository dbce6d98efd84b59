// One form per wizard step (DESIGN.md §5): conform validates with the step's schema while typing
// and before submitting; the action validates again and saves. Each posts the step number along.
import type { FormMetadata, SubmissionResult } from '@conform-to/react'
import type { z } from 'zod'
import { Link, useNavigation } from '@remix-run/react'
import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { useProfileSchemaForm } from '~/features/profile/schema-form'
import type { ProfileSchemaName } from '~/features/profile/profile-validation'
import type {
  bariatricSchema,
  deviceSchema,
  medicalSchema,
  personalSchema,
  BariatricFormInput,
  DeviceFormInput,
  MedicalFormInput,
  PersonalFormInput,
} from '~/features/profile/schemas'
import { previousStep, stepHref, TOTAL_STEPS, type StepNumber } from './wizard-steps'
import { SectionFormFrame } from '~/features/profile/fields/section-form-frame'
import { BariatricFields } from '~/features/profile/fields/bariatric-fields'
import { DeviceFields } from '~/features/profile/fields/device-fields'
import { MedicalFields } from '~/features/profile/fields/medical-fields'
import { PersonalFields } from '~/features/profile/fields/personal-fields'
import { useFormErrorToastLifetime } from '~/platform/use-form-error-toast'

type StepFormProps<Input> = {
  defaults: Input
  /** The action's answer for this step (field errors, the provider's message), if any. */
  lastResult?: SubmissionResult<string[]> | null
  /** The server found required fields missing (a form posted without JavaScript). */
  incomplete?: boolean
}

function useStepForm<S extends z.ZodTypeAny>(
  step: StepNumber,
  schemaName: ProfileSchemaName,
  defaults: z.input<S>,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useProfileSchemaForm<S>(`profile-step-${step}`, schemaName, defaults, lastResult)
}

export function PersonalStepForm({ email, ...props }: StepFormProps<PersonalFormInput> & { email: string }) {
  const [form, fields] = useStepForm<typeof personalSchema>(1, 'personal', props.defaults, props.lastResult)
  return (
    <StepForm step={1} form={form} incomplete={props.incomplete}>
      <PersonalFields fields={fields} email={email} />
    </StepForm>
  )
}

export function MedicalStepForm(props: StepFormProps<MedicalFormInput>) {
  const [form, fields] = useStepForm<typeof medicalSchema>(2, 'medical', props.defaults, props.lastResult)
  return (
    <StepForm step={2} form={form} incomplete={props.incomplete}>
      <MedicalFields fields={fields} />
    </StepForm>
  )
}

export function BariatricStepForm(props: StepFormProps<BariatricFormInput>) {
  const [form, fields] = useStepForm<typeof bariatricSchema>(3, 'bariatric', props.defaults, props.lastResult)
  return (
    <StepForm step={3} form={form} incomplete={props.incomplete}>
      <BariatricFields fields={fields} />
    </StepForm>
  )
}

export function DeviceStepForm(props: StepFormProps<DeviceFormInput>) {
  const [form, fields] = useStepForm<typeof deviceSchema>(4, 'device', props.defaults, props.lastResult)
  return (
    <StepForm step={4} form={form} incomplete={props.incomplete}>
      <DeviceFields fields={fields} />
    </StepForm>
  )
}

/** True while this step's save (and the redirect after it) is in flight. */
function useSavingStep(step: StepNumber) {
  const navigation = useNavigation()
  return (
    navigation.state !== 'idle' &&
    navigation.formMethod?.toUpperCase() === 'POST' &&
    navigation.formData?.get('step') === String(step)
  )
}

function StepForm({
  step,
  form,
  incomplete,
  children,
}: {
  step: StepNumber
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any step's form
  form: FormMetadata<any, string[]>
  incomplete?: boolean
  children: ReactNode
}) {
  useFormErrorToastLifetime(form)
  const saving = useSavingStep(step)
  const back = previousStep(step)
  const last = step === TOTAL_STEPS
  const idleLabel = last ? 'Complete Profile' : 'Next Step'
  const busyLabel = last ? 'Saving Profile...' : 'Saving...'

  return (
    <SectionFormFrame
      form={form}
      marker={{ name: 'step', value: String(step) }}
      refusedToastId="wizard-incomplete"
      incomplete={incomplete}
      footer={
          <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
            {back ? (
              <Link to={stepHref(back)} className={buttonVariants({ variant: 'outline' })}>
                <ArrowLeft aria-hidden />
                Back
              </Link>
            ) : (
              <Button variant="outline" disabled>
                <ArrowLeft aria-hidden />
                Back
              </Button>
            )}
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {saving ? busyLabel : idleLabel}
              {!saving && !last ? <ArrowRight aria-hidden /> : null}
            </Button>
          </div>
      }
    >
      {children}
    </SectionFormFrame>
  )
}
