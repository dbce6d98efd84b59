import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { WIZARD_MESSAGES } from '~/platform/wizard-messages'
import { toggleChecklistValue, PRE_EXISTING_CONDITIONS } from './options'
import {
  bariatricSchema,
  deviceSchema,
  medicalSchema,
  NEGATIVE_MESSAGES,
  NONE_CONFLICT_MESSAGE,
  personalSchema,
} from './schemas'

// What a browser posts: repeated names for checklists, '' for empty inputs.
function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
  }
  return data
}

function errorsOf(submission: { status?: string; error?: Record<string, string[] | null> | null }) {
  return submission.status === 'success' ? {} : submission.error
}

const personal = {
  full_name: ' Pat Example ',
  phone_number: '(555) 123-4567',
  date_of_birth: '06/15/1985',
  gender: 'F',
  height_unit: 'ft-in',
  height: '',
  height_ft: '5',
  height_in: '10',
  initial_weight: '200',
  weight_unit: 'lbs',
  address_line1: '1 Main Street',
  address_line2: '',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
}

describe('personalSchema (step 1)', () => {
  it('gives every SPEC.md §5 message on an empty submit', () => {
    const submission = parseWithZod(form({ height_unit: 'cm', weight_unit: 'kg' }), { schema: personalSchema })
    expect(errorsOf(submission)).toEqual({
      full_name: [WIZARD_MESSAGES.fullName],
      date_of_birth: [WIZARD_MESSAGES.dateOfBirth],
      gender: [WIZARD_MESSAGES.gender],
      phone_number: [WIZARD_MESSAGES.phone],
      height: [WIZARD_MESSAGES.height],
      initial_weight: [WIZARD_MESSAGES.initialWeight],
      address_line1: [WIZARD_MESSAGES.address1],
      city: [WIZARD_MESSAGES.city],
      state: [WIZARD_MESSAGES.state],
      postal_code: [WIZARD_MESSAGES.postalCode],
    })
  })

  it('uses the exact SPEC texts', () => {
    expect(WIZARD_MESSAGES).toMatchObject({
      fullName: 'Full name is required',
      dateOfBirth: 'Date of birth is required',
      gender: 'Gender is required',
      phone: 'Contact number is required',
      height: 'Height is required',
      initialWeight: 'Initial weight is required',
      address1: 'Address line 1 is required',
      city: 'City is required',
      state: 'State / Province is required',
      postalCode: 'Postal / Zip Code is required',
    })
  })

  it('reads a complete form, applying the input filters and the ISO date', () => {
    const submission = parseWithZod(form(personal), { schema: personalSchema })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toEqual({
      full_name: 'Pat Example',
      phone_number: '5551234567',
      date_of_birth: '1985-06-15',
      gender: 'F',
      height_unit: 'ft-in',
      height_ft: 5,
      height_in: 10,
      initial_weight: 200,
      weight_unit: 'lbs',
      address_line1: '1 Main Street',
      address_line2: '',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
    })
  })

  it('treats an unparseable date of birth as empty', () => {
    for (const date_of_birth of ['13/45/1990', '02/30/1990', 'yesterday']) {
      const submission = parseWithZod(form({ ...personal, date_of_birth }), { schema: personalSchema })
      expect(errorsOf(submission)).toEqual({ date_of_birth: [WIZARD_MESSAGES.dateOfBirth] })
    }
  })

  it('accepts a date typed as digits only (numeric keypads have no slash)', () => {
    const submission = parseWithZod(form({ ...personal, date_of_birth: '06151985' }), { schema: personalSchema })
    expect(submission.status === 'success' && submission.value.date_of_birth).toBe('1985-06-15')
  })

  it('satisfies height with feet alone or inches alone (ft-in)', () => {
    for (const [height_ft, height_in] of [
      ['5', ''],
      ['', '70'],
    ]) {
      const submission = parseWithZod(form({ ...personal, height_ft, height_in }), { schema: personalSchema })
      expect(submission.status).toBe('success')
    }
    const neither = parseWithZod(form({ ...personal, height_ft: '', height_in: '' }), { schema: personalSchema })
    expect(errorsOf(neither)).toEqual({ height: [WIZARD_MESSAGES.height] })
  })

  it('reads only the inputs of the chosen height unit', () => {
    // A cm value hidden behind ft-in does not count, and ft/in hidden behind cm are ignored.
    const hiddenCm = parseWithZod(form({ ...personal, height: '170', height_ft: '', height_in: '' }), {
      schema: personalSchema,
    })
    expect(errorsOf(hiddenCm)).toEqual({ height: [WIZARD_MESSAGES.height] })
    const cm = parseWithZod(form({ ...personal, height_unit: 'cm', height: '170.55' }), { schema: personalSchema })
    expect(cm.status === 'success' && cm.value).toMatchObject({ height_unit: 'cm', height: 170.5 })
    expect(cm.status === 'success' && 'height_ft' in cm.value).toBe(false)
  })

  it('treats whitespace and filtered-away text as empty', () => {
    const submission = parseWithZod(form({ ...personal, full_name: '   ', phone_number: 'abc', initial_weight: 'kg' }), {
      schema: personalSchema,
    })
    expect(errorsOf(submission)).toEqual({
      full_name: [WIZARD_MESSAGES.fullName],
      phone_number: [WIZARD_MESSAGES.phone],
      initial_weight: [WIZARD_MESSAGES.initialWeight],
    })
  })

  it('refuses a negative height or weight with the field message, never drops the minus sign', () => {
    const cm = parseWithZod(form({ ...personal, height_unit: 'cm', height: '-170', initial_weight: '-80' }), {
      schema: personalSchema,
    })
    expect(errorsOf(cm)).toEqual({ height: [NEGATIVE_MESSAGES.height], initial_weight: [NEGATIVE_MESSAGES.initialWeight] })
    for (const [height_ft, height_in] of [
      ['-5', '10'],
      ['5', '-10'],
      ['5', '\u22122'],
    ]) {
      const ftIn = parseWithZod(form({ ...personal, height_ft, height_in }), { schema: personalSchema })
      expect(errorsOf(ftIn), `${height_ft} ft ${height_in} in`).toEqual({ height: [NEGATIVE_MESSAGES.height] })
    }
    const spaced = parseWithZod(form({ ...personal, initial_weight: ' - 80 ' }), { schema: personalSchema })
    expect(errorsOf(spaced)).toEqual({ initial_weight: [NEGATIVE_MESSAGES.initialWeight] })
  })

  it('refuses a gender outside M/F/O/N', () => {
    const submission = parseWithZod(form({ ...personal, gender: 'X' }), { schema: personalSchema })
    expect(errorsOf(submission)).toEqual({ gender: [WIZARD_MESSAGES.gender] })
  })
})

