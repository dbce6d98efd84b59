// The content `npm run screens` adds to the demo seed so the screens show what breaks layouts:
// long names and e-mails, an unverified and a regaining patient, invited admins, a conversation.
// Called once the server (and its embedded API) answers.

export const SUPER = { email: 'super@baricare.test', password: 'Super#Admin1' }
export const PATIENT_PASSWORD = 'Patient#123'
// From the provider's demo seed (provider/demo-patients.ts).
export const LEO = 'leo.pounds@baricare.test' // lbs, after surgery, months of entries, tour not seen
export const KIM = 'kim.kilos@baricare.test' // kg, planning surgery, tour seen
export const NORA = 'nora.new@baricare.test' // verified, wizard not started

/** Calls the API at `providerBase` and answers its `content`, or throws with what it said. */
export function providerAt(providerBase) {
  return async function provider(method, path, body, token) {
    const response = await fetch(new URL(path, providerBase), {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await response.json().catch(() => ({}))
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
    return json.content
  }
}

/**
 * Long names and e-mails (patients and admins), an unverified patient and a regaining one: what
 * breaks tables. Leo's months of log come from the demo seed itself (provider/dev/demo-months.ts).
 */
export async function seedEdgeCases(providerBase) {
  const provider = providerAt(providerBase)
  const [long] = await provider('POST', '__dev/seed-patients/', {
    prefix: 'Screens',
    patients: [
      {
        full_name: 'Maximiliana Alexandrina Wolfeschlegelsteinhausen-Bergerdorff',
        email: 'maximiliana.alexandrina.wolfeschlegelsteinhausen@longdomain-example-clinic.org',
        surgery_type: 'Duodenal Switch',
        surgery_days_ago: 200,
      },
      {
        full_name: 'Unverified Patient With A Rather Long Name',
        email: 'unverified.patient.with.a.really.long.address@baricare.test',
        state: 'unverified',
      },
      {
        full_name: 'Oluwaseun Adebayo-Chukwuemeka Okonkwo',
        email: 'oluwaseun.adebayo-chukwuemeka.okonkwo@university-hospital-network.example.org',
        surgery_type: 'Gastric Bypass (RNY)',
        surgery_days_ago: 45,
      },
      {
        full_name: 'María José Fernández de la Torre y Castellanos',
        email: 'mariajose.fernandezdelatorre.castellanos@correo-electronico.example.com',
        surgery_type: null,
      },
      {
        full_name: 'Siddharth Venkataraman Subramaniam Iyer',
        email: 'siddharth.venkataraman.subramaniam.iyer@baricare.test',
        state: 'verified',
      },
      {
        full_name: 'Rita Regain',
        surgery_type: 'Gastric Bypass (RNY)',
        surgery_days_ago: 400,
        weights: [
          { days_ago: 60, kg: 90 },
          { days_ago: 30, kg: 86 },
          { days_ago: 1, kg: 95 },
        ],
      },
    ],
  })
  // Invited admins with long names and e-mails, for the Users table and the audit log.
  const login = await provider('POST', 'v1/admin/login/', SUPER)
  for (const invitee of [
    {
      full_name: 'Dr. Konstantinos Papadopoulos-Vasilakopoulos',
      email: 'konstantinos.papadopoulos-vasilakopoulos@bariatric-surgery-centre.example.org',
      role: 'Standard Admin',
    },
    {
      full_name: 'Annabelle Fitzgerald-Montgomery',
      email: 'annabelle.fitzgerald-montgomery.clinical.lead@baricare.test',
      role: 'Super Admin',
    },
  ])
    await provider('POST', 'v1/admin/admins/invite/', invitee, login.access_token)
  // FHIR client apps: one on a JWKS URL with a long name, one pasted with two keys, one disabled.
  const fhirClient = (body) => provider('POST', 'v1/admin/fhir-clients/', body, login.access_token)
  const longClient = await fhirClient({
    name: 'Saint Bartholomew Regional Medical Center Bariatric Surgery Outcomes Research Data Warehouse',
    jwks_url: 'https://integration.saint-bartholomew-regional-medical-center.example.org/.well-known/smart/jwks.json',
    scopes: ['system/Patient.rs', 'system/Observation.rs', 'system/Procedure.rs', 'system/Group.rs'],
  })
  await fhirClient({
    name: 'County Hospital EHR',
    jwks: {
      keys: [
        { kty: 'EC', crv: 'P-384', kid: 'county-2026-11', x: 'eA', y: 'eQ', alg: 'ES384' },
        { kty: 'RSA', kid: 'county-2025-rsa', n: 'bg', e: 'AQAB', alg: 'RS384' },
      ],
    },
    scopes: ['system/Observation.rs'],
  })
  const retired = await fhirClient({ name: 'Retired analytics feed', jwks_url: 'https://old-feed.example/jwks.json', scopes: ['system/Patient.rs'] })
  await provider('POST', `v1/admin/fhir-clients/${retired.id}/disable/`, undefined, login.access_token)
  // Leo's record: the months of log as his care team sees them.
  const [leo] = (
    await provider('GET', `v1/admin/patients/?q=${encodeURIComponent(LEO)}`, undefined, login.access_token)
  ).items
  // A conversation on Leo's record: a long message with line breaks, a long unbroken word, markup
  // typed as text, and the team's reply (the Messages screens, the inbox and the record's tab).
  const leoLogin = await provider('POST', 'v1/auth/login/', { email: LEO, password: PATIENT_PASSWORD })
  await provider(
    'POST',
    'v1/auth/messages/',
    {
      body:
        'Hello team,\nSince last week my incision has been itchy and a little red around the edges. ' +
        'It is not warm and there is no discharge. I have been keeping it clean and dry.\n\n' +
        'Should I come in, or is this part of healing? Also: is <b>Pepto-Bismol</b> safe after a bypass?\n' +
        'Thanks, Leo — https://example.com/photos/incision-week-6-afternoon-light-closeup-unbroken',
    },
    leoLogin.access_token,
  )
  await provider(
    'POST',
    `v1/admin/patients/${leo.id}/messages/`,
    { body: 'Thanks for writing, Leo. Mild itching is common at six weeks.\nPlease avoid Pepto-Bismol (it contains salicylate); we will call you today.' },
    login.access_token,
  )
  await provider('POST', 'v1/auth/messages/', { body: 'Thank you! I will keep my phone close.' }, leoLogin.access_token)
  return { longPatientId: long.id, leoId: leo.id, fhirClientId: longClient.id }
}
