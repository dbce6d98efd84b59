import { completeSignIn, confirmEnrollment, mfaStatus, startEnrollment } from '../admin-mfa.js'
import { adminView } from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { CHALLENGE_TTL_MS } from '../mfa.js'
import { mustEnroll, redeemRefreshToken } from '../sessions.js'
import { signIn } from '../sign-in.js'
import { API } from '../../common/contract/endpoints'

export function adminRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.admin.login, async ({ body }) => {
      const result = await signIn(ctx, body, 'admin')
      if (result.mfa_token !== undefined) {
        // The password was right, but no session yet: the code step exchanges this for one.
        return {
          message: 'Enter your authentication code.',
          content: { mfa_required: true as const, mfa_token: result.mfa_token, expires_in: CHALLENGE_TTL_MS / 1000 },
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
    }),
    serve(API.admin.loginCode, async ({ body: { mfa_token: mfaToken, code } }) => {
      const { account, access_token, refresh_token, device_token } = await completeSignIn(ctx, { mfaToken, code })
      return {
        message: 'Signed in successfully.',
        content: { access_token, refresh_token, user: adminView(account), device_token },
      }
    }),
    serve(API.admin.refresh, async ({ body }) => ({
      message: 'Token refreshed.',
      content: { access: await redeemRefreshToken(ctx, body.refresh, 'admin') },
    })),
    // The profile and the enrollment endpoints are `enrolling` in the table: an admin who must set
    // up a second factor (sessions.ts mustEnroll) may use them.
    serve(API.admin.profile, ({ caller: { account } }) => ({ message: 'Profile loaded.', content: adminView(account) })),
    serve(API.admin.mfa, async ({ caller: { account } }) => ({
      message: 'Two-factor status loaded.',
      content: await mfaStatus(ctx, account),
    })),
    serve(API.admin.mfaSetup, async ({ caller: { account } }) => ({
      message: 'Scan the code with your authenticator app.',
      content: await startEnrollment(ctx, account),
    })),
    serve(API.admin.mfaConfirm, async ({ caller, body: { code } }) => ({
      message: 'Two-factor authentication is on.',
      content: await confirmEnrollment(ctx, caller, code),
    })),
  ]
}