describe('medicalSchema (step 2)', () => {
  it('gives both SPEC.md §5 messages on an empty submit', () => {
    expect(errorsOf(parseWithZod(form({}), { schema: medicalSchema }))).toEqual({
      pre_existing_conditions: ['Pre-existingConditions are required'],
      previous_weight_loss_attempts: ['Previous Weight Loss Attempts are required'],
    })
  })

  it('reads single and multiple choices in list order, texts trimmed', () => {
    const submission = parseWithZod(
      form({
        pre_existing_conditions: ['GERD', 'Hypertension'],
        previous_weight_loss_attempts: 'None',
        allergies: ' peanuts ',
      }),
      { schema: medicalSchema },
    )
    expect(submission.status === 'success' && submission.value).toEqual({
      pre_existing_conditions: ['Hypertension', 'GERD'],
      other_conditions: '',
      allergies: 'peanuts',
      current_medications: '',
      diet_restrictions: '',
      previous_weight_loss_attempts: ['None'],
    })
  })

  it("asks instead of guessing when 'None' comes with other items (no JavaScript)", () => {
    const submission = parseWithZod(
      form({ pre_existing_conditions: ['None', 'GERD'], previous_weight_loss_attempts: ['Diet programs', 'None'] }),
      { schema: medicalSchema },
    )
    expect(errorsOf(submission)).toEqual({
      pre_existing_conditions: [NONE_CONFLICT_MESSAGE],
      previous_weight_loss_attempts: [NONE_CONFLICT_MESSAGE],
    })
    expect(NONE_CONFLICT_MESSAGE).toBe('Choose “None” or specific items, not both')
  })

  it('refuses items outside the lists', () => {
    const submission = parseWithZod(
      form({ pre_existing_conditions: 'Flu', previous_weight_loss_attempts: 'None' }),
      { schema: medicalSchema },
    )
    expect(errorsOf(submission)).toEqual({ pre_existing_conditions: ['Choose from the list'] })
  })
})

