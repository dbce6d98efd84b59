import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { extendTailwindMerge } from 'tailwind-merge'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { buttonVariants } from '~/components/ui/button'
import { cn } from './cn'

// app/platform/cn.ts replaces tailwind-merge (too heavy for the public screens' budget) with a small
// merge for the utilities the app uses. tailwind-merge stays the reference: these tests check
// that both give the same classes, by hand-picked cases and for every class list found in app/.

// tailwind-merge told about the widths tailwind.config.ts adds (it knows its colours already).
const twMerge = extendTailwindMerge({
  extend: { classGroups: { w: [{ w: ['sidebar', 'sidebar-mobile', 'sidebar-icon'] }] } },
})

/** tailwind-merge's answer, with exact repeats removed (cn drops them; browsers ignore them). */
function reference(classes: string): string {
  const merged = twMerge(classes).split(' ').filter(Boolean)
  return merged.filter((c, i) => merged.lastIndexOf(c) === i).join(' ')
}

describe('cn', () => {
  it('joins like clsx', () => {
    expect(cn('a', false, null, undefined, ['b', { c: true, d: false }])).toBe('a b c')
    expect(cn()).toBe('')
  })

  it.each([
    // sizes, spacing, and the groups that cover narrower ones
    'h-10 px-4 py-2 h-8',
    'p-6 pt-0 pt-6',
    'p-6 pt-0 px-6 py-4',
    'px-3 p-2',
    'p-2 px-3',
    'size-4 h-5 w-5',
    'h-5 w-5 size-4',
    'gap-2 gap-x-1 gap-0',
    'inset-0 top-2',
    'top-2 inset-0',
    'min-h-[1.25rem] min-h-0 h-4',
    'max-w-md max-w-screen-md w-full w-sidebar',
    '-mt-2 mt-4',
    // colours, sizes and other values that share a prefix
    'text-sm font-medium leading-none text-foreground text-sm font-normal leading-snug',
    'text-base sm:text-sm text-lg text-center text-destructive text-[0.8125rem]',
    'bg-background text-foreground bg-muted/60 text-muted-foreground',
    'bg-card border-dashed bg-transparent',
    'font-mono font-semibold font-medium',
    'border border-input border-2 border-t border-t-0 border-destructive/60 border-l-primary border-border',
    'border-transparent border-b-2 border-primary',
    'rounded-md rounded-full rounded-t-lg rounded-l-none rounded-sm',
    'rounded-t-lg rounded-tl-none rounded-lg',
    'shadow-sm shadow-md shadow shadow-primary',
    'ring-2 ring-ring ring-offset-2 ring-offset-background ring-1 ring-primary ring-inset',
    'outline-none outline-2 outline-offset-2 outline-primary outline-dashed',
    'flex flex-col flex-1 flex-wrap flex-row flex-none',
    'hidden lg:grid grid inline-flex sm:inline-flex',
    'static relative absolute',
    'opacity-80 opacity-100 z-10 z-[100]',
    'overflow-hidden overflow-y-auto overflow-auto',
    'items-center items-start justify-between justify-self-end justify-end self-start',
    'whitespace-nowrap whitespace-normal truncate text-ellipsis',
    'underline no-underline uppercase normal-case',
    'sr-only not-sr-only',
    'shrink-0 grow shrink grow-0',
    'transition-colors transition duration-150 ease-out animate-spin animate-none',
    'translate-x-0 translate-x-[var(--radix-toast-swipe-move-x)] scale-75 scale-100',
    // variants, arbitrary variants and important
    'hover:bg-accent hover:text-accent-foreground hover:text-destructive text-destructive',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-4',
    '[&_svg]:size-4 [&_svg]:size-5 [&>svg~*]:pl-7 [&>svg~*]:pl-8 data-[state=checked]:bg-primary data-[state=checked]:bg-muted',
    'aria-[invalid=true]:border-destructive aria-[invalid=true]:border-success',
    'sm:px-3 px-2.5 sm:px-4',
    '!p-2 p-4',
    // classes it does not know are kept, once
    'js-only peer group js-only tabular-nums',
    'accent-[hsl(var(--primary))] accent-primary',
  ])('agrees with tailwind-merge: %s', (classes) => {
    expect(cn(classes)).toBe(reference(classes))
  })
})

