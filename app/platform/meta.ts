import type { MetaDescriptor } from '@remix-run/node'

export const DEFAULT_PRODUCT_NAME = 'BariCare'

type RootMatchLike = { id: string; data?: unknown }

/** '{page} | {product}' with the product name the server runs under (PRODUCT_NAME). */
export function pageTitle(page: string, matches: ReadonlyArray<RootMatchLike | undefined>): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as { productName?: string } | undefined
  return [{ title: `${page} | ${root?.productName ?? DEFAULT_PRODUCT_NAME}` }]
}