describe("'None' exclusivity while ticking (SPEC.md §4)", () => {
  const options = PRE_EXISTING_CONDITIONS
  it("choosing 'None' clears every other choice", () => {
    expect(toggleChecklistValue(['Hypertension', 'GERD'], 'None', true, options)).toEqual(['None'])
  })
  it("choosing another item removes 'None'", () => {
    expect(toggleChecklistValue(['None'], 'GERD', true, options)).toEqual(['GERD'])
  })
  it('keeps the list order and unticks plainly', () => {
    expect(toggleChecklistValue(['GERD'], 'Hypertension', true, options)).toEqual(['Hypertension', 'GERD'])
    expect(toggleChecklistValue(['Hypertension', 'GERD'], 'GERD', false, options)).toEqual(['Hypertension'])
    expect(toggleChecklistValue(['None'], 'None', false, options)).toEqual([])
  })
})

describe('bariatricSchema (step 3)', () => {
  it('asks for the status first', () => {
    expect(errorsOf(parseWithZod(form({}), { schema: bariatricSchema }))).toEqual({
      bariatric_status: ['Bariatic status is required'],
    })
  })

  it('requires type, date and pre-surgery weight when the status is yes', () => {
    expect(errorsOf(parseWithZod(form({ bariatric_status: 'yes' }), { schema: bariatricSchema }))).toEqual({
      surgery_type: ['Surgery type is required'],
      surgery_date: ['Surgery date is required'],
      pre_surgery_weight: ['Pre-surgery weight is required'],
    })
  })

  it('ignores the hidden details when the status is plan or no', () => {
    for (const status of ['plan', 'no']) {
      const submission = parseWithZod(
        form({ bariatric_status: status, surgery_type: 'Nonsense', surgery_date: 'junk', pre_surgery_weight: '300' }),
        { schema: bariatricSchema },
      )
      expect(submission.status === 'success' && submission.value).toEqual({ bariatric_status: status })
    }
  })

  it('reads the details when the status is yes', () => {
    const submission = parseWithZod(
      form({
        bariatric_status: 'yes',
        surgery_type: 'Sleeve Gastrectomy',
        surgery_date: '03/01/2026',
        funding_method: '',
        pre_surgery_weight: '280.5',
        pre_surgery_weight_unit: 'lbs',
        goal_weight: '',
        goal_weight_unit: 'kg',
        hospital_name: ' General ',
      }),
      { schema: bariatricSchema },
    )
    expect(submission.status === 'success' && submission.value).toEqual({
      bariatric_status: 'yes',
      surgery_type: 'Sleeve Gastrectomy',
      surgery_date: '2026-03-01',
      funding_method: undefined,
      pre_surgery_weight: 280.5,
      pre_surgery_weight_unit: 'lbs',
      goal_weight: undefined,
      goal_weight_unit: 'kg',
      hospital_name: 'General',
      hospital_address: '',
      surgery_comments: '',
    })
  })
})

describe('bariatricSchema: negative weights', () => {
  it('refuses negative pre-surgery and goal weights with the field message', () => {
    const submission = parseWithZod(
      form({
        bariatric_status: 'yes',
        surgery_type: 'Sleeve Gastrectomy',
        surgery_date: '03/01/2026',
        pre_surgery_weight: '-280.5',
        pre_surgery_weight_unit: 'lbs',
        goal_weight: '-150',
        goal_weight_unit: 'lbs',
      }),
      { schema: bariatricSchema },
    )
    expect(errorsOf(submission)).toEqual({
      pre_surgery_weight: [NEGATIVE_MESSAGES.preSurgeryWeight],
      goal_weight: [NEGATIVE_MESSAGES.goalWeight],
    })
  })
})

describe('deviceSchema (step 4)', () => {
  it('gives both SPEC.md §5 messages on an empty submit', () => {
    expect(errorsOf(parseWithZod(form({}), { schema: deviceSchema }))).toEqual({
      deviceNeeds: ['Please specify your device preference'],
      wearable_os: ['Mobile OS is required'],
    })
  })

  it('keeps the wearable type only for have-device', () => {
    const have = parseWithZod(form({ deviceNeeds: 'have-device', wearable_type: ' Fitbit ', wearable_os: 'android' }), {
      schema: deviceSchema,
    })
    expect(have.status === 'success' && have.value).toEqual({
      deviceNeeds: 'have-device',
      wearable_type: 'Fitbit',
      wearable_os: 'android',
    })
    const need = parseWithZod(form({ deviceNeeds: 'need-device', wearable_type: 'Fitbit', wearable_os: 'ios' }), {
      schema: deviceSchema,
    })
    expect(need.status === 'success' && need.value).toEqual({ deviceNeeds: 'need-device', wearable_os: 'ios' })
  })
})
