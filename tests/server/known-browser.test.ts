import { describe, expect, it } from 'vitest'
import { KNOWN_BROWSER_COOKIE, knownBrowserToken, rememberBrowser } from '~/platform/known-browser.server'
import { useTestEnv } from './helpers'

// The browser's "known browser" tokens: kept per account in one sealed HttpOnly cookie that
// outlives sign-out, and sent back only with a sign-in to the same account.

useTestEnv()

const request = (setCookie?: string) =>
  new Request('http://localhost/signin', { headers: setCookie ? { Cookie: setCookie.split(';')[0] } : {} })

describe('known browser cookie', () => {
  it('remembers a token per account, HttpOnly, for the next sign-in of that e-mail only', () => {
    const cookie = rememberBrowser(request(), 'Owner@Example.test', 'token-a')!
    expect(cookie).toMatch(new RegExp(`^${KNOWN_BROWSER_COOKIE}=v1\\.`))
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    // Neither the token nor the e-mail is readable in the cookie.
    expect(cookie).not.toContain('token-a')
    expect(cookie.toLowerCase()).not.toContain('owner')
    expect(knownBrowserToken(request(cookie), ' owner@example.test ')).toBe('token-a')
    expect(knownBrowserToken(request(cookie), 'someone@example.test')).toBeUndefined()
  })

  it('keeps five accounts, newest first; a new token replaces the account’s old one', () => {
    let cookie: string | undefined
    for (let i = 1; i <= 6; i++) cookie = rememberBrowser(request(cookie), `user${i}@example.test`, `token-${i}`)
    cookie = rememberBrowser(request(cookie), 'user6@example.test', 'token-6b')
    expect(knownBrowserToken(request(cookie), 'user1@example.test')).toBeUndefined()
    expect(knownBrowserToken(request(cookie), 'user2@example.test')).toBe('token-2')
    expect(knownBrowserToken(request(cookie), 'user6@example.test')).toBe('token-6b')
  })

  it('a tampered or foreign cookie holds nothing; no token, no cookie', () => {
    const cookie = rememberBrowser(request(), 'owner@example.test', 'token-a')!
    const tampered = cookie.replace(/=v1\.(.)/, (_, c: string) => `=v1.${c === 'A' ? 'B' : 'A'}`)
    expect(knownBrowserToken(request(tampered), 'owner@example.test')).toBeUndefined()
    expect(knownBrowserToken(request(`${KNOWN_BROWSER_COOKIE}=garbage`), 'owner@example.test')).toBeUndefined()
    expect(rememberBrowser(request(), 'owner@example.test', undefined)).toBeUndefined()
  })
})
