import { useEffect, useState } from 'react'
import { cn } from '~/platform/cn'
import { applyTheme, isThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './theme'
import { MonitorIcon, MoonIcon, SunIcon } from '~/components/ui/shell-icons'

const options: { value: ThemeChoice; label: string; Icon: typeof SunIcon }[] = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
]

/** Light / dark / system. Needs JavaScript (the choice lives in local storage), so hidden without it. */
export function ThemeToggle({ className }: { className?: string }) {
  const [choice, setChoice] = useState<ThemeChoice>('system')

  useEffect(() => {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY)
    if (isThemeChoice(stored)) setChoice(stored)
  }, [])

  useEffect(() => {
    if (choice !== 'system') return
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const follow = () => applyTheme('system')
    // The system theme may have changed between the boot script and now (a slow connection, the
    // evening's switch). A stored light or dark choice is not ours to override: on this first pass
    // the state has not read it yet.
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY)
    if (stored !== 'light' && stored !== 'dark') follow()
    media.addEventListener('change', follow)
    return () => media.removeEventListener('change', follow)
  }, [choice])

  function choose(next: ThemeChoice) {
    setChoice(next)
    window.localStorage.setItem(THEME_STORAGE_KEY, next)
    applyTheme(next)
  }

  return (
    <div
      role="group"
      aria-label="Colour theme"
      className={cn('js-only inline-flex rounded-md border border-border bg-background p-0.5', className)}
    >
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={choice === value}
          onClick={() => choose(value)}
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-accent aria-pressed:text-accent-foreground"
        >
          <Icon className="h-3.5 w-3.5" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  )
}
