import { useEffect } from 'react'

// Loaded with Radix's toasts (radix-toaster.tsx), which stay mounted once a page has had a toast:
// the stack only needs to step aside while there are live toasts to place. Before they load (a
// moment after hydration) the plain server-rendered toasts sit where they are.

/**
 * The field in focus and its form's submit button are never under the toasts: the page scrolls, or
 * while it cannot, the stack moves to the bottom.
 */
export function useStackStepsAside(count: number) {
  useEffect(() => {
    // A new toast may land over the field that already has focus: check again once it is drawn.
    const frame = window.requestAnimationFrame(placeToastStack)
    return () => window.cancelAnimationFrame(frame)
  }, [count])
  useEffect(() => {
    const root = document.documentElement
    const place = placeToastStack
    document.addEventListener('focusin', place)
    document.addEventListener('focusout', place)
    return () => {
      document.removeEventListener('focusin', place)
      document.removeEventListener('focusout', place)
      root.classList.remove('toasts-aside')
    }
  }, [])
}

/** What the stack must keep clear of: the field in focus and its form's submit buttons. */
function guardedRects(focused: HTMLElement): DOMRect[] {
  const buttons = focused
    .closest('form')
    ?.querySelectorAll<HTMLElement>('button[type="submit"], button:not([type])')
  return [focused, ...(buttons ?? [])]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
}

function placeToastStack() {
  const root = document.documentElement
  const focused = document.activeElement
  const stack = document.querySelector('[data-toast-stack]')
  let aside = false
  if (focused instanceof HTMLElement && focused !== document.body && stack && stack.childElementCount > 0) {
    // Measured where the stack normally sits (at the top), whatever its place right now.
    root.classList.remove('toasts-aside')
    const b = stack.getBoundingClientRect()
    const height = [...stack.children].reduce((h, c) => h + c.getBoundingClientRect().height + 8, 0)
    const guarded = guardedRects(focused)
    const overlaps = (top: number, bottom: number, rects: DOMRect[]) =>
      rects.some((r) => r.top < bottom && r.bottom > top && r.left < b.right && r.right > b.left)
    const atTop = (rects: DOMRect[]) => overlaps(b.top, b.top + height, rects)
    const atBottom = (rects: DOMRect[]) =>
      overlaps(window.innerHeight - height - 8, window.innerHeight, rects)
    if (atTop(guarded)) {
      // First choice: scroll the form down below the stack, if the page has room above and its
      // submit button stays on screen; else the stack moves to the bottom, if nothing guarded is
      // there; else it keeps clear of the field in focus at least.
      const covered = guarded.filter((r) => atTop([r]))
      const needed = b.top + height - Math.min(...covered.map((r) => r.top)) + 8
      // Only what is on screen now must stay on screen (a button further down is not covered).
      const lowest = Math.max(
        0,
        ...guarded.filter((r) => r.bottom <= window.innerHeight).map((r) => r.bottom),
      )
      if (window.scrollY >= needed && lowest + needed <= window.innerHeight)
        window.scrollBy({ top: -needed, behavior: 'instant' })
      else if (!atBottom(guarded)) aside = true
      else aside = atTop(guarded.slice(0, 1))
    }
  }
  root.classList.toggle('toasts-aside', aside)
}
