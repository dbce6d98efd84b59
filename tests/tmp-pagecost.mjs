import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
const base = 'http://localhost:3111'
const busy = () => { const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number); return (f[0]+f[1]+f[2]+f[5]+f[6]) / 100 }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic', ...(process.env.XARGS ? process.env.XARGS.split(' ') : [])] })
const N = Number(process.env.N ?? 10)
const path = process.env.P ?? '/customer/signin'
// sign-in cookie: sign in once through the form in a throwaway context
let cookies = []
if (process.env.SIGNED) {
  const c = await browser.newContext(); const p = await c.newPage()
  await p.goto(base + '/customer/signin'); await p.getByLabel('Email').fill('leo.pounds@baricare.test'); await p.getByLabel('Password', { exact: true }).fill('Patient#123'); await p.getByRole('button', { name: /sign in/i }).click(); await p.waitForURL(/dashboard/)
  cookies = await c.cookies(); await c.close()
}
async function measure(name, fn) {
  await fn(0) // warm
  const t0 = Date.now(), c0 = busy()
  for (let i = 1; i <= N; i++) await fn(i)
  console.log(`${name}: ${((busy() - c0) / N).toFixed(2)} CPU-s, ${((Date.now() - t0) / N / 1000).toFixed(2)} s wall per load`)
}
const load = async (page) => { await page.goto(base + path); await page.waitForLoadState('load') }
for (let round = 0; round < 2; round++) {
await measure('new context + page', async () => { const c = await browser.newContext(); await c.addCookies(cookies); const p = await c.newPage(); await load(p); await c.close() })
const ctx = await browser.newContext(); await ctx.addCookies(cookies)
const keeper = await ctx.newPage(); if (process.env.KEEP) await keeper.goto(base + '/terms')
await measure('same context, new page', async () => { const p = await ctx.newPage(); await load(p); await p.close() })
await measure('same context, new page, cookies cleared+re-added', async () => { await ctx.clearCookies(); await ctx.addCookies(cookies); const p = await ctx.newPage(); await load(p); await p.close() })
const page = await ctx.newPage()
await measure('same page', async () => { await load(page) })
await ctx.close()
}
await browser.close()
