// The patient's profile page has four tabs (SPEC.md §2), kept in the URL (?tab=) so that they are
// plain links: they work without JavaScript, can be bookmarked, and Back goes to the previous tab.
export const PROFILE_PATH = '/customer/profile'

export const PROFILE_TABS = [
  { id: 'personal', label: 'Personal' },
  { id: 'medical', label: 'Medical' },
  { id: 'preferences', label: 'Preferences' },
  { id: 'connected', label: 'Connected' },
] as const

export type ProfileTab = (typeof PROFILE_TABS)[number]['id']

/** An unknown or missing ?tab= shows the first tab. */
export function parseProfileTab(value: string | null | undefined): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? 'personal'
}

export function profileTabHref(tab: ProfileTab): string {
  return `${PROFILE_PATH}?tab=${tab}`
}
