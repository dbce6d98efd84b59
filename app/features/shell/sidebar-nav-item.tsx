import { NavLink } from '@remix-run/react'
import type { LucideIcon } from 'lucide-react'
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { cn } from '~/platform/cn'

export type SidebarNavItem = {
  to: string
  label: string
  icon: LucideIcon
  /** A count beside the label (unread messages); nothing when 0 or unknown. */
  badge?: number | null
  /** 'none' where loading the page has an effect (opening Messages marks them read). */
  prefetch?: 'intent' | 'none'
}
export type SidebarNavSection = { label: string; items: SidebarNavItem[] }

const itemClasses =
  'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent-foreground'

type NavItemLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { item: SidebarNavItem; iconOnly: boolean }

// Forwards the ref and the trigger props, so that it can sit inside a Radix Tooltip trigger.
export const NavItemLink = forwardRef<HTMLAnchorElement, NavItemLinkProps>(({ item, iconOnly, className, ...props }, ref) => {
  const Icon = item.icon
  const badge = item.badge && item.badge > 0 ? (item.badge > 99 ? '99+' : String(item.badge)) : null
  return (
    <NavLink
      {...props}
      ref={ref}
      to={item.to}
      prefetch={item.prefetch ?? 'intent'}
      className={cn(itemClasses, iconOnly && 'relative justify-center px-0', className)}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden />
      <span className={iconOnly ? 'sr-only' : 'truncate'}>
        {item.label}
        {badge ? <span className="sr-only">{` (${badge} unread)`}</span> : null}
      </span>
      {badge ? (
        <span
          aria-hidden
          data-testid="nav-badge"
          className={cn(
            'rounded-full bg-primary font-semibold text-primary-foreground',
            // The line height after the text size: a text size sets its own line height.
            iconOnly
              ? 'absolute right-0.5 top-0.5 px-1 py-0.5 text-[0.625rem] leading-none'
              : 'ml-auto px-2 py-1 text-xs leading-none',
          )}
        >
          {badge}
        </span>
      ) : null}
    </NavLink>
  )
})
NavItemLink.displayName = 'NavItemLink'

/**
 * The sections' headings and lists; `renderItem` draws each link (with or without a tooltip). Shared
 * by SidebarNav and the tooltips that load later (nav-tooltips.tsx), so both draw the same markup.
 */
export function NavSections({
  sections,
  iconOnly,
  renderItem,
}: {
  sections: SidebarNavSection[]
  iconOnly: boolean
  renderItem: (item: SidebarNavItem) => ReactNode
}) {
  return sections.map((section) => (
    <div key={section.label} className="flex flex-col gap-1">
      {iconOnly ? (
        <span className="sr-only">{section.label}</span>
      ) : (
        <p className="px-2.5 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {section.label}
        </p>
      )}
      <ul className="flex flex-col gap-1">
        {section.items.map((item) => (
          <li key={item.to}>{renderItem(item)}</li>
        ))}
      </ul>
    </div>
  ))
}
