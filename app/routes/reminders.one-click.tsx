// /reminders/one-click?token=… — the List-Unsubscribe address of every reminder e-mail
// (RFC 8058). A resource route: a mail client's POST gets plain text; a person opening it, the page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { oneClickPage, oneClickUnsubscribe } from '~/features/reminders/unsubscribe.server'
import { publicContext } from '~/platform/guards.server'

export const loader = ({ request }: LoaderFunctionArgs) => oneClickPage(request)

export const action = async ({ request }: ActionFunctionArgs) => oneClickUnsubscribe(await publicContext(request))
