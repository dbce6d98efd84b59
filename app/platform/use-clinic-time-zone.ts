import { useRouteLoaderData } from '@remix-run/react'
import { DEFAULT_CLINIC_TIME_ZONE } from './formats'

/** CLINIC_TIME_ZONE, as the admin portal's layout loader passes it to every admin screen. */
export function useClinicTimeZone(): string {
  const data = useRouteLoaderData<{ clinicTimeZone?: string }>('routes/_portal')
  return data?.clinicTimeZone ?? DEFAULT_CLINIC_TIME_ZONE
}
