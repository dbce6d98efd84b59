import type { MetaFunction } from '@remix-run/node'
import { PolicyPage } from '~/features/shell/policy-page'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Privacy Policy', matches)

export default function Privacy() {
  return (
    <PolicyPage title="Privacy Policy">
      <h2>What we keep</h2>
      <p>
        Your e-mail address, your health profile (personal details, medical history, surgery, device) and what you log
        or import from a connected device.
      </p>
      <h2>Who sees it</h2>
      <ul>
        <li>You, and the administrators of your clinic&apos;s programme who look after you.</li>
        <li>Every time an administrator opens your record or exports data, it is written to an audit log.</li>
        <li>Exports for analysis leave out your name, contact details and exact dates unless a senior administrator needs them.</li>
      </ul>
      <h2>What we do not do</h2>
      <ul>
        <li>We do not sell your data or use it for advertising.</li>
        <li>We keep your sign-in in a secure cookie; no tracking cookies.</li>
      </ul>
    </PolicyPage>
  )
}
