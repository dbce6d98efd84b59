import { expect, test, type Page } from '@playwright/test'
import { createCustomer, receivedFrom, type RecordedRequest } from './support/provider'
import { signInCustomer } from './support/sign-in'

// The profile-setup wizard against the reference provider, with and without JavaScript.

const SETUP = '/customer/profile-setup'

async function signInNew(page: Page, ...args: Parameters<typeof createCustomer>) {
  const customer = await createCustomer(...args)
  await signInCustomer(page, customer.email, customer.password)
  return customer
}

type Customer = { email: string; password: string }

/** The newest PUT this customer's tokens sent on `path` whose body matches `pick`. */
async function lastBody(customer: Customer, path: string, pick: (body: Record<string, unknown>) => boolean) {
  const requests: RecordedRequest[] = await receivedFrom(customer, path)
  const found = requests.find((r) => r.method === 'PUT' && r.body !== null && pick(r.body))
  if (!found) throw new Error(`no PUT ${path} matched`)
  return found
}

const label = (page: Page, text: string) => page.locator('label').filter({ hasText: new RegExp(`^${text}$`) })

async function fillPersonal(page: Page, name: string, { dateOfBirth = '06/15/1985' } = {}) {
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Contact Number').fill('5551234567')
  await page.getByLabel('Date of Birth', { exact: true }).fill(dateOfBirth)
  await page.getByRole('radio', { name: 'Female' }).check()
  await label(page, 'ft / in').click()
  await page.getByRole('textbox', { name: 'Feet' }).fill('5')
  await page.getByRole('textbox', { name: 'Inches' }).fill('10')
  await page.getByRole('group', { name: 'Initial Weight' }).locator('label').filter({ hasText: /^lbs$/ }).click()
  await page.getByRole('textbox', { name: 'Initial Weight' }).fill('200')
  await page.getByLabel('Address Line 1').fill('1 Main Street')
  await page.getByLabel('City').fill('Springfield')
  await page.getByLabel('State / Province').fill('IL')
  await page.getByLabel('Postal / Zip Code').fill('62701')
}

async function fillMedical(page: Page) {
  await page.getByRole('checkbox', { name: 'Hypertension' }).check()
  await page.getByRole('checkbox', { name: 'GERD' }).check()
  await page.getByLabel('Allergies (optional)').fill('Peanuts')
  await page.getByRole('checkbox', { name: 'Diet programs' }).check()
}

async function fillBariatric(page: Page) {
  await page.getByRole('radio', { name: 'Yes, I have had surgery' }).check()
  await page.getByLabel('Surgery Type').selectOption('Sleeve Gastrectomy')
  await page.getByLabel('Surgery Date', { exact: true }).fill('03/01/2025')
  const pre = page.getByRole('group', { name: 'Pre-surgery Weight' })
  await pre.locator('label').filter({ hasText: /^lbs$/ }).click()
  await page.getByRole('textbox', { name: 'Pre-surgery Weight' }).fill('280')
  // The weight units start as the patient's own (lbs from step 1).
  await expect(page.getByRole('radio', { name: 'lbs' }).nth(1)).toBeChecked()
  await page.getByRole('textbox', { name: 'Goal Weight (optional)' }).fill('180')
}

