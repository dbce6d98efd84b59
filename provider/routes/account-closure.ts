// Extension (docs/provider-api.md "Closing an account"): POST v1/auth/close-account/ (the patient,
// with their password) and POST v1/admin/account-closures/ (a Super Admin, on the patient's written
// request). The admin's path names no patient id, so a provider without the extension answers 404
// on a path the app can tell apart from "no such patient" (app/platform/extensions.ts).
import { ACCOUNT_ALREADY_CLOSED, WRONG_PASSWORD } from '../../common/contract/account-closure-values'
import { API, type BodyOf } from '../../common/contract/endpoints'
import { closeAccount, closureSettings } from '../account-closure.js'
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import { verifyPassword } from '../passwords.js'
import type { Account } from '../store/accounts.js'
import { isPatient } from '../store/patients.js'
import { PATIENT_NOT_FOUND } from './admin-patients.js'

export function accountClosureRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.yourData.closeTerms, () => {
      const { retentionYears, emailReuse } = closureSettings(ctx)
      return { message: 'Closing terms.', content: { retention_years: retentionYears, email_reuse: emailReuse } }
    }),
    serve(API.yourData.close, ({ caller, body }) => closeOwnAccount(ctx, caller.account, body)),
    serve(API.yourData.closeOnRequest, ({ caller, body }) => closeOnRequest(ctx, caller.account, body)),
  ]
}

async function closeOwnAccount(ctx: ProviderContext, account: Account, { password }: BodyOf<typeof API.yourData.close>) {
  if (!(await verifyPassword(password, account.password_hash))) {
    throw new ApiError(400, WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
  }
  const closed = await closeAccount(ctx, account.id, { actor: account, by: { kind: 'patient' } })
  // A second tab's request that lost the race: the session it came with has just ended.
  if (!closed) throw new ApiError(409, ACCOUNT_ALREADY_CLOSED)
  return { message: 'Your account has been closed.', content: closed }
}

async function closeOnRequest(
  ctx: ProviderContext,
  admin: Account,
  { patient_id: patientId, reference }: BodyOf<typeof API.yourData.closeOnRequest>,
) {
  if (!(await isPatient(ctx.db, patientId))) throw new ApiError(404, PATIENT_NOT_FOUND)
  const closed = await closeAccount(ctx, patientId, {
    actor: admin,
    by: { kind: 'admin', adminId: admin.id, reference },
  })
  if (!closed) throw new ApiError(409, ACCOUNT_ALREADY_CLOSED)
  return { message: 'The account has been closed.', content: closed }
}
