import type AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { createRequire } from 'node:module'
import { animationsDone } from './settled'

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

/** The rule sets every scan runs: WCAG 2.1 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

// The axe-core that @axe-core/playwright itself pins (another, newer copy sits at the top of
// node_modules for the lint plugins), so the rules are the ones the suite has always run.
const axeSource: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core').source

/**
 * Scans the page with axe-core, as AxeBuilder's `withTags(WCAG_TAGS).analyze()` did, at a fifth
 * of the cost: AxeBuilder evaluates axe's 550 kB source into the page on every call (twice in its
 * legacy mode) and then opens a blank page to merge the results in; here the source goes in once per
 * document and `axe.run` runs in the page itself (our pages have no frames for axe to descend into).
 * A scan of a settled page took 5.3 s through AxeBuilder and 0.4 to 1.6 s this way on a loaded
 * machine (docs/decisions/218-e2e-waste.md).
 */
export async function scanWcag(page: Page): Promise<AxeResults> {
  // Every scan waits for the page to settle (stylesheets in, a flash toast swapped into Radix's,
  // finite animations and transitions over, none started two frames later): a toast fading in, or
  // a theme switch's transitions, would otherwise be measured halfway.
  await animationsDone(page)
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  if (!loaded) await page.evaluate(axeSource)
  // Only violations are asserted, so only they are reported in full. axe otherwise builds a CSS
  // selector for every node that passed (274 on Leo's dashboard, 636 on his log): that was half of
  // a scan (dashboard 456 → 195 ms, log 802 → 399 ms). Every rule still runs on every node.
  // Of the two assets axe loads before a scan, the stylesheets re-parsed into a CSSOM serve only
  // css-orientation-lock, an experimental rule that tag runs leave out; the media (for
  // no-autoplay-audio, WCAG 2 A) are still loaded. Leo's log: a median 230 → 204 ms a scan.
  return page.evaluate(
    // The page's own types do not know axe; the source evaluated just above defined it.
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        preload: { assets: ['media'] },
      }),
    WCAG_TAGS,
  )
}

/** The widths every screen is checked at: a phone and a desktop. */
export const A11Y_WIDTHS = [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
]

/** A width and a system theme to check a page in. */
export type View = { width: number; height: number; colorScheme: 'light' | 'dark' }

/**
 * Emulates a system theme on the open page and waits until the page has followed it (the
 * document's computed colour scheme), so a page that did not follow fails rather than being
 * checked twice in one theme.
 */
async function followTheme(page: Page, colorScheme: View['colorScheme'], what: string) {
  await page.emulateMedia({ colorScheme })
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), {
      message: `${what}: the page follows the ${colorScheme} system theme`,
    })
    .toBe(colorScheme)
}

/**
 * Runs `check` in light and dark at both widths on the page as it is: the system theme is switched
 * in place (the page follows it, as a visitor's does) rather than the page loaded and brought into
 * its state four times.
 */
export async function inEveryThemeAndWidth(page: Page, what: string, check: (label: string, view: View) => Promise<void>) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await followTheme(page, colorScheme, what)
    for (const viewport of A11Y_WIDTHS) {
      await page.setViewportSize(viewport)
      await check(`${what} at ${viewport.width}px, ${colorScheme}`, { ...viewport, colorScheme })
    }
  }
}

/**
 * Runs `check` in each of `views` on the page as it is, switching width and theme in place (a new
 * browser context per view would load the page and bring it into its state again each time).
 */
export async function inViews(
  page: Page,
  what: string,
  views: readonly View[],
  check: (label: string, view: View) => Promise<void>,
) {
  for (const view of views) {
    await page.setViewportSize({ width: view.width, height: view.height })
    await followTheme(page, view.colorScheme, what)
    await check(`${what} at ${view.width}px, ${view.colorScheme}`, view)
  }
}

/** What a scan found, as a test's failure message shows it: each rule with its first three targets. */
export async function violationTargets(page: Page) {
  const result = await scanWcag(page)
  return result.violations.map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
}

/** Fails, with what the scan found in the failure message, unless the page has no violations once its animations are over. */
export async function expectNoViolations(page: Page, label: string) {
  expect(await violationTargets(page), label).toEqual([])
}
