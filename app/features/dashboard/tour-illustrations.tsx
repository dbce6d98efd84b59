import type { TourIllustration } from './tour'

// Small, decorative line drawings for steps 2 to 4 (SPEC.md §2). They use the theme's colours
// through currentColor and CSS variables, so they read in light and dark.

function Overview() {
  return (
    <svg viewBox="0 0 160 72" className="h-full w-full" fill="none" strokeWidth="2" strokeLinecap="round">
      <rect x="4" y="6" width="44" height="60" rx="6" className="fill-accent stroke-primary/40" />
      <rect x="58" y="6" width="44" height="60" rx="6" className="fill-accent stroke-primary/40" />
      <rect x="112" y="6" width="44" height="60" rx="6" className="fill-accent stroke-primary/40" />
      <path d="M14 22h24M68 22h24M122 22h24" className="stroke-muted-foreground" />
      <path d="M14 46h16M68 46h20M122 46h12" className="stroke-primary" strokeWidth="6" />
    </svg>
  )
}

function Log() {
  return (
    <svg viewBox="0 0 160 72" className="h-full w-full" fill="none" strokeWidth="2" strokeLinecap="round">
      <rect x="30" y="4" width="100" height="64" rx="8" className="fill-accent stroke-primary/40" />
      {[18, 34, 50].map((y) => (
        <g key={y}>
          <circle cx="46" cy={y} r="5" className="fill-primary" />
          <path d={`M58 ${y}h56`} className="stroke-muted-foreground" />
        </g>
      ))}
    </svg>
  )
}

function Trends() {
  return (
    <svg
      viewBox="0 0 160 72"
      className="h-full w-full"
      fill="none"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 64h140M12 8v56" className="stroke-muted-foreground/60" />
      <path d="M16 20l26 10 24-4 24 16 26 4 32 10" className="stroke-primary" />
      {[
        [16, 20],
        [42, 30],
        [66, 26],
        [90, 42],
        [116, 46],
        [148, 56],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="3.5" className="fill-background stroke-primary" />
      ))}
    </svg>
  )
}

const ILLUSTRATIONS: Record<TourIllustration, () => JSX.Element> = {
  overview: Overview,
  log: Log,
  trends: Trends,
}

export function TourIllustrationImage({ name }: { name: TourIllustration }) {
  const Drawing = ILLUSTRATIONS[name]
  return (
    <div aria-hidden="true" data-tour-illustration={name} className="mb-3 h-20 rounded-md bg-muted/60 p-2">
      <Drawing />
    </div>
  )
}
