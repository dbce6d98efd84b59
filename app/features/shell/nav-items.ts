import {
  ClipboardList,
  FileChartColumn,
  FolderDown,
  KeyRound,
  LayoutDashboard,
  Network,
  MessagesSquare,
  TrendingUp,
  UserCog,
  UserRound,
  Users,
  Watch,
} from 'lucide-react'
import { INBOX_PATH, MESSAGES_PATH } from '~/platform/portal'
import { SUPER_ADMIN, type AdminRole } from '~/platform/roles'
import type { SidebarNavSection } from './sidebar-nav'

/** The patient app's sections (SPEC.md §1, plus Messages with its unread count). */
export function patientNav(unreadMessages: number | null = null): SidebarNavSection[] {
  return PATIENT_NAV.map((section) =>
    section.label === 'Care'
      ? { ...section, items: section.items.map((item) => (item.to === MESSAGES_PATH ? { ...item, badge: unreadMessages } : item)) }
      : section,
  )
}

export const PATIENT_NAV: SidebarNavSection[] = [
  { label: 'Overview', items: [{ to: '/customer/dashboard', label: 'Dashboard', icon: LayoutDashboard }] },
  {
    label: 'Track',
    items: [
      { to: '/customer/log-data', label: 'Log Data', icon: ClipboardList },
      { to: '/customer/health-trends', label: 'Health Trends', icon: TrendingUp },
      { to: '/customer/connect-devices', label: 'Connect Devices', icon: Watch },
    ],
  },
  { label: 'Care', items: [{ to: MESSAGES_PATH, label: 'Messages', icon: MessagesSquare, prefetch: 'none' }] },
  {
    label: 'Account',
    items: [
      { to: '/customer/profile', label: 'Profile', icon: UserRound },
      { to: '/customer/change-password', label: 'Change Password', icon: KeyRound },
      { to: '/customer/your-data', label: 'Your Data', icon: FolderDown },
    ],
  },
]

/** The admin portal's sections; user management and FHIR clients only for a Super Admin (SPEC.md §6). */
export function adminNav(role: AdminRole, unreadMessages: number | null = null): SidebarNavSection[] {
  return [
    { label: 'Overview', items: [{ to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard }] },
    {
      label: 'Care',
      items: [
        { to: '/admin/patients', label: 'Patients', icon: Users },
        { to: INBOX_PATH, label: 'Messages', icon: MessagesSquare, badge: unreadMessages },
      ],
    },
    { label: 'Insights', items: [{ to: '/admin/reports', label: 'Reports', icon: FileChartColumn }] },
    ...(role === SUPER_ADMIN
      ? [
          {
            label: 'Administration',
            items: [
              { to: '/admin/users', label: 'Users', icon: UserCog },
              { to: '/admin/fhir-clients', label: 'FHIR Clients', icon: Network },
            ],
          },
        ]
      : []),
    {
      label: 'Account',
      items: [
        { to: '/admin/profile', label: 'Profile', icon: UserRound },
        { to: '/admin/change-password', label: 'Change Password', icon: KeyRound },
      ],
    },
  ]
}
