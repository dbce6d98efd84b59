// SPEC.md §1: light / dark / system, default system, kept in local storage under 'theme'.
export const THEME_STORAGE_KEY = 'theme'
export const THEMES = ['light', 'dark', 'system'] as const
export type ThemeChoice = (typeof THEMES)[number]

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light'
  return choice
}

export function applyTheme(choice: ThemeChoice) {
  const dark = resolveTheme(choice, window.matchMedia('(prefers-color-scheme: dark)').matches) === 'dark'
  const root = document.documentElement
  root.classList.toggle('dark', dark)
  root.classList.toggle('light', !dark)
  root.style.colorScheme = dark ? 'dark' : 'light'
}
