// Withings' notification callback (WITHINGS_NOTIFY_CALLBACK_URL = APP_URL/webhooks/withings).
// Withings checks the URL answers before subscribing, then posts `userid`, `appli`, `startdate`,
// `enddate` as a form when a patient has new data. No screen, no session: the API decides whether
// the notification names a patient connected here and queues their sync.
import type { ActionFunctionArgs } from '@remix-run/node'
import { forwardWithingsNotification } from '~/features/devices/devices.server'

export const loader = () => new Response('OK', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

export const action = ({ request }: ActionFunctionArgs) => forwardWithingsNotification(request)
