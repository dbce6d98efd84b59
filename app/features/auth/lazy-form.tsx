// conform for the signed-out screens, with the zod schemas loaded after the page's own code.
//
// zod is ~14 KB (gzip) of the ~120 KB a public screen may download before it works (SPEC budget,
// scripts/size.js). The schemas only matter once someone types, and the server validates every
// post with the same schemas anyway, so the browser fetches them in the background: the download
// starts as soon as a screen's code runs, alongside hydration. Until they are there the form
// behaves as it does before hydration — a submit goes to the server, which answers with the same
// messages — and buttons that wait for a valid form stay disabled.
import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { z } from 'zod'
import type * as AuthSchemaModule from './schemas'
import type { LastResult } from './auth-ui'
import { useLazySchemaForm } from './lazy-schema-form'

export type AuthSchemas = typeof AuthSchemaModule

let loaded: AuthSchemas | null = null
let loading: Promise<AuthSchemas | null> | null = null

function loadAuthSchemas(): Promise<AuthSchemas | null> {
  loading ??= import('./schemas').then(
    (module) => (loaded = module),
    () => {
      // A failed download (offline, a deploy replaced the chunk) may be retried by the next form.
      loading = null
      return null
    },
  )
  return loading
}

if (typeof document !== 'undefined') void loadAuthSchemas()

export type AuthSchemaState = { schemas: AuthSchemas | null; failed: boolean }

/** The auth schemas once they are in the browser; `failed` when they could not be loaded. */
export function useAuthSchemas(): AuthSchemaState {
  // While hydrating, start as the server rendered (no schemas); a form mounted later, after a
  // client-side navigation, can use schemas that are already here.
  const hydrated = useHydrated()
  const [state, setState] = useState<AuthSchemaState>(() => ({
    schemas: hydrated ? loaded : null,
    failed: false,
  }))
  useEffect(() => {
    if (state.schemas) return
    let active = true
    void loadAuthSchemas().then((schemas) => {
      if (active) setState(schemas ? { schemas, failed: false } : { schemas: null, failed: true })
    })
    return () => {
      active = false
    }
  }, [state.schemas])
  return state
}

/**
 * conform set up the same way for every signed-out form: validate a field when it loses focus,
 * then again on every keystroke; the same schema (and messages) as the server. A submit that
 * fails the check is stopped in the browser with SPEC.md §5's toast, and conform moves focus to
 * the first invalid field. `pick` chooses the form's schema from schemas.ts.
 *
 * Also returns the schema (null until loaded) and whether loading failed, for buttons that wait
 * for a valid form: see `waitsForValidForm`.
 */
export function useLazyAuthForm<Schema extends z.ZodTypeAny>(
  id: string,
  pick: (schemas: AuthSchemas) => Schema,
  lastResult: LastResult,
) {
  const { schemas, failed } = useAuthSchemas()
  const schema = schemas ? pick(schemas) : null
  // Without a schema, nothing is checked in the browser: the submit goes to the server as is.
  const validate = schemas && schema ? (formData: FormData) => schemas.parseAuthForm(formData, schema) : null
  const [form, fields] = useLazySchemaForm<z.input<Schema>, z.output<Schema>>(id, validate, lastResult)
  return { form, fields, schema, schemaFailed: failed }
}

/**
 * SPEC.md §5: with JavaScript, some submit buttons wait until the form is valid. True while the
 * button should stay disabled: after hydration, until the schema accepts `values` — also while
 * the schema is still loading. Should it fail to load, the button works and the server checks.
 */
export function waitsForValidForm(
  hydrated: boolean,
  { schema, schemaFailed }: { schema: z.ZodTypeAny | null; schemaFailed: boolean },
  values: Record<string, unknown>,
): boolean {
  if (!hydrated || schemaFailed) return false
  return !schema?.safeParse(values).success
}
