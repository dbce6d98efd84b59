// The patient's profile (SPEC.md §7, docs/provider-api.md): the whole profile, the onboarding
// sections and the tour. The bodies are the route table's (common/contract/profile-requests.ts).
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import { changePatients } from '../patient-changes.js'
import { markTourSeen, profileContent, readFlags, saveSection } from '../store/profiles.js'
import { API } from '../../common/contract/endpoints'

export function profileRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.profile.get, async ({ caller }) => ({
      message: 'Profile loaded.',
      content: await profileContent(ctx.db, caller.account),
    })),
    serve(API.profile.personal, async ({ caller: { account }, body: section }) => {
      await changePatients(ctx.db, (tx) => saveSection(tx, account.id, 'personal', section))
      return { message: 'Profile Updated', content: { ...section, email: account.email } }
    }),
    serve(API.profile.medical, async ({ caller: { account }, body: section }) => {
      await changePatients(ctx.db, (tx) => saveSection(tx, account.id, 'medical_history', section))
      return { message: 'Medical History Updated', content: section }
    }),
    serve(API.profile.bariatric, async ({ caller: { account }, body: section }) => {
      await changePatients(ctx.db, (tx) => saveSection(tx, account.id, 'bariatric_surgery', section))
      return { message: 'Bariatric Surgery Information Updated', content: section }
    }),
    serve(API.profile.device, async ({ caller: { account }, body: section }) => {
      const flags = await readFlags(ctx.db, account.id)
      // The last step is what makes a patient onboarded, so it is refused (and nothing stored) until the rest is done.
      if (!flags.profile_completed || !flags.medical_completed || !flags.bariatric_completed) {
        throw new ApiError(409, 'Complete the earlier steps first')
      }
      await changePatients(ctx.db, (tx) => saveSection(tx, account.id, 'device_information', section))
      return { message: 'Device Details Updated', content: section }
    }),
    serve(API.profile.tourCompleted, async ({ caller }) => {
      await markTourSeen(ctx.db, caller.account.id)
      return { message: 'Tour marked as completed.', content: null }
    }),
  ]
}
