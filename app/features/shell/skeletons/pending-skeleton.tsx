import { Outlet, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState, type ReactElement } from 'react'
import { DashboardSkeleton } from './dashboard-skeleton'
import { FormSkeleton, PageSkeleton } from './page-skeleton'
import { PatientDetailsSkeleton } from './patient-details-skeleton'
import { PatientsListSkeleton } from './patients-list-skeleton'
import { ProfileDetailsSkeleton } from './profile-details-skeleton'
import { ProfileSkeleton } from './profile-skeleton'
import { ReportsSkeleton } from './reports-skeleton'
import { WeeklyLogSkeleton } from './weekly-log-skeleton'

// Fast navigations should not flash a placeholder; slower ones show it after this long.
export const PENDING_SKELETON_DELAY_MS = 150

const BY_PATH: Record<string, () => ReactElement> = {
  '/customer/dashboard': () => <DashboardSkeleton />,
  '/customer/log-data': () => <WeeklyLogSkeleton />,
  '/customer/health-trends': () => <PageSkeleton label="health trends" />,
  '/customer/connect-devices': () => <PageSkeleton label="devices" />,
  '/customer/profile': () => <ProfileSkeleton />,
  '/customer/change-password': () => <FormSkeleton label="change password" />,
  '/admin/dashboard': () => <PageSkeleton label="dashboard" />,
  '/admin/patients': () => <PatientsListSkeleton />,
  '/admin/reports': () => <ReportsSkeleton />,
  '/admin/profile': () => <ProfileDetailsSkeleton />,
  '/admin/change-password': () => <FormSkeleton label="change password" />,
  '/admin/users': () => <PatientsListSkeleton label="users" />,
}

/** The placeholder for a screen of the signed-in shells, or null for anything else. */
export function skeletonForPath(pathname: string): ReactElement | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (/^\/admin\/patient\/[^/]+$/.test(path)) return <PatientDetailsSkeleton />
  return BY_PATH[path]?.() ?? null
}

/**
 * The path a link navigation is heading to (not a form submission, not a change of query only),
 * once it has been pending for PENDING_SKELETON_DELAY_MS.
 */
export function usePendingPath(): string | null {
  const navigation = useNavigation()
  const location = useLocation()
  const target =
    navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null
  const [shown, setShown] = useState<string | null>(null)
  useEffect(() => {
    if (target === null) {
      setShown(null)
      return
    }
    const timer = window.setTimeout(() => setShown(target), PENDING_SKELETON_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [target])
  return target !== null && shown === target ? target : null
}

/** The layout's outlet, replaced by the next screen's skeleton while navigating to it. */
export function OutletOrSkeleton() {
  const pending = usePendingPath()
  const skeleton = pending ? skeletonForPath(pending) : null
  return skeleton ?? <Outlet />
}
