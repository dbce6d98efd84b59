import type { MetaFunction } from '@remix-run/node'
import { PolicyPage } from '~/features/shell/policy-page'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Terms of Service', matches)

export default function Terms() {
  return (
    <PolicyPage title="Terms of Service">
      <h2>What this service is</h2>
      <p>
        A place to keep your health profile, log your weight, sleep and meals, see your trends and share them with the
        care team of your weight-loss or bariatric-surgery programme.
      </p>
      <h2>What it is not</h2>
      <ul>
        <li>It is not medical advice and does not replace your care team.</li>
        <li>It is not watched around the clock. In an emergency, call your local emergency number.</li>
      </ul>
      <h2>Your account</h2>
      <ul>
        <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
        <li>Enter information that is true to the best of your knowledge; your care team relies on it.</li>
      </ul>
    </PolicyPage>
  )
}
