// SPEC.md's texts for the profile set-up wizard's required fields, exactly as documented (typos
// included). Apart from messages.ts so that the signed-out screens, which import that, do not
// download these and the contract module the full name's text comes from.
import { FULL_NAME_REQUIRED } from '~/../common/contract/profile-values'

export const WIZARD_MESSAGES = {
  fullName: FULL_NAME_REQUIRED,
  dateOfBirth: 'Date of birth is required',
  gender: 'Gender is required',
  phone: 'Contact number is required',
  height: 'Height is required',
  initialWeight: 'Initial weight is required',
  address1: 'Address line 1 is required',
  city: 'City is required',
  state: 'State / Province is required',
  postalCode: 'Postal / Zip Code is required',
  conditions: 'Pre-existingConditions are required',
  attempts: 'Previous Weight Loss Attempts are required',
  bariatricStatus: 'Bariatic status is required',
  surgeryType: 'Surgery type is required',
  surgeryDate: 'Surgery date is required',
  preSurgeryWeight: 'Pre-surgery weight is required',
  deviceNeeds: 'Please specify your device preference',
  mobileOs: 'Mobile OS is required',
} as const