// ---------------------------------------------------------------------------------------------
// Every class list in app/: each cn(...) call's literal classes together (branches that can never
// meet included, which only makes the check stricter), and each component that merges a className
// into its own classes with the classNames its users pass.

const appDir = fileURLToPath(new URL('../../app', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

/** The class-name strings in an expression; buttonVariants({...}) with literal options resolved. */
function classLiterals(node: ts.Node, out: string[] = []): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text)
  else if (ts.isTemplateExpression(node))
    out.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text))
  else if (ts.isCallExpression(node) && node.expression.getText() === 'buttonVariants') {
    const options: Record<string, string> = {}
    const [arg] = node.arguments
    if (arg && ts.isObjectLiteralExpression(arg)) {
      for (const p of arg.properties) {
        if (ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer))
          options[p.name.getText()] = p.initializer.text
      }
    }
    out.push(buttonVariants(options as Parameters<typeof buttonVariants>[0]))
  } else if (ts.isPropertyAssignment(node)) classLiterals(node.initializer, out)
  else if (
    !ts.isBinaryExpression(node) ||
    node.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken
  ) {
    ts.forEachChild(node, (child) => void classLiterals(child, out))
  }
  return out
}

type Found = { where: string; classes: string }

function collect() {
  const calls: Found[] = []
  const ownClasses = new Map<string, string>()
  const uses: Array<Found & { component: string; props: Record<string, string> }> = []
  for (const file of sourceFiles(appDir)) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    )
    const where = (node: ts.Node) =>
      `${path.relative(appDir, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
    const visit = (node: ts.Node, component: string | undefined) => {
      if (
        (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) &&
        node.name &&
        /^[A-Z]/.test(node.name.getText())
      ) {
        component = node.name.getText()
      }
      if (ts.isCallExpression(node) && node.expression.getText() === 'cn') {
        calls.push({ where: where(node), classes: classLiterals(node).join(' ') })
        const mergesClassName = node.arguments.some((a) => /\bclassName\b/.test(a.getText()))
        if (mergesClassName && component) {
          const own = node.arguments
            .filter((a) => !/\bclassName\b/.test(a.getText()))
            .flatMap((a) => classLiterals(a))
          ownClasses.set(component, own.join(' '))
        }
      }
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const props: Record<string, string> = {}
        let className: ts.JsxAttribute | undefined
        for (const attr of node.attributes.properties) {
          if (!ts.isJsxAttribute(attr) || !attr.initializer) continue
          if (attr.name.getText() === 'className') className = attr
          else if (ts.isStringLiteral(attr.initializer)) props[attr.name.getText()] = attr.initializer.text
        }
        if (className?.initializer) {
          uses.push({
            where: where(node),
            component: node.tagName.getText(),
            props,
            classes: classLiterals(className.initializer).join(' '),
          })
        }
      }
      ts.forEachChild(node, (child) => visit(child, component))
    }
    visit(source, undefined)
  }
  const merged: Found[] = []
  for (const use of uses) {
    const own =
      use.component === 'Button'
        ? buttonVariants({ variant: use.props.variant, size: use.props.size } as Parameters<
            typeof buttonVariants
          >[0])
        : ownClasses.get(use.component)
    if (own && use.classes)
      merged.push({ where: `${use.where} <${use.component}>`, classes: `${own} ${use.classes}` })
  }
  return { calls, merged, components: ownClasses.size }
}

describe('cn on the class lists of app/', () => {
  const { calls, merged, components } = collect()

  it('finds them (the scan still works)', () => {
    expect(calls.length).toBeGreaterThan(50)
    expect(components).toBeGreaterThan(15)
    expect(merged.length).toBeGreaterThan(20)
  })

  it('agrees with tailwind-merge on every cn(...) call and every className a component merges', () => {
    const disagreements = [...calls, ...merged]
      .filter(({ classes }) => cn(classes) !== reference(classes))
      .map(
        ({ where, classes }) =>
          `${where}\n  cn:             ${cn(classes)}\n  tailwind-merge: ${reference(classes)}`,
      )
    // A disagreement means a class list relies on a merge rule cn lacks: teach cn the utility
    // group (app/platform/cn.ts), or write the classes so that nothing needs overriding.
    expect(disagreements).toEqual([])
  })
})
