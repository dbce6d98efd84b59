import { useRouteLoaderData } from '@remix-run/react'

export const DEFAULT_PRODUCT_NAME = 'BariCare'

export function useProductName() {
  const data = useRouteLoaderData<{ productName: string }>('root')
  return data?.productName ?? DEFAULT_PRODUCT_NAME
}
