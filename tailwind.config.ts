import type { Config } from 'tailwindcss'

// Colours come from CSS variables (app/styles/tailwind.css) so light and dark share one set of names.
const token = (name: string) => `hsl(var(--${name}) / <alpha-value>)`

export default {
  content: ['./app/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        border: token('border'),
        input: token('input'),
        ring: token('ring'),
        background: token('background'),
        foreground: token('foreground'),
        primary: { DEFAULT: token('primary'), foreground: token('primary-foreground') },
        secondary: { DEFAULT: token('secondary'), foreground: token('secondary-foreground') },
        muted: { DEFAULT: token('muted'), foreground: token('muted-foreground') },
        accent: { DEFAULT: token('accent'), foreground: token('accent-foreground') },
        destructive: { DEFAULT: token('destructive'), foreground: token('destructive-foreground') },
        success: { DEFAULT: token('success'), foreground: token('success-foreground') },
        card: { DEFAULT: token('card'), foreground: token('card-foreground') },
        sidebar: { DEFAULT: token('sidebar'), foreground: token('sidebar-foreground') },
      },
      borderRadius: { lg: '0.75rem', md: '0.5rem', sm: '0.375rem' },
      width: { sidebar: '16rem', 'sidebar-mobile': '18rem', 'sidebar-icon': '3rem' },
      keyframes: {
        'toast-in': { from: { transform: 'translateY(100%)', opacity: '0' }, to: { transform: 'translateY(0)', opacity: '1' } },
      },
      animation: { 'toast-in': 'toast-in 150ms ease-out' },
    },
  },
  plugins: [],
} satisfies Config
