import { clsx, type ClassValue } from 'clsx'

// Class names for Tailwind, where a later class overrides an earlier one of the same kind:
// `cn('h-10 px-4', className)` with className 'h-8' gives 'px-4 h-8'.
//
// tailwind-merge does this for all of Tailwind, and was 8.7 KB (gzip) of the ~120 KB a public
// screen may download (scripts/size.js). This is the same rule for the utilities this app
// uses, in about 2 KB: a class's kind is its variants (`hover:`, `sm:`…) plus its utility
// group ('h', 'px', 'text-color', 'font-weight'…); of several classes of one kind the last wins,
// and a class also overrides the narrower groups it covers (`p-4` wins over an earlier `pt-0`).
// Classes it does not know (custom ones, rare utilities) are all kept, as clsx would.
// app/platform/cn.test.ts checks that it agrees with tailwind-merge on every class list of app/.

const KEYWORDS = new Map<string, string>()
for (const [group, words] of Object.entries({
  display:
    'block inline-block inline flex inline-flex grid inline-grid table table-row table-cell contents list-item flow-root hidden',
  position: 'static fixed absolute relative sticky',
  visibility: 'visible invisible collapse',
  'font-style': 'italic not-italic',
  'text-decoration': 'underline overline line-through no-underline',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'text-overflow': 'truncate text-ellipsis text-clip',
  sr: 'sr-only not-sr-only',
  transition: 'transition',
  grow: 'grow',
  shrink: 'shrink',
  'border-w': 'border',
  rounded: 'rounded',
  shadow: 'shadow',
  'ring-w': 'ring',
}))
  for (const word of words.split(' ')) KEYWORDS.set(word, group)

/** Utilities whose group is their prefix whatever the value, longest first. */
const PREFIXES = (
  'min-w max-w min-h max-h w h size px py ps pe pt pr pb pl p mx my ms me mt mr mb ml m gap-x gap-y gap ' +
  'space-x space-y inset-x inset-y inset top right bottom left start end z order basis grow shrink ' +
  'col-span col-start col-end row-span row-start row-end grid-cols grid-rows grid-flow auto-cols auto-rows ' +
  'items justify-items justify-self justify self content place-content place-items place-self leading tracking ' +
  'opacity overflow-x overflow-y overflow overscroll whitespace break cursor pointer-events select resize ' +
  'animate transition duration ease delay scale-x scale-y scale rotate translate-x translate-y origin ' +
  'underline-offset line-clamp aspect object list align accent caret columns float clear indent'
)
  .split(' ')
  .sort((a, b) => b.length - a.length)

/** A later class of the key's group also overrides earlier classes of these groups. */
const COVERS: Record<string, string[]> = {}
const sides = (group: string, all: string, pairs: Record<string, string>) => {
  COVERS[group] = all.split(' ').map((s) => group + s)
  for (const [side, covered] of Object.entries(pairs))
    COVERS[group + side] = covered.split(' ').map((s) => group + s)
}
for (const spacing of ['p', 'm']) {
  COVERS[spacing] = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((s) => spacing + s)
  COVERS[spacing + 'x'] = [spacing + 'r', spacing + 'l']
  COVERS[spacing + 'y'] = [spacing + 't', spacing + 'b']
}
for (const border of ['border-w', 'border-c'])
  sides(border, '-x -y -s -e -t -r -b -l', { '-x': '-r -l', '-y': '-t -b' })
sides('rounded', '-s -e -t -r -b -l -ss -se -ee -es -tl -tr -br -bl', {
  '-s': '-ss -es',
  '-e': '-se -ee',
  '-t': '-tl -tr',
  '-r': '-tr -br',
  '-b': '-br -bl',
  '-l': '-tl -bl',
})
COVERS.size = ['w', 'h']
COVERS.gap = ['gap-x', 'gap-y']
COVERS.overflow = ['overflow-x', 'overflow-y']
COVERS.scale = ['scale-x', 'scale-y']
COVERS.inset = ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end']
COVERS['inset-x'] = ['right', 'left']
COVERS['inset-y'] = ['top', 'bottom']

const FONT_SIZES = /^(xs|sm|base|lg|\d?xl|\[[\d.]+[a-z%]*\])$/
const isLength = (value: string) => /^(\d+|px|\[[\d.]+[a-z%]*\])$/.test(value)

