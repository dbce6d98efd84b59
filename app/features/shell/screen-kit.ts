import type { MetaDescriptor } from '@remix-run/node'
import { DEFAULT_PRODUCT_NAME } from '~/platform/use-product-name'

// The building blocks that most screens draw, re-exported from one module that every screen
// reaches, so that the browser gets them in one chunk rather than one chunk each.
//
// The classic Remix compiler has esbuild split the browser build by entry point (every route
// module, and every module loaded with import()): a module lands in the chunk of the modules that
// exactly the same entry points reach, and each chunk is compressed on its own. `cn`, `Button`,
// the icons, the form field parts… were each reached by a different set of routes, so a signed-out
// screen downloaded some forty small files, a good part of our bytes being per-file cost
// (docs/decisions/235-shared-blocks-in-one-chunk.md).
//
// A module reaches this one through a file of its own code that re-exports it (`export *`): a
// named import of a block resolves to the block's own file, and would not count. So:
// - every screen's route module imports `pageTitle` from here (this file's own code);
// - the layout routes through `app-shell.tsx` and `_public.tsx`;
// - the modules loaded with import() that draw a block (Radix's toasts, the phone drawer, the
//   nav's tooltips) re-export it too. The tour does not, on purpose: it reaches React but not
//   Remix, which keeps those two in separate chunks (0.7 KB smaller than together).
// The root imports the shell's blocks directly, not this module, so that it does not download the
// form parts: the blocks the root draws share a chunk of their own (the root's set plus the rest).
export * from '~/components/ui/alert'
export * from '~/components/ui/button'
export * from '~/components/ui/card'
export * from '~/components/ui/forms'
export * from '~/components/ui/icons'
export * from '~/components/ui/input'
export * from '~/components/ui/label'
export * from '~/components/ui/native-checkbox'
export * from './brand'
export * from './not-found-screen'
export * from './public-header'
export * from './standalone-frame'
export * from './theme'
export * from './theme-toggle'
export * from './toast-styles'
export * from '~/platform/cn'
export * from '~/platform/toast'
export * from '~/platform/toast-store'
export * from '~/platform/use-form-error-toast'
export * from '~/platform/use-product-name'
export { useHydrated } from 'remix-utils/use-hydrated'

type RootMatchLike = { id: string; data?: unknown }

/** '{page} | {product}' with the product name the server runs under (PRODUCT_NAME). */
export function pageTitle(page: string, matches: ReadonlyArray<RootMatchLike | undefined>): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as { productName?: string } | undefined
  return [{ title: `${page} | ${root?.productName ?? DEFAULT_PRODUCT_NAME}` }]
}
