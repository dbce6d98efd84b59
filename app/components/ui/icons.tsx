// Inline SVG icons for the screens every signed-out visitor downloads (root, the public layout,
// the auth screens). lucide-react costs several KB there: its icon factory and context, plus
// whatever other icons esbuild's code splitting groups into the same shared chunk. The app's
// screens keep using lucide-react.
//
// The shapes are lucide's (ISC licence, lucide-react 1.x), drawn the same way: a 24×24 viewBox,
// 2px round strokes in currentColor, so they look and size exactly like the lucide icons
// elsewhere in the app. Decorative by default (aria-hidden), like lucide's.
//
// Only icons that several modules draw live here: this file travels with the shared blocks that
// every screen downloads (features/shell/screen-kit.ts), so an icon one screen draws is written in
// that screen's module, and travels in its own chunk.
import { Svg, type IconProps } from './shell-icons'

export {
  HeartPulseIcon,
  MonitorIcon,
  MoonIcon,
  SunIcon,
  type IconComponent,
  type IconProps,
} from './shell-icons'

/** The round outline lucide's circle icons share; the screens that draw their own circle icons use it too. */
export const CIRCLE = <circle cx="12" cy="12" r="10" />

export const XIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </Svg>
)

export const CircleCheckIcon = (props: IconProps) => (
  <Svg {...props}>
    {CIRCLE}
    <path d="m16 9-5.5 5.5L8 12" />
  </Svg>
)

/** The spinner (lucide's LoaderCircle / Loader2); spin it with `animate-spin`. */
export const SpinnerIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M21 12a9 9 0 1 1-6.219-8.56" />
  </Svg>
)

export const LockIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </Svg>
)

export const KeyRoundIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z" />
    <circle cx="16.5" cy="7.5" r=".5" fill="currentColor" />
  </Svg>
)

export const MailCheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M22 13V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v12c0 1.1.9 2 2 2h8" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
    <path d="m16 19 2 2 4-4" />
  </Svg>
)

