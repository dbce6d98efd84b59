import {
  bariatricSectionSchema,
  customerProfileSchema,
  deviceSectionSchema,
  medicalSectionSchema,
  personalAnswerSchema,
  tourCompletedAnswerSchema,
} from '../../common/contract/profile'
import type { ProviderContext } from '../context.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { readBariatric, readDevice, readMedical, readPersonal } from '../profile-sections.js'
import { markTourSeen, profileContent, readFlags, saveSection } from '../store/profiles.js'
import { authenticate } from '../sessions.js'

export function profileRoutes(ctx: ProviderContext): Route[] {
  const customer = (req: RequestInput) => authenticate(ctx, req.headers.authorization, 'customer')
  return [
    {
      method: 'GET',
      path: 'v1/auth/profile/',
      answer: customerProfileSchema,
      handler: async (req) => ({ message: 'Profile loaded.', content: await profileContent(ctx.db, await customer(req)) }),
    },
    {
      method: 'PUT',
      path: 'v1/auth/profile/personal/',
      answer: personalAnswerSchema,
      handler: async (req) => {
        const account = await customer(req)
        const section = readPersonal(jsonObjectBody(req))
        await saveSection(ctx.db, account.id, 'personal', section)
        return { message: 'Profile Updated', content: { ...section, email: account.email } }
      },
    },
    {
      method: 'PUT',
      path: 'v1/auth/profile/medical/',
      answer: medicalSectionSchema,
      handler: async (req) => {
        const account = await customer(req)
        const section = readMedical(jsonObjectBody(req))
        await saveSection(ctx.db, account.id, 'medical_history', section)
        return { message: 'Medical History Updated', content: section }
      },
    },
    {
      method: 'PUT',
      path: 'v1/auth/profile/bariatric/',
      answer: bariatricSectionSchema,
      handler: async (req) => {
        const account = await customer(req)
        const section = readBariatric(jsonObjectBody(req))
        await saveSection(ctx.db, account.id, 'bariatric_surgery', section)
        return { message: 'Bariatric Surgery Information Updated', content: section }
      },
    },
    {
      method: 'PUT',
      path: 'v1/auth/profile/device/',
      answer: deviceSectionSchema,
      handler: async (req) => {
        const account = await customer(req)
        const section = readDevice(jsonObjectBody(req))
        const flags = await readFlags(ctx.db, account.id)
        // The last step is what makes a patient onboarded, so it is refused (and nothing stored) until the rest is done.
        if (!flags.profile_completed || !flags.medical_completed || !flags.bariatric_completed) {
          throw new ApiError(409, 'Complete the earlier steps first')
        }
        await saveSection(ctx.db, account.id, 'device_information', section)
        return { message: 'Device Details Updated', content: section }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/tour-completed/',
      answer: tourCompletedAnswerSchema,
      handler: async (req) => {
        await markTourSeen(ctx.db, (await customer(req)).id)
        return { message: 'Tour marked as completed.', content: null }
      },
    },
  ]
}
