import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Send } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { AuthToast } from '~/features/auth/auth-toast'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { MESSAGE_MAX, SEND_INTENT } from './care-messages'
import type { MessageFormAnswer } from './care-messages.server'
import { lazyModule } from '~/platform/lazy-module'

// The schema (and zod) load after the screen's code; until then the server checks alone.
const useMessageValidation = lazyModule(() => import('./care-messages-form'))

/**
 * The compose box of both portals: validated in the browser with the server's schema (the API's
 * own words), and again on the server. Without JavaScript it posts, and the redirect's flash says
 * 'Message sent.'.
 */
export function MessageForm({
  answer,
  label,
  placeholder,
  alertId,
  children,
}: {
  answer: MessageFormAnswer | undefined
  label: string
  placeholder: string
  /** The alert this first message starts from (sent as `alert_id`). */
  alertId?: number | null
  children?: React.ReactNode
}) {
  const validation = useMessageValidation()
  const [form, fields] = useForm({
    id: 'message-form',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    shouldRevalidate: validation ? 'onInput' : 'onSubmit',
    onValidate: validation ? ({ formData }) => validation.validateMessage(formData) : undefined,
  })
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === SEND_INTENT
  const errors = fields.body.errors
  // A sent message is followed by a redirect to the same page: empty the box then (and only then,
  // so a reply arriving by polling never wipes a draft).
  const wasSending = useRef(false)
  useEffect(() => {
    if (sending) wasSending.current = true
    else if (wasSending.current && navigation.state === 'idle') {
      wasSending.current = false
      if (!answer) form.reset()
    }
  }, [sending, navigation.state, answer, form])
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2" aria-label={label}>
      <AuthToast toast={answer?.toast} />
      <input type="hidden" name="intent" value={SEND_INTENT} />
      {alertId ? <input type="hidden" name="alertId" value={alertId} /> : null}
      <Label htmlFor={fields.body.id}>Message</Label>
      {children}
      <textarea
        {...getTextareaProps(fields.body)}
        key={fields.body.key}
        rows={4}
        maxLength={MESSAGE_MAX}
        placeholder={placeholder}
        className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-[invalid=true]:border-destructive"
      />
      <div
        id={fields.body.errorId}
        role={errors?.length ? 'alert' : undefined}
        className="min-h-[1.25rem] text-sm text-destructive"
      >
        {errors?.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">Plain text, up to 5,000 characters. No attachments.</p>
        <Button type="submit" disabled={sending}>
          <Send aria-hidden />
          {sending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </Form>
  )
}
