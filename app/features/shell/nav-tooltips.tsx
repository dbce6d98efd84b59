import * as Tooltip from '@radix-ui/react-tooltip'
import { NavItemLink, NavSections, type SidebarNavSection } from './sidebar-nav-item'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './sidebar-settings'

/**
 * The collapsed sidebar's sections with a tooltip on each link: its own chunk, loaded by SidebarNav
 * (sidebar-nav.tsx) once the sidebar shows icons only.
 */
export default function NavTooltips({ sections }: { sections: SidebarNavSection[] }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <NavSections
        sections={sections}
        iconOnly
        renderItem={(item) => (
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <NavItemLink item={item} iconOnly />
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                side="right"
                sideOffset={8}
                className="z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md"
              >
                {item.label}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        )}
      />
    </Tooltip.Provider>
  )
}

// Loaded with import(), so an entry point of its own: it reaches the shared blocks, and this keeps
// them in one chunk with every screen's (screen-kit.ts says why).
export * from './screen-kit'
