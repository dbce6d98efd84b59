import { lazy, Suspense } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { NavItemLink, NavSections, type SidebarNavSection } from './sidebar-nav-item'

export type { SidebarNavItem, SidebarNavSection } from './sidebar-nav-item'

// The collapsed sidebar's tooltips (Radix Tooltip with its positioning library, ~13 KB gzip) load
// only when the sidebar is collapsed, after hydration: until then the links are the same links
// without a tooltip, their labels kept for screen readers. Should the download fail, they stay so.
const NavTooltips = lazy(() =>
  import('./nav-tooltips').catch(() => ({
    default: ({ sections }: { sections: SidebarNavSection[] }) => <PlainSections sections={sections} iconOnly />,
  })),
)

function PlainSections({ sections, iconOnly }: { sections: SidebarNavSection[]; iconOnly: boolean }) {
  return <NavSections sections={sections} iconOnly={iconOnly} renderItem={(item) => <NavItemLink item={item} iconOnly={iconOnly} />} />
}

/**
 * The sections and their links. Icon-only (the collapsed desktop sidebar) keeps each label for
 * screen readers and shows it in a tooltip; the tooltips' delays come from sidebar-settings.
 */
export function SidebarNav({
  sections,
  iconOnly = false,
  label,
}: {
  sections: SidebarNavSection[]
  iconOnly?: boolean
  label: string
}) {
  const hydrated = useHydrated()
  return (
    <nav aria-label={label} className="flex flex-col gap-4">
      {iconOnly && hydrated ? (
        <Suspense fallback={<PlainSections sections={sections} iconOnly />}>
          <NavTooltips sections={sections} />
        </Suspense>
      ) : (
        <PlainSections sections={sections} iconOnly={iconOnly} />
      )}
    </nav>
  )
}
