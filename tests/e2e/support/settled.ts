import { expect, type Locator, type Page, type Request } from '@playwright/test'

/** The page's open requests, counted from the moment `trackRequests` was called. */
export type OpenRequests = {
  count: () => number
  /** Resolves once no request is open (at once if none is). */
  none: () => Promise<void>
}

/**
 * Counts the page's open requests, for `settled(page, { requests })`. Call it before the page's
 * first navigation, so that no request escapes the count.
 */
export function trackRequests(page: Page): OpenRequests {
  const open = new Set<Request>()
  let waiting: (() => void)[] = []
  const ended = (request: Request) => {
    open.delete(request)
    if (open.size > 0) return
    for (const resolve of waiting) resolve()
    waiting = []
  }
  page.on('request', (request) => open.add(request))
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    count: () => open.size,
    none: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  }
}

const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))

/**
 * Waits until the page has settled, so a check that "nothing happened" (no tour, no reload, no
 * request) is made after the point where it would have happened, not after a guessed delay:
 * React has hydrated the page (it tags the DOM nodes it owns) and two animation frames have passed,
 * by which time the effects that run on hydration (the tour's start, a chunk reload) have run.
 *
 * The network: with `requests` (from `trackRequests`), none open across two frames, and none opened
 * by what finished. Without it, no network for 500 ms (Playwright's 'networkidle'), which costs
 * those 500 ms after the last request every time. (Asking for 'networkidle' again after hydration
 * would not wait for hydration's requests: the state, once reached, stays reached for the document.)
 */
export async function settled(
  page: Page,
  { hydrated = true, requests }: { hydrated?: boolean; requests?: OpenRequests } = {},
) {
  if (!requests) await page.waitForLoadState('networkidle')
  // (A page whose own code failed to load, like lazy-chunk's error screen, never hydrates.)
  if (hydrated) {
    await page.waitForFunction(() => {
      const node = document.querySelector('main') ?? document.body.firstElementChild
      return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
    })
  }
  await twoFrames(page)
  // Bounded by the test's timeout, like 'networkidle'. What a finished request brings (a lazily
  // loaded component) renders in the frames after it, and may ask for more.
  while (requests && requests.count() > 0) {
    await requests.none()
    await twoFrames(page)
  }
}

/**
 * Waits for the page's finite CSS animations and transitions to end. scanWcag runs it before every
 * scan (axe.ts): a toast fading in has, for a moment, too little contrast, and a slow machine scans
 * in that moment.
 * Endless ones (a skeleton's pulse) are left running; they would never end. An animation can start
 * just after a check finds none (a toast mounted once its lazily loaded code arrives), so the page
 * counts as done only when two frames later there is still none running.
 */
export async function animationsDone(page: Page) {
  // A page reached by a native form post (no JavaScript) shows its text before its stylesheet has
  // arrived; the colours axe measures must be the styled ones.
  await page.waitForLoadState('load')
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  )
  // With JavaScript, a flash toast is first the server's plain copy (a div), then Radix's (an li)
  // once hydration and Radix's lazily loaded code are done; Radix's fades in. Scan after the swap.
  await page.waitForFunction(
    () => document.scripts.length === 0 || document.querySelector('div[data-toast]') === null,
    undefined,
    { timeout: 30_000 },
  )
  await page.evaluate(async () => {
    // Each wait is capped: a page whose frames stall (a loaded machine, a backgrounded tab) or an
    // animation that never reports finished must not hang the test; axe then scans what is there.
    const atMost = (ms: number, wait: Promise<unknown>) =>
      Promise.race([wait, new Promise<void>((resolve) => setTimeout(resolve, ms))])
    const nextFrames = () =>
      atMost(1_000, new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        )
    for (let round = 0; round < 20; round++) {
      const now = running()
      if (now.length === 0) {
        await nextFrames()
        if (running().length === 0) return
        continue
      }
      await atMost(3_000, Promise.all(now.map((animation) => animation.finished.catch(() => undefined))))
    }
  })
}

/**
 * Waits until an element is where a person would look at it or click it: faded in (with every
 * ancestor fully opaque) and still, with any scroll of the page over. react-joyride shows a step's
 * tooltip at opacity 0 until it is placed and may scroll its target into view meanwhile; two equal
 * positions a poll apart were seen before the scroll had begun, and a Next clicked while the
 * tooltip still moved changed nothing, on a loaded machine.
 */
export async function atRest(element: Locator) {
  await animationsDone(element.page())
  await expect
    .poll(() =>
      element.evaluate(
        (node) =>
          new Promise<boolean>((resolve) => {
            const where = () => JSON.stringify([node.getBoundingClientRect(), window.scrollX, window.scrollY])
            let opacity = 1
            for (let n: Element | null = node; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity)
            const before = where()
            let frames = 0
            const next = () => (++frames < 4 ? requestAnimationFrame(next) : resolve(opacity === 1 && where() === before))
            requestAnimationFrame(next)
          }),
      ),
    )
    .toBe(true)
}
