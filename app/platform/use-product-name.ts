import { useRouteLoaderData } from '@remix-run/react'
import { DEFAULT_PRODUCT_NAME } from './meta'

export function useProductName() {
  const data = useRouteLoaderData<{ productName: string }>('root')
  return data?.productName ?? DEFAULT_PRODUCT_NAME
}
