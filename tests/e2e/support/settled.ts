import type { Page } from '@playwright/test'

/**
 * Waits until the page has settled, so a check that "nothing happened" (no tour, no reload, no
 * request) is made after the point where it would have happened, not after a guessed delay:
 * no network for 500 ms (Playwright's 'networkidle'), React has hydrated the page (it tags the
 * DOM nodes it owns), and two animation frames have passed, by which time the effects that run
 * on hydration (the tour's start, a chunk reload) have run.
 */
export async function settled(page: Page, { hydrated = true }: { hydrated?: boolean } = {}) {
  await page.waitForLoadState('networkidle')
  // (A page whose own code failed to load, like lazy-chunk's error screen, never hydrates.)
  if (hydrated) {
    await page.waitForFunction(() => {
      const node = document.querySelector('main') ?? document.body.firstElementChild
      return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
    })
  }
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
  await page.waitForLoadState('networkidle')
}
