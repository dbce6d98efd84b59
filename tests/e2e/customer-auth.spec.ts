import { expect, test } from '@playwright/test'
import { expectToast, fillNewPassword, fillSignUp, ruleStatus, submitSignIn } from './support/auth'
import {
  createCustomer,
  createVerifiedCustomer,
  mailedLink,
  outbox,
  providerCall,
  receivedRequests,
  STRONG_PASSWORD,
  uniqueEmail,
} from './support/provider'

const NEW_PASSWORD = 'Fresh!Start9'

/** The newest request the provider received on `path` whose body names `email`. */
async function lastRequestFor(path: string, email: string) {
  const requests = await receivedRequests(path)
  return requests.find((r) => r.body?.email === email)
}

// Sign-up, sign-in, forgot and reset run with and without JavaScript: every form must work
// before (or without) the scripts, and the same messages must show.
for (const js of [true, false]) {
  test.describe(`customer auth ${js ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: js })

    test('sign up, verify from the mailed link, sign in: lands on profile setup with the welcome toast', async ({ page }) => {
      const email = uniqueEmail('signup')
      await page.goto('/customer/signup')
      await expect(page).toHaveTitle('Sign Up | BariCare')
      await fillSignUp(page, email, STRONG_PASSWORD)
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click()

      await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()
      await expect(page.getByText(email, { exact: true })).toBeVisible()
      await expect(page.getByText(/spam/)).toBeVisible()
      await expect(page.getByRole('button', { name: 'Resend verification link' })).toBeVisible()
      // The provider got SPEC.md §7's payload (secrets are masked, their keys kept).
      const signup = await lastRequestFor('v1/auth/signup/', email)
      expect(signup?.body).toEqual({ email, password: '***', conf_password: '***' })

      await page.goto(await mailedLink(email, '/customer/verify-email'))
      await expect(page.getByRole('heading', { name: 'Email verified successfully.' })).toBeVisible()
      await expect(page.getByText(/sign in to finish setting up your health profile/i)).toBeVisible()
      await page.getByRole('link', { name: 'Sign In', exact: true }).click()

      // The verified address comes along to the sign-in form.
      await expect(page).toHaveURL(`/customer/signin?email=${encodeURIComponent(email)}`)
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
      await submitSignIn(page, email, STRONG_PASSWORD)
      await expect(page).toHaveURL(/\/customer\/profile-setup/)
      await expectToast(page, 'Welcome back!', 'You have successfully signed in.')
    })

    test('an onboarded customer lands on the dashboard, or on a safe redirectTo', async ({ page }) => {
      const customer = await createCustomer()
      await page.goto('/customer/signin?redirectTo=%2Fcustomer%2Fhealth-trends')
      await submitSignIn(page, customer.email, customer.password)
      await expect(page).toHaveURL(/\/customer\/health-trends$/)
      await expectToast(page, 'Welcome back!')

      // Signed in now: the sign-in screen sends them on.
      await page.goto('/customer/signin')
      await expect(page).toHaveURL(/\/customer\/dashboard$/)
    })

    test('a wrong password shows the provider message inline', async ({ page }) => {
      const customer = await createVerifiedCustomer()
      await page.goto('/customer/signin')
      await submitSignIn(page, customer.email, 'Wrong#Password1')
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible()
      await expect(page).toHaveURL(/\/customer\/signin/)
      // The e-mail is kept; the password is never sent back into the page.
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email)
      if (!js) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
    })

    test('sign-in validation: required fields, e-mail format, the form toast and focus', async ({ page }) => {
      await page.goto('/customer/signin')
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect(page.getByText('Email is required', { exact: true })).toBeVisible()
      await expect(page.getByText('Password is required', { exact: true })).toBeVisible()
      await expectToast(page, 'Please check your form', 'Make sure all fields are valid and try again.')
      await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')

      await page.getByLabel('Email', { exact: true }).fill('not an@email')
      await page.getByLabel('Password', { exact: true }).fill('anything')
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible()
      await expect(page.getByText('Password is required', { exact: true })).toBeHidden()
      expect(await receivedRequests('v1/auth/login/').then((r) => r.filter((x) => x.body?.email === 'not an@email'))).toHaveLength(0)
    })

    test('sign-up validation: messages, checklist and terms', async ({ page }) => {
      const email = uniqueEmail('invalid')
      // Typed in both runs (this test's own, so no other test's request can match it).
      const badAddress = `${email.split('@')[0]}@address`
      await page.goto('/customer/signup')
      const submit = page.getByRole('button', { name: 'Sign Up', exact: true })
      if (js) {
        // SPEC.md §5: the button waits for a valid form; the messages show as the user goes.
        await expect(submit).toBeDisabled()
        await page.getByLabel('Email', { exact: true }).fill('nope')
        await page.getByLabel('Email', { exact: true }).blur()
        await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible()
        await page.getByLabel('Email', { exact: true }).fill('')
        await expect(page.getByText('Email is required', { exact: true })).toBeVisible()
        await page.getByLabel('Password', { exact: true }).fill('abcdefgh')
        await expect(ruleStatus(page, 'length')).toHaveAttribute('data-status', 'met')
        await expect(ruleStatus(page, 'lowercase')).toHaveAttribute('data-status', 'met')
        await expect(ruleStatus(page, 'uppercase')).toHaveAttribute('data-status', 'unmet')
        await expect(ruleStatus(page, 'number')).toHaveAttribute('data-status', 'unmet')
        await expect(ruleStatus(page, 'special')).toHaveAttribute('data-status', 'unmet')
        await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD)
        for (const rule of ['length', 'uppercase', 'lowercase', 'number', 'special'] as const) {
          await expect(ruleStatus(page, rule)).toHaveAttribute('data-status', 'met')
        }
        await page.getByLabel('Confirm Password', { exact: true }).fill('Different#1')
        await page.getByLabel('Confirm Password', { exact: true }).blur()
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
        await fillSignUp(page, email, STRONG_PASSWORD)
        await page.getByRole('checkbox', { name: /I agree/ }).uncheck()
        await expect(submit).toBeDisabled()
        await page.getByRole('checkbox', { name: /I agree/ }).check()
        await expect(submit).toBeEnabled()
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeHidden()
        // An otherwise complete form with a bad address: the button waits, and Enter sends nothing.
        await page.getByLabel('Email', { exact: true }).fill(badAddress)
        await page.getByLabel('Email', { exact: true }).press('Enter')
        await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible()
        await expect(submit).toBeDisabled()
        await page.waitForLoadState('networkidle')
        await expect(page).toHaveURL(/\/customer\/signup$/)
      } else {
        // Without JavaScript the button always works and the server answers with the same words.
        await submit.click()
        await expect(page.getByText('Email is required', { exact: true })).toBeVisible()
        await expectToast(page, 'Please check your form', 'Make sure all fields are valid and try again.')
        for (const rule of ['length', 'uppercase', 'lowercase', 'number', 'special'] as const) {
          await expect(ruleStatus(page, rule)).toHaveAttribute('data-status', 'failed')
        }
        await expect(page.getByText('Please agree to the Terms of Service and Privacy Policy', { exact: true })).toBeVisible()
        await expect(page.getByLabel('Email', { exact: true })).toBeFocused()

        await page.getByLabel('Email', { exact: true }).fill(badAddress)
        await page.getByLabel('Password', { exact: true }).fill('abcdefgh')
        await page.getByLabel('Confirm Password', { exact: true }).fill('abcdefgX')
        await submit.click()
        await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible()
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
        await expect(ruleStatus(page, 'length')).toHaveAttribute('data-status', 'met')
        await expect(ruleStatus(page, 'lowercase')).toHaveAttribute('data-status', 'met')
        await expect(ruleStatus(page, 'uppercase')).toHaveAttribute('data-status', 'failed')
        await expect(ruleStatus(page, 'special')).toHaveAttribute('data-status', 'failed')
        await expect(page.getByLabel('Email', { exact: true })).toHaveValue(badAddress)
        await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
      }
      // Nothing invalid ever reached the provider.
      expect(await lastRequestFor('v1/auth/signup/', badAddress)).toBeUndefined()
    })

    test('sign-up with a taken e-mail shows the provider message inline', async ({ page }) => {
      const customer = await createVerifiedCustomer()
      await page.goto('/customer/signup')
      await fillSignUp(page, customer.email, STRONG_PASSWORD)
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
      await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' })).toBeVisible()
    })

    test('forgot password, reset from the mailed link, sign in with the new password; the link works once', async ({ page }) => {
      const customer = await createVerifiedCustomer()
      await page.goto('/customer/signin')
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await expect(page).toHaveURL(/\/customer\/forgot-password$/)
      await page.getByLabel('Email', { exact: true }).fill(customer.email)
      await page.getByRole('button', { name: 'Send Reset Link' }).click()

      await expect(page.getByRole('heading', { name: 'Password reset link sent' })).toBeVisible()
      await expectToast(page, 'Reset link sent!')
      await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/customer/signin')
      await expect(page.getByRole('link', { name: 'Return to Sign In' })).toHaveAttribute('href', '/customer/signin')
      expect((await lastRequestFor('v1/auth/forgot_password/', customer.email))?.body).toEqual({
        email: customer.email,
        portal: 'customer',
      })

      const link = await mailedLink(customer.email, '/customer/reset-password')
      await page.goto(link)
      await expect(page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible()
      await fillNewPassword(page, NEW_PASSWORD)
      const resetStartedAt = new Date().toISOString()
      await page.getByRole('button', { name: 'Update Password' }).click()
      await expect(page.getByRole('heading', { name: 'You successfully reset your password!' })).toBeVisible()
      expect((await providerCall('POST', 'v1/auth/login/', { body: { email: customer.email, password: customer.password } })).status).toBe(401)
      await expectToast(page, 'Password updated successfully!')
      // The reset call carries no bearer token and its secrets are masked, so the log cannot name
      // its account: the effect below (new password in, old one out) proves it was this test's;
      // here, every reset since this test's own began reached the provider masked.
      const resets = (await receivedRequests('v1/auth/reset_password/submit/')).filter((r) => r.at >= resetStartedAt)
      expect(resets.length).toBeGreaterThanOrEqual(1)
      for (const reset of resets) expect(reset.body).toEqual({ token: '***', new_password: '***', conf_password: '***' })

      await page.getByRole('link', { name: 'Continue to Sign In' }).click()
      await expect(page).toHaveURL(/\/customer\/signin$/)
      await submitSignIn(page, customer.email, NEW_PASSWORD)
      await expect(page).toHaveURL(/\/customer\/profile-setup/)

      // The same link again: the provider refuses it, inline and as a destructive toast.
      await page.context().clearCookies()
      await page.goto(link)
      await fillNewPassword(page, 'Another#Pass1')
      await page.getByRole('button', { name: 'Update Password' }).click()
      await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' })).toBeVisible()
      // With JavaScript also as a destructive toast; without, the inline message stands for it.
      if (js) await expect(page.locator('[data-toast="destructive"]', { hasText: 'This reset link is invalid or has expired.' })).toBeVisible()
    })

    test('forgot password for an unknown e-mail shows the same sent screen', async ({ page }) => {
      const email = uniqueEmail('nobody')
      await page.goto('/customer/forgot-password')
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByRole('button', { name: 'Send Reset Link' }).click()
      await expect(page.getByRole('heading', { name: 'Password reset link sent' })).toBeVisible()
      expect(await outbox(email)).toHaveLength(0)
    })

    test('reset validation and the create-password variant', async ({ page }) => {
      await page.goto('/customer/reset_password?token=not-a-real-token&createPassword=true')
      await expect(page.getByRole('heading', { name: 'Create Your Password' })).toBeVisible()
      await expect(page).toHaveTitle('Create Password | BariCare')
      const submit = page.getByRole('button', { name: 'Update Password' })
      await fillNewPassword(page, STRONG_PASSWORD, 'Mismatch#123')
      if (js) {
        await expect(submit).toBeDisabled()
        await page.getByLabel('Confirm New Password', { exact: true }).blur()
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
        await page.getByLabel('Confirm New Password', { exact: true }).fill(STRONG_PASSWORD)
        await expect(submit).toBeEnabled()
      } else {
        await submit.click()
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
        await expectToast(page, 'Please check your form')
        await expect(page.getByLabel('Confirm New Password', { exact: true })).toBeFocused()
        // The query survives the post.
        await expect(page.getByRole('heading', { name: 'Create Your Password' })).toBeVisible()
        await fillNewPassword(page, STRONG_PASSWORD)
      }
      await submit.click()
      await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' })).toBeVisible()
    })
  })
}

test.describe('customer auth screens', () => {
  test('the password toggle shows and hides the password', async ({ page }) => {
    await page.goto('/customer/signin')
    const password = page.getByLabel('Password', { exact: true })
    await password.fill('Secret#123')
    await expect(password).toHaveAttribute('type', 'password')
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    await expect(password).toHaveAttribute('type', 'password')
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/customer/signup')
  })

  test('an unverified customer is told so and can resend the link', async ({ page }) => {
    const email = uniqueEmail('unverified')
    await providerCall('POST', 'v1/auth/signup/', { body: { email, password: STRONG_PASSWORD, conf_password: STRONG_PASSWORD } })
    await page.goto('/customer/signin')
    await submitSignIn(page, email, STRONG_PASSWORD)
    await expect(page.getByRole('alert').filter({ hasText: 'Please verify your email before signing in.' })).toBeVisible()
    const before = (await outbox(email)).length
    await page.getByRole('button', { name: 'Resend verification link' }).click()
    await expectToast(page, 'Verification link sent!', 'Check your email for account verification instructions.')
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()
    await expect.poll(async () => (await outbox(email)).length).toBe(before + 1)
  })

  for (const js of [true, false]) {
    test(`resend verification from the check-your-inbox state ${js ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      const email = uniqueEmail('resend')
      await page.goto('/customer/signup')
      await fillSignUp(page, email, STRONG_PASSWORD)
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()
      await page.getByRole('button', { name: 'Resend verification link' }).click()
      await expectToast(page, 'Verification link sent!', 'Check your email for account verification instructions.')
      await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()
      await expect.poll(async () => (await outbox(email)).length).toBe(2)
      expect((await lastRequestFor('v1/auth/resend-verify-email/', email))?.body).toEqual({ email })

      // Once verified, a further resend fails with the provider's message.
      await providerCall('POST', '__dev/verify-email/', { body: { email } })
      await page.getByRole('button', { name: 'Resend verification link' }).click()
      await expectToast(page, 'Error sending link', 'This email is already verified. Please sign in.')
      await context.close()
    })
  }

  test('a failed verification offers a resend and raises the failure toast', async ({ page }) => {
    const email = uniqueEmail('badlink')
    await providerCall('POST', 'v1/auth/signup/', { body: { email, password: STRONG_PASSWORD, conf_password: STRONG_PASSWORD } })
    await page.goto(`/customer/verify-email?${new URLSearchParams({ token: 'forged-token', email })}`)
    await expect(page.getByRole('heading', { name: "We couldn't verify your email." })).toBeVisible()
    await expectToast(page, 'Email Verification failed', 'This verification link is invalid or has expired.')
    await page.getByRole('button', { name: 'Resend verification link' }).click()
    await expectToast(page, 'Verification link sent!')
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()
    // The fresh link works.
    await page.goto(await mailedLink(email, '/customer/verify-email'))
    await expect(page.getByRole('heading', { name: 'Email verified successfully.' })).toBeVisible()
  })

  test('guards: missing query parameters go to sign-in', async ({ page }) => {
    await page.goto('/customer/verify-email?token=abc')
    await expect(page).toHaveURL(/\/customer\/signin$/)
    await page.goto('/customer/reset-password')
    await expect(page).toHaveURL(/\/customer\/signin$/)
    await page.goto('/customer/reset_password?createPassword=true')
    await expect(page).toHaveURL(/\/customer\/signin$/)
  })

  test('signed-in customers are sent to the dashboard from the public screens', async ({ page }) => {
    const customer = await createCustomer()
    await page.goto('/customer/signin')
    await submitSignIn(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/customer\/dashboard$/)
    for (const path of ['/customer/signup', '/customer/forgot-password', '/customer/reset-password?token=x']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(/\/customer\/dashboard$/)
    }
  })

  test('an unsafe or foreign redirectTo is ignored', async ({ page }) => {
    const customer = await createCustomer()
    await page.goto('/customer/signin?redirectTo=%2F%2Fevil.example%2F')
    await submitSignIn(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/customer\/dashboard$/)
  })

  test('a bot that fills the honeypot gets a 400 and nothing reaches the provider', async ({ page }) => {
    await page.goto('/customer/signup')
    const form = page.locator('form[method="post"]').first()
    const email = uniqueEmail('bot')
    const fields = Object.fromEntries(
      await form.locator('input[name]').evaluateAll((inputs) =>
        (inputs as HTMLInputElement[]).map((i) => [i.name, i.value] as const),
      ),
    )
    const response = await page.request.post('/customer/signup', {
      form: { ...fields, name__confirm: 'I am a bot', email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, agreeToTerms: 'on' },
    })
    expect(response.status()).toBe(400)
    expect(await lastRequestFor('v1/auth/signup/', email)).toBeUndefined()
  })

  test('busy labels while the provider answers', async ({ page }) => {
    // Hold the form posts (single fetch: `<path>.data`) so the pending state can be seen.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/customer\/(signin|reset-password)\.data/, async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await page.goto('/customer/signin')
    await submitSignIn(page, 'busy@example.com', 'Whatever#1')
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeVisible()
    release()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible()

    await page.goto('/customer/reset-password?token=held')
    let releaseReset: () => void = () => {}
    const heldReset = new Promise<void>((resolve) => (releaseReset = resolve))
    await page.unroute(/\/customer\/(signin|reset-password)\.data/)
    await page.route(/\/customer\/reset-password\.data/, async (route) => {
      if (route.request().method() === 'POST') await heldReset
      await route.continue()
    })
    await fillNewPassword(page, STRONG_PASSWORD)
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByRole('button', { name: 'Updating Password...' })).toBeVisible()
    releaseReset()
    await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' })).toBeVisible()
  })

  test('the development mailbox lists the sent e-mails, newest first, with their links', async ({ page }) => {
    const email = uniqueEmail('mailbox')
    await providerCall('POST', 'v1/auth/signup/', { body: { email, password: STRONG_PASSWORD, conf_password: STRONG_PASSWORD } })
    await providerCall('POST', 'v1/auth/forgot_password/', { body: { email, portal: 'customer' } })
    await page.goto('/dev/mailbox')
    await expect(page).toHaveTitle('Development Mailbox | BariCare')
    await expect(page.getByRole('heading', { name: 'Development Mailbox', level: 1 })).toBeVisible()
    const mails = page.getByRole('article').filter({ hasText: email })
    await expect(mails).toHaveCount(2)
    // The reset mail was sent last, so it comes first.
    await expect(mails.nth(0).getByRole('heading')).toHaveText('Reset your BariCare password')
    await expect(mails.nth(1).getByRole('heading')).toHaveText('Verify your BariCare email')
    await mails.nth(1).getByRole('link', { name: /\/customer\/verify-email\?/ }).click()
    await expect(page.getByRole('heading', { name: 'Email verified successfully.' })).toBeVisible()
  })

  test('the terms and privacy links open in a new tab and say so', async ({ page }) => {
    await page.goto('/customer/signup')
    for (const name of ['Terms of Service (opens in a new tab)', 'Privacy Policy (opens in a new tab)']) {
      const link = page.getByRole('link', { name })
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /noopener/)
    }
  })
})
