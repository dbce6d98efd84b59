// Inline SVG icons for the screens every signed-out visitor downloads (root, the public layout,
// the auth screens). lucide-react costs several KB there: its icon factory and context, plus
// whatever other icons esbuild's code splitting groups into the same shared chunk. The app's
// screens keep using lucide-react.
//
// The shapes are lucide's (ISC licence, lucide-react 1.x), drawn the same way: a 24×24 viewBox,
// 2px round strokes in currentColor, so they look and size exactly like the lucide icons
// elsewhere in the app. Decorative by default (aria-hidden), like lucide's.
import { Svg, type IconProps } from './shell-icons'

export {
  HeartPulseIcon,
  MonitorIcon,
  MoonIcon,
  SunIcon,
  type IconComponent,
  type IconProps,
} from './shell-icons'

const CIRCLE = <circle cx="12" cy="12" r="10" />

export const XIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </Svg>
)

export const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
)

export const CircleIcon = (props: IconProps) => <Svg {...props}>{CIRCLE}</Svg>

export const CircleCheckIcon = (props: IconProps) => (
  <Svg {...props}>
    {CIRCLE}
    <path d="m16 9-5.5 5.5L8 12" />
  </Svg>
)

export const CircleXIcon = (props: IconProps) => (
  <Svg {...props}>
    {CIRCLE}
    <path d="m15 9-6 6" />
    <path d="m9 9 6 6" />
  </Svg>
)

export const CircleAlertIcon = (props: IconProps) => (
  <Svg {...props}>
    {CIRCLE}
    <line x1="12" x2="12" y1="8" y2="12" />
    <line x1="12" x2="12.01" y1="16" y2="16" />
  </Svg>
)

/** The spinner (lucide's LoaderCircle / Loader2); spin it with `animate-spin`. */
export const SpinnerIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M21 12a9 9 0 1 1-6.219-8.56" />
  </Svg>
)

export const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
)

export const EyeOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
    <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
    <path d="m2 2 20 20" />
  </Svg>
)

export const LockIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </Svg>
)

export const LockKeyholeIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="16" r="1" />
    <rect x="3" y="10" width="18" height="12" rx="2" />
    <path d="M7 10V7a5 5 0 0 1 10 0v3" />
  </Svg>
)

export const KeyRoundIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z" />
    <circle cx="16.5" cy="7.5" r=".5" fill="currentColor" />
  </Svg>
)

const SHIELD =
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z'

export const ShieldAlertIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />
    <path d="M12 8v4M12 16h.01" />
  </Svg>
)

export const ShieldCheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d={SHIELD} />
    <path d="m9 12 2 2 4-4" />
  </Svg>
)

export const MailCheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M22 13V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v12c0 1.1.9 2 2 2h8" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
    <path d="m16 19 2 2 4-4" />
  </Svg>
)

export const UserPlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M19 8v6M22 11h-6" />
  </Svg>
)

export const UserRoundPlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2 21a8 8 0 0 1 13.292-6" />
    <circle cx="10" cy="8" r="5" />
    <path d="M19 16v6M22 19h-6" />
  </Svg>
)

export const ArrowLeftIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </Svg>
)