/** The utility group of a class without its variants, or undefined when we don't know it. */
function groupOf(utility: string): string | undefined {
  const u = utility.replace(/^-/, '').replace(/\/[\w.[\]]+$/, '') // negative values; opacity modifiers
  const keyword = KEYWORDS.get(u)
  if (keyword) return keyword
  const dash = u.indexOf('-')
  const head = dash < 0 ? u : u.slice(0, dash)
  const value = u.slice(dash + 1)
  switch (dash < 0 ? '' : head) {
    case 'text':
      if (FONT_SIZES.test(value)) return 'text-size'
      if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-align'
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap'
      return /^(ellipsis|clip)$/.test(value) ? 'text-overflow' : 'text-color'
    case 'font':
      return /^(sans|serif|mono)$/.test(value) ? 'font-family' : 'font-weight'
    case 'bg':
      // Colours are what we override; other background utilities are each their own group.
      return /^(fixed|local|scroll|clip-|origin-|no-repeat|repeat|auto$|cover|contain|center|top|bottom|left|right|none|gradient-|blend-)/.test(
        value,
      )
        ? `bg-${value}`
        : 'bg-color'
    case 'border': {
      const [, side = '', rest] = /^(?:([xysetrbl])(?:-|$))?(.*)$/.exec(value) ?? []
      if (rest === '' || isLength(rest)) return `border-w${side && '-' + side}`
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(rest)) return 'border-style'
      if (/^(collapse|separate|spacing)/.test(rest)) return `border-${rest}`
      return `border-c${side && '-' + side}`
    }
    case 'rounded': {
      const side = /^(tl|tr|br|bl|ss|se|es|ee|[setrbl])(-|$)/.exec(value)?.[1]
      return side ? `rounded-${side}` : 'rounded'
    }
    case 'shadow':
      return /^(sm|md|lg|xl|2xl|inner|none|\[.*\])$/.test(value) ? 'shadow' : 'shadow-color'
    case 'ring':
      if (isLength(value)) return 'ring-w'
      if (value === 'inset') return 'ring-inset'
      if (value.startsWith('offset-')) return isLength(value.slice(7)) ? 'ring-offset-w' : 'ring-offset-c'
      return 'ring-c'
    case 'outline':
      if (/^(none|dashed|dotted|double|solid)$/.test(value)) return 'outline-style'
      if (value.startsWith('offset-')) return 'outline-offset'
      return isLength(value) ? 'outline-w' : 'outline-c'
    case 'flex':
      if (/^(row|col)(-reverse)?$/.test(value)) return 'flex-direction'
      return /^(wrap|nowrap|wrap-reverse)$/.test(value) ? 'flex-wrap' : 'flex'
  }
  return PREFIXES.find((prefix) => u.startsWith(prefix + '-'))
}

/** Splits 'md:hover:px-2' into ['md:hover:', 'px-2'], minding brackets ('[&>svg]:size-4'). */
function splitVariants(cls: string): [string, string] {
  let depth = 0
  let end = 0
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i]
    if (c === '[') depth++
    else if (c === ']') depth--
    else if (c === ':' && depth === 0) end = i + 1
  }
  // '!' (important) is part of the kind: '!p-2' does not override 'p-4'.
  const important = cls[end] === '!' ? '!' : ''
  return [cls.slice(0, end) + important, cls.slice(end + important.length)]
}

// The same few hundred class lists come back on every render (a button's variants, a card's
// frame): each is worked out once. The cap bounds lists built from data, should any be.
const MAX_REMEMBERED = 2_000
const merged = new Map<string, string>()

export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs)
  let result = merged.get(joined)
  if (result === undefined) {
    result = mergeClasses(joined)
    if (merged.size >= MAX_REMEMBERED) merged.clear()
    merged.set(joined, result)
  }
  return result
}

function mergeClasses(joined: string): string {
  const classes = joined.split(' ')
  const taken = new Set<string>()
  const kept: string[] = []
  // From the last class back: a class whose kind is taken has been overridden.
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i]
    if (!cls) continue
    const [variants, utility] = splitVariants(cls)
    const group = groupOf(utility)
    // An unknown class is its own kind: only an exact repeat of it is dropped.
    const kind = variants + (group ?? `=${utility}`)
    if (taken.has(kind)) continue
    taken.add(kind)
    for (const covered of (group && COVERS[group]) || []) taken.add(variants + covered)
    kept.push(cls)
  }
  return kept.reverse().join(' ')
}
