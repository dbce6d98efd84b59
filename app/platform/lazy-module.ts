import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

/**
 * Code a screen works without but uses once it is there — a form's zod schema, which only checks
 * in the browser what the server checks again anyway (docs/decisions/182-form-schemas-load-later.md).
 * The download starts as soon as the screen's code runs, alongside hydration; until it is there the
 * form behaves as without JavaScript: a submit goes to the server, which answers with the same
 * messages. A failed download is retried by the next component that asks.
 *
 * Returns a hook: the module once loaded, else null (also during hydration, as on the server).
 */
export function lazyModule<T>(load: () => Promise<T>): () => T | null {
  let loaded: T | null = null
  let loading: Promise<T | null> | null = null
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      () => {
        loading = null
        return null
      },
    ))
  if (typeof document !== 'undefined') void start()

  return function useLazyModule() {
    const hydrated = useHydrated()
    const [module, setModule] = useState<T | null>(() => (hydrated ? loaded : null))
    useEffect(() => {
      if (module) return
      let active = true
      void start().then((value) => {
        if (active && value) setModule(value)
      })
      return () => {
        active = false
      }
    }, [module])
    return module
  }
}
