// /reminders/unsubscribe?token=… — the link in every reminder e-mail (app/features/reminders/unsubscribe.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { BellOff, CircleAlert, CircleCheck } from 'lucide-react'
import { AuthCard } from '~/features/auth/auth-card'
import { StandaloneFrame } from '~/features/shell/standalone-frame'
import { Button } from '~/components/ui/button'
import { pageTitle } from '~/features/shell/screen-kit'
import { REMINDER_NAMES } from '~/features/reminders/reminders'
import { unsubscribeAction, unsubscribeLoader, type UnsubscribePage } from '~/features/reminders/unsubscribe.server'
import { publicContext } from '~/platform/guards.server'

export const meta: MetaFunction = ({ matches }) => [...pageTitle('Stop reminders', matches), { name: 'robots', content: 'noindex' }]

export const loader = async ({ request }: LoaderFunctionArgs) => unsubscribeLoader(await publicContext(request))

export const action = async ({ request }: ActionFunctionArgs) => unsubscribeAction(await publicContext(request))

const preferencesLink = (
  <Link to="/customer/profile?tab=preferences" className="font-medium text-primary underline-offset-4 hover:underline">
    Change all your reminders in your profile
  </Link>
)

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>() as UnsubscribePage
  const answered = useActionData<typeof action>() as UnsubscribePage | undefined
  const navigation = useNavigation()
  const page = answered ?? loaded
  return (
    <StandaloneFrame>
      {page.state === 'invalid' ? (
        <AuthCard icon={CircleAlert} tone="destructive" title="This link does not work" footer={preferencesLink}>
          <div role="alert" className="text-center text-sm">
            {(page.message.length ? page.message : ['This unsubscribe link is not valid.']).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </AuthCard>
      ) : page.state === 'done' ? (
        <AuthCard
          icon={CircleCheck}
          tone="success"
          title="Reminder turned off"
          description={`You will get no more ${REMINDER_NAMES[page.kind]} reminders. Your other reminders stay as they are.`}
          footer={preferencesLink}
        >
          <p role="status" className="sr-only">
            Reminder turned off
          </p>
        </AuthCard>
      ) : (
        <AuthCard
          icon={BellOff}
          title={`Stop ${REMINDER_NAMES[page.kind]} reminders?`}
          description={
            page.on
              ? `You will get no more ${REMINDER_NAMES[page.kind]} reminder e-mails from BariCare. You can turn them on again in your profile.`
              : `${REMINDER_NAMES[page.kind][0].toUpperCase()}${REMINDER_NAMES[page.kind].slice(1)} reminders are already off.`
          }
          footer={preferencesLink}
        >
          <Form method="post" className="grid">
            <input type="hidden" name="token" value={page.token} />
            <Button type="submit" disabled={navigation.state !== 'idle'}>
              Unsubscribe
            </Button>
          </Form>
        </AuthCard>
      )}
    </StandaloneFrame>
  )
}