async function fillDevice(page: Page) {
  await page.getByRole('radio', { name: 'I have a wearable device' }).check()
  await page.getByLabel('Wearable Type').fill('Apple Watch')
  await page.getByRole('radio', { name: 'iOS' }).check()
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

async function expectPayloads(customer: Customer, name: string) {
  const personal = await lastBody(customer, 'v1/auth/profile/personal/', (b) => b.full_name === name)
  expect(personal.body).toEqual({
    date_of_birth: '1985-06-15',
    full_name: name,
    gender: 'F',
    phone_number: '5551234567',
    height: 177.8,
    height_unit: 'ft-in',
    // 200 lbs ÷ 2.20462 = 90.71858… → 3 decimals.
    initial_weight: 90.719,
    weight_unit: 'lbs',
    address_line1: '1 Main Street',
    address_line2: '',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
  })
  return personal
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('a new patient completes the four steps in ft-in and lbs and lands on the dashboard', async ({ page }) => {
      test.slow()
      const name = `Pat ${javaScriptEnabled ? 'Js' : 'NoJs'} ${Date.now()}`
      const customer = await signInNew(page, [])
      await expect(page).toHaveURL(new RegExp(`${SETUP}`))
      await expect(page).toHaveTitle('Profile Setup | BariCare')

      // Step 1
      await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible()
      await expect(page.getByText('Step 1 of 4', { exact: true })).toBeVisible()
      await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25')
      await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled()
      await expect(page.getByRole('heading', { name: 'Address Details' })).toBeVisible()
      await expect(page.getByText('We use this address for shipping', { exact: false })).toBeVisible()
      await expect(page.getByText('+1', { exact: true })).toBeVisible()
      await fillPersonal(page, name)
      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(page).toHaveURL(/step=2$/)
      await expect(notice(page, 'Profile Updated')).toBeVisible()

      // Step 2
      await expect(page.getByText('Step 2 of 4', { exact: true })).toBeVisible()
      await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
      await fillMedical(page)
      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(page).toHaveURL(/step=3$/)
      await expect(notice(page, 'Medical History Updated')).toBeVisible()

      // Step 3
      await expect(page.getByRole('heading', { name: 'Bariatric Surgery' })).toBeVisible()
      await fillBariatric(page)
      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(page).toHaveURL(/step=4$/)
      await expect(notice(page, 'Bariatic Surgery Information Updated')).toBeVisible()

      // Step 4
      await expect(page.getByText('Step 4 of 4', { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Next Step' })).toHaveCount(0)
      await fillDevice(page)
      await page.getByRole('button', { name: 'Complete Profile' }).click()
      await expect(page).toHaveURL(/\/customer\/dashboard$/)
      await expect(notice(page, 'Device Details Updated')).toBeVisible()

      // What the provider received: cm, kg, ISO dates, units as chosen.
      const personal = await expectPayloads(customer, name)
      const after = (r: RecordedRequest) => r.id > personal.id && r.auth === 'customer'
      const medical = await lastBody(customer, 'v1/auth/profile/medical/', (b) => b.allergies === 'Peanuts')
      expect(after(medical)).toBe(true)
      expect(medical.body).toEqual({
        pre_existing_conditions: ['Hypertension', 'GERD'],
        other_conditions: '',
        allergies: 'Peanuts',
        current_medications: '',
        diet_restrictions: '',
        previous_weight_loss_attempts: ['Diet programs'],
      })
      const bariatric = await lastBody(customer, 'v1/auth/profile/bariatric/', (b) => b.surgery_date === '2025-03-01')
      expect(bariatric.body).toEqual({
        bariatric_status: 'yes',
        surgery_type: 'Sleeve Gastrectomy',
        surgery_date: '2025-03-01',
        pre_surgery_weight: 127.006,
        goal_weight: 81.647,
        pre_surgery_weight_unit: 'lbs',
        goal_weight_unit: 'lbs',
        hospital_name: '',
        funding_method: null,
        surgery_comments: '',
        hospital_address: '',
      })
      const device = await lastBody(customer, 'v1/auth/profile/device/', (b) => b.wearable_type === 'Apple Watch')
      expect(device.body).toEqual({
        has_wearable: true,
        need_device_shipment: false,
        wearable_type: 'Apple Watch',
        wearable_os: 'ios',
      })

      // Onboarded: the wizard now sends the patient to the dashboard.
      await page.goto(SETUP)
      await expect(page).toHaveURL(/\/customer\/dashboard$/)
    })

    test('every step shows its required-field messages on an empty submit', async ({ page }) => {
      await signInNew(page, [])
      const incomplete = javaScriptEnabled
        ? notice(page, 'Please complete all required fields')
        : page.getByRole('alert').filter({ hasText: 'Please complete all required fields' })

      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(incomplete).toBeVisible()
      for (const message of [
        'Full name is required',
        'Date of birth is required',
        'Gender is required',
        'Contact number is required',
        'Height is required',
        'Initial weight is required',
        'Address line 1 is required',
        'City is required',
        'State / Province is required',
        'Postal / Zip Code is required',
      ]) {
        await expect(page.getByText(message, { exact: true })).toBeVisible()
      }
      await expect(page).toHaveURL(new RegExp(`${SETUP}(\\?step=1)?$`))
      await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true')
    })

    test('steps 2 to 4 show their required-field messages on an empty submit', async ({ page }) => {
      test.slow()
      await signInNew(page, ['personal'])
      await expect(page.getByText('Step 2 of 4', { exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(page.getByText('Pre-existingConditions are required', { exact: true })).toBeVisible()
      await expect(page.getByText('Previous Weight Loss Attempts are required', { exact: true })).toBeVisible()
      await expect(page).toHaveURL(/profile-setup$/)
      await fillMedical(page)
      await page.getByRole('button', { name: 'Next Step' }).click()

      await expect(page.getByText('Step 3 of 4', { exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(page.getByText('Bariatic status is required', { exact: true })).toBeVisible()
      // The details (and their messages) only come with 'yes'.
      await expect(page.getByText('Surgery type is required', { exact: true })).toHaveCount(0)
      await page.getByRole('radio', { name: 'Yes, I have had surgery' }).check()
      await page.getByRole('button', { name: 'Next Step' }).click()
      for (const message of ['Surgery type is required', 'Surgery date is required', 'Pre-surgery weight is required']) {
        await expect(page.getByText(message, { exact: true })).toBeVisible()
      }
      await page.getByRole('radio', { name: 'No', exact: true }).check()
      await page.getByRole('button', { name: 'Next Step' }).click()

      await expect(page.getByText('Step 4 of 4', { exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Complete Profile' }).click()
      await expect(page.getByText('Please specify your device preference', { exact: true })).toBeVisible()
      await expect(page.getByText('Mobile OS is required', { exact: true })).toBeVisible()
      await expect(page).toHaveURL(/step=4$/)
    })

    test('conditional sections follow their radio', async ({ page }) => {
      const customer = await signInNew(page, ['personal', 'medical'])
      const surgeryType = page.getByLabel('Surgery Type')
      await expect(surgeryType).toBeHidden()
      await page.getByRole('radio', { name: 'Yes, I have had surgery' }).check()
      await expect(surgeryType).toBeVisible()
      await page.getByRole('radio', { name: 'I am planning surgery' }).check()
      await expect(surgeryType).toBeHidden()
      // Hidden details are neither validated nor sent.
      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(page).toHaveURL(/step=4$/)
      const [bariatric] = await receivedFrom(customer, 'v1/auth/profile/bariatric/')
      expect(bariatric?.body).toEqual({ bariatric_status: 'plan' })

      const wearableType = page.getByLabel('Wearable Type')
      const os = page.getByRole('radio', { name: 'Android' })
      await expect(wearableType).toBeHidden()
      await expect(os).toBeVisible()
      await page.getByRole('radio', { name: 'I have a wearable device' }).check()
      await expect(wearableType).toBeVisible()
      await page.getByRole('radio', { name: 'I need a device' }).check()
      await expect(wearableType).toBeHidden()
      await os.check()
      await page.getByRole('button', { name: 'Complete Profile' }).click()
      await expect(page).toHaveURL(/\/customer\/dashboard$/)
      const [device] = await receivedFrom(customer, 'v1/auth/profile/device/')
      expect(device?.body).toEqual({ has_wearable: false, need_device_shipment: true, wearable_type: null, wearable_os: 'android' })
    })

    test('a provider field error appears under its field and the input is kept', async ({ page }) => {
      const customer = await signInNew(page, [])
      const name = `Future ${javaScriptEnabled} ${Date.now()}`
      await fillPersonal(page, name, { dateOfBirth: '01/01/2099' })
      await page.getByRole('button', { name: 'Next Step' }).click()
      const dob = page.getByLabel('Date of Birth', { exact: true })
      const error = page.getByText('Date of birth cannot be in the future', { exact: true })
      await expect(error).toBeVisible()
      await expect(dob).toHaveAttribute('aria-invalid', 'true')
      // Tied to the field for assistive technology, in red under it.
      const describedBy = (await dob.getAttribute('aria-describedby')) ?? ''
      const errorId = await error.locator('xpath=..').getAttribute('id')
      expect(describedBy.split(' ')).toContain(errorId)
      await expect(page).toHaveURL(/profile-setup(\?step=1)?$/)
      await expect(page.getByLabel('Full Name')).toHaveValue(name)
      await expect(dob).toHaveValue('01/01/2099')
      await expect(page.getByRole('textbox', { name: 'Feet' })).toHaveValue('5')
      const sent = await lastBody(customer, 'v1/auth/profile/personal/', (b) => b.full_name === name)
      expect(sent.status).toBe(400)

      // A height the provider refuses (400 cm) shows under the height.
      await dob.fill('06/15/1985')
      await label(page, 'cm').click()
      await page.getByRole('textbox', { name: 'Height in centimetres' }).fill('400')
      await page.getByRole('button', { name: 'Next Step' }).click()
      await expect(page.getByText('Height must be between 50 and 275 cm', { exact: true })).toBeVisible()
      await expect(page.getByRole('textbox', { name: 'Height in centimetres' })).toHaveValue('400')
    })

    test('a patient who finished the medical step resumes at step 3 with converted values', async ({ page }) => {
      await signInNew(page, ['personal', 'medical'], {
        personal: { height: 177.8, height_unit: 'ft-in', initial_weight: 90.719, weight_unit: 'lbs' },
      })
      await expect(page).toHaveURL(new RegExp(SETUP))
      await expect(page.getByText('Step 3 of 4', { exact: true })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Bariatric Surgery' })).toBeVisible()

      // Not past the first incomplete step by editing the URL.
      await page.goto(`${SETUP}?step=4`)
      await expect(page).toHaveURL(/step=3$/)

      await page.getByRole('link', { name: 'Back' }).click()
      await expect(page).toHaveURL(/step=2$/)
      await expect(page.getByRole('checkbox', { name: 'Hypertension' })).toBeChecked()
      await page.getByRole('link', { name: 'Back' }).click()
      await expect(page).toHaveURL(/step=1$/)
      await expect(page.getByRole('radio', { name: 'ft / in' })).toBeChecked()
      await expect(page.getByRole('textbox', { name: 'Feet' })).toHaveValue('5')
      await expect(page.getByRole('textbox', { name: 'Inches' })).toHaveValue('10')
      await expect(page.getByRole('radio', { name: 'lbs' })).toBeChecked()
      await expect(page.getByRole('textbox', { name: 'Initial Weight' })).toHaveValue('200')
      await expect(page.getByLabel('Date of Birth', { exact: true })).toHaveValue('06/15/1985')
      await expect(page.getByLabel('Full Name')).toHaveValue('Pat Example')
      await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked()
    })
  })
}

test.describe('with JavaScript only', () => {
  test("'None' is exclusive in the checklists", async ({ page }) => {
    await signInNew(page, ['personal'])
    const gerd = page.getByRole('checkbox', { name: 'GERD' })
    const none = page.getByRole('group', { name: 'Pre-existing Conditions' }).getByRole('checkbox', { name: 'None' })
    await gerd.check()
    await page.getByRole('checkbox', { name: 'Hypertension' }).check()
    await none.check()
    await expect(gerd).not.toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Hypertension' })).not.toBeChecked()
    await gerd.check()
    await expect(none).not.toBeChecked()
  })

  test('typing is filtered: digits for the phone, one decimal for weights, slashes for dates', async ({ page }) => {
    await signInNew(page, [])
    const phone = page.getByLabel('Contact Number')
    await phone.pressSequentially('(555) 123-abc4567')
    await expect(phone).toHaveValue('5551234567')
    const weight = page.getByRole('textbox', { name: 'Initial Weight' })
    await weight.pressSequentially('12a0.55.5')
    await expect(weight).toHaveValue('120.5')
    await label(page, 'ft / in').click()
    const feet = page.getByRole('textbox', { name: 'Feet' })
    await feet.pressSequentially('5.5')
    await expect(feet).toHaveValue('55')
    const inches = page.getByRole('textbox', { name: 'Inches' })
    await inches.pressSequentially('11.95')
    await expect(inches).toHaveValue('11.9')
    const dob = page.getByLabel('Date of Birth', { exact: true })
    await dob.pressSequentially('06151985')
    await expect(dob).toHaveValue('06/15/1985')
    await dob.fill('')
    await expect(dob).toHaveValue('')
  })

  test('switching the height unit fills the other unit with the same height', async ({ page }) => {
    await signInNew(page, [])
    await page.getByRole('textbox', { name: 'Height in centimetres' }).fill('170')
    await label(page, 'ft / in').click()
    await expect(page.getByRole('textbox', { name: 'Feet' })).toHaveValue('5')
    await expect(page.getByRole('textbox', { name: 'Inches' })).toHaveValue('6.9')
    // Typed values are never overwritten: change ft/in, go back to cm, the 170 stays.
    await page.getByRole('textbox', { name: 'Inches' }).fill('7')
    await label(page, 'cm').click()
    await expect(page.getByRole('textbox', { name: 'Height in centimetres' })).toHaveValue('170')
  })

  test('a step shows the setup skeleton while it loads', async ({ page }) => {
    await signInNew(page, ['personal', 'medical'])
    await expect(page.getByText('Step 3 of 4', { exact: true })).toBeVisible()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/customer/profile-setup.data?*', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('link', { name: 'Back' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Loading the next step' })).toBeVisible()
    release()
    await expect(page.getByRole('heading', { name: 'Medical History' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Next Step' })).toBeVisible()
  })
})

test.describe('with JavaScript only (saving)', () => {
  test("the buttons say 'Saving...' and 'Saving Profile...' while saving", async ({ page }) => {
    await signInNew(page, ['personal', 'medical'])
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/customer/profile-setup.data*', async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await page.getByRole('radio', { name: 'No', exact: true }).check()
    await page.getByRole('button', { name: 'Next Step' }).click()
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled()
    release()
    await expect(page.getByText('Step 4 of 4', { exact: true })).toBeVisible()

    let releaseLast: () => void = () => {}
    const heldLast = new Promise<void>((resolve) => (releaseLast = resolve))
    await page.unroute('**/customer/profile-setup.data*')
    await page.route('**/customer/profile-setup.data*', async (route) => {
      if (route.request().method() === 'POST') await heldLast
      await route.continue()
    })
    await page.getByRole('radio', { name: 'I need a device' }).check()
    await page.getByRole('radio', { name: 'Android' }).check()
    await page.getByRole('button', { name: 'Complete Profile' }).click()
    await expect(page.getByRole('button', { name: 'Saving Profile...' })).toBeDisabled()
    releaseLast()
    // The last save refreshes the patient's summary and then loads the dashboard: on a busy CI
    // machine that took longer than the 7 s an expectation gets by default.
    await expect(page).toHaveURL(/\/customer\/dashboard$/, { timeout: 15_000 })
  })
})

test.describe('without JavaScript only', () => {
  test.use({ javaScriptEnabled: false })

  test("'None' with another choice asks the patient to pick", async ({ page }) => {
    await signInNew(page, ['personal'])
    await page.getByRole('group', { name: 'Pre-existing Conditions' }).getByRole('checkbox', { name: 'None' }).check()
    await page.getByRole('checkbox', { name: 'GERD' }).check()
    await page.getByRole('checkbox', { name: 'Diet programs' }).check()
    await page.getByRole('button', { name: 'Next Step' }).click()
    await expect(page.getByText('Choose “None” or specific items, not both', { exact: true })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'GERD' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Diet programs' })).toBeChecked()
  })
})

test.describe('guards', () => {
  test('signed out → sign-in; onboarded → dashboard', async ({ page }) => {
    await page.goto(SETUP)
    await expect(page).toHaveURL(/\/customer\/signin/)
    await signInNew(page)
    await page.goto(SETUP)
    await expect(page).toHaveURL(/\/customer\/dashboard$/)
  })
})
