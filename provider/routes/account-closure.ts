// Extension (docs/provider-api.md "Closing an account"): POST v1/auth/close-account/ (the patient,
// with their password) and POST v1/admin/account-closures/ (a Super Admin, on the patient's written
// request). The admin's path names no patient id, so a provider without the extension answers 404
// on a path the app can tell apart from "no such patient" (app/platform/extensions.ts).
import {
  ACCOUNT_ALREADY_CLOSED,
  ADMIN_CLOSE_ACCOUNT_PATH,
  CLOSE_ACCOUNT_PATH,
  REFERENCE_MAX,
  REFERENCE_REQUIRED,
  WRONG_PASSWORD,
} from '../../common/contract/account-closure-values'
import { accountClosedSchema, closureTermsSchema } from '../../common/contract/account-closure'
import { closeAccount, closureSettings } from '../account-closure.js'
import { requireAdminRole, SUPER_ADMIN_ONLY } from '../admin-users-access.js'
import type { ProviderContext } from '../context.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { verifyPassword } from '../passwords.js'
import { authenticate } from '../sessions.js'
import { isPatient } from '../store/patients.js'
import { FieldReader } from '../validation.js'
import { PATIENT_NOT_FOUND } from './admin-patients.js'

const PASSWORD_MAX = 200
const MAX_ID = 1e15

export function accountClosureRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: CLOSE_ACCOUNT_PATH,
      answer: closureTermsSchema,
      handler: async (req) => {
        await authenticate(ctx, req.headers.authorization, 'customer')
        const { retentionYears, emailReuse } = closureSettings(ctx)
        return { message: 'Closing terms.', content: { retention_years: retentionYears, email_reuse: emailReuse } }
      },
    },
    { method: 'POST', path: CLOSE_ACCOUNT_PATH, answer: accountClosedSchema, handler: (req) => closeOwnAccount(ctx, req) },
    { method: 'POST', path: ADMIN_CLOSE_ACCOUNT_PATH, answer: accountClosedSchema, handler: (req) => closeOnRequest(ctx, req) },
  ]
}

async function closeOwnAccount(ctx: ProviderContext, req: RequestInput) {
  const account = await authenticate(ctx, req.headers.authorization, 'customer')
  const f = new FieldReader(jsonObjectBody(req))
  const password = f.text('password', { label: 'Password', required: 'Password is required', max: PASSWORD_MAX })
  f.done()
  if (!(await verifyPassword(password, account.password_hash))) {
    throw new ApiError(400, WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
  }
  const closed = await closeAccount(ctx, account.id, { actor: account, by: { kind: 'patient' } })
  // A second tab's request that lost the race: the session it came with has just ended.
  if (!closed) throw new ApiError(409, ACCOUNT_ALREADY_CLOSED)
  return { message: 'Your account has been closed.', content: closed }
}

async function closeOnRequest(ctx: ProviderContext, req: RequestInput) {
  const admin = await requireAdminRole(ctx, req, SUPER_ADMIN_ONLY)
  const f = new FieldReader(jsonObjectBody(req))
  const patientId = f.number('patient_id', { label: 'Patient id', required: 'Patient id is required', min: 1, max: MAX_ID, unit: '' })
  const reference = f.text('reference', { label: 'Reference', required: REFERENCE_REQUIRED, max: REFERENCE_MAX })
  if (patientId !== null && !Number.isInteger(patientId)) f.fail('patient_id', 'Patient id must be a whole number')
  f.done()
  if (!(await isPatient(ctx.db, patientId!))) throw new ApiError(404, PATIENT_NOT_FOUND)
  const closed = await closeAccount(ctx, patientId!, {
    actor: admin,
    by: { kind: 'admin', adminId: admin.id, reference },
  })
  if (!closed) throw new ApiError(409, ACCOUNT_ALREADY_CLOSED)
  return { message: 'The account has been closed.', content: closed }
}
