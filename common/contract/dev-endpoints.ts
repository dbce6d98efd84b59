// The development-only endpoints the app itself calls: the mailbox (the embedded API's outbox) and
// the consent screen of the simulated device service. Declared like the route table's endpoints,
// so the app calls them the same way (`api.call(DEV_API.x)`), but kept out of `API`: they are not
// part of the contract (docs/provider-api.md lists them as development only), the API mounts them
// in development alone (provider/dev/routes.ts), and elsewhere they answer 404.
import { z } from 'zod'
import { endpoint } from './endpoints'
import { choiceField, fields, textField } from './request-fields'

/** POST __dev/devices/consent/: the patient's answer on the simulated consent screen. */
export const consentBody = fields({
  state: textField({ label: 'State', required: 'State is required', max: 200 }),
  decision: choiceField(['allow', 'deny'], { label: 'Decision', required: 'Decision is required' }),
})

/** What the consent screen shows: the service, what it shares, and whose account asks. */
export const devConsentSchema = z.object({
  service_name: z.string(),
  data_types: z.array(z.string()),
  imported_types: z.array(z.string()).catch([]),
  email: z.string(),
})

export const DEV_API = {
  /** The mails the embedded API "sent", newest first; the mailbox reads each row leniently. */
  outbox: endpoint({ method: 'GET', path: '__dev/outbox/', access: 'public', answer: z.array(z.unknown()).catch([]) }),
  /** `?state=`: the open authorization the screen asks about. */
  consent: endpoint({ method: 'GET', path: '__dev/devices/consent/', access: 'public', answer: devConsentSchema }),
  decideConsent: endpoint({
    method: 'POST',
    path: '__dev/devices/consent/',
    access: 'public',
    body: consentBody,
    answer: z.object({ redirect_to: z.string().url() }),
  }),
}

export type DevConsent = z.output<typeof devConsentSchema>
