import {
  adminLoginSchema,
  adminSessionSchema,
  adminUserSchema,
  mfaConfirmSchema,
  mfaSetupSchema,
  mfaStatusSchema,
  refreshAnswerSchema,
} from '../../common/contract/auth'
import { ANY_ADMIN, requireAdminRole, requireAdminSession } from '../admin-users-access.js'
import { completeSignIn, confirmEnrollment, mfaStatus, startEnrollment } from '../admin-mfa.js'
import { adminView } from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { CHALLENGE_TTL_MS } from '../mfa.js'
import { MFA_CODE_MAX_LENGTH as CODE_MAX, TOKEN_MAX_LENGTH as CHALLENGE_MAX } from '../../common/contract/auth-values'
import { authenticate, mustEnroll, redeemRefreshToken } from '../sessions.js'
import { signIn } from '../sign-in.js'
import { FieldReader } from '../validation.js'
import { readRefreshField } from './auth.js'

/** The routes an admin who must set up a second factor may use (sessions.ts mustEnroll). */
const ENROLLING = { enrolling: true }

function readCode(req: RequestInput, f = new FieldReader(jsonObjectBody(req))): string {
  return f.text('code', { label: 'Code', required: 'Code is required', max: CODE_MAX })
}

export function adminRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'POST',
      path: 'v1/admin/login/',
      answer: adminLoginSchema,
      handler: async (req) => {
        const result = await signIn(ctx, req, 'admin')
        if (result.mfa_token !== undefined) {
          // The password was right, but no session yet: the code step exchanges this for one.
          return {
            message: 'Enter your authentication code.',
            content: { mfa_required: true, mfa_token: result.mfa_token, expires_in: CHALLENGE_TTL_MS / 1000 },
          }
        }
        const { account, access_token, refresh_token, device_token } = result
        return {
          message: 'Signed in successfully.',
          // mfa_setup_required: ADMIN_MFA holds this admin to a second factor they do not have
          // yet; until they enroll, this session reaches only the enrollment endpoints.
          content: {
            access_token,
            refresh_token,
            user: adminView(account),
            mfa_setup_required: mustEnroll(ctx, account),
            device_token,
          },
        }
      },
    },
    {
      method: 'POST',
      path: 'v1/admin/login/mfa/',
      answer: adminSessionSchema,
      handler: async (req) => {
        const f = new FieldReader(jsonObjectBody(req))
        const mfaToken = f.text('mfa_token', { label: 'Challenge', required: 'Challenge is required', max: CHALLENGE_MAX })
        const code = readCode(req, f)
        f.done()
        const { account, access_token, refresh_token, device_token } = await completeSignIn(ctx, { mfaToken, code })
        return {
          message: 'Signed in successfully.',
          content: { access_token, refresh_token, user: adminView(account), device_token },
        }
      },
    },
    {
      method: 'POST',
      path: 'v1/admin/token/refresh/',
      answer: refreshAnswerSchema,
      handler: async (req) => ({
        message: 'Token refreshed.',
        content: { access: await redeemRefreshToken(ctx, readRefreshField(req), 'admin') },
      }),
    },
    {
      method: 'GET',
      path: 'v1/admin/profile/',
      answer: adminUserSchema,
      handler: async (req) => ({
        message: 'Profile loaded.',
        content: adminView(await authenticate(ctx, req.headers.authorization, 'admin', ENROLLING)),
      }),
    },
    {
      method: 'GET',
      path: 'v1/admin/mfa/',
      answer: mfaStatusSchema,
      handler: async (req) => ({
        message: 'Two-factor status loaded.',
        content: await mfaStatus(ctx, await requireAdminRole(ctx, req, ANY_ADMIN, ENROLLING)),
      }),
    },
    {
      method: 'POST',
      path: 'v1/admin/mfa/setup/',
      answer: mfaSetupSchema,
      handler: async (req) => ({
        message: 'Scan the code with your authenticator app.',
        content: await startEnrollment(ctx, await requireAdminRole(ctx, req, ANY_ADMIN, ENROLLING)),
      }),
    },
    {
      method: 'POST',
      path: 'v1/admin/mfa/confirm/',
      answer: mfaConfirmSchema,
      handler: async (req) => {
        const { account, sid } = await requireAdminSession(ctx, req, ANY_ADMIN, ENROLLING)
        const f = new FieldReader(jsonObjectBody(req))
        const code = readCode(req, f)
        f.done()
        return { message: 'Two-factor authentication is on.', content: await confirmEnrollment(ctx, { account, sid }, code) }
      },
    },
  ]
}
