import type { ReactNode } from 'react'
import { cn } from '~/platform/cn'
import type { IconComponent } from '~/components/ui/icons'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card'

/** The card every signed-out screen sits in: an icon, the page's h1, a line of context, the body. */
export function AuthCard({
  icon: Icon,
  title,
  description,
  children,
  footer,
  tone = 'default',
  className,
}: {
  icon?: IconComponent
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  tone?: 'default' | 'success' | 'destructive'
  className?: string
}) {
  return (
    <Card className={cn('shadow-md', className)}>
      <CardHeader className="items-center pb-4 text-center">
        {Icon ? (
          <span
            className={cn(
              'mb-2 inline-flex h-12 w-12 items-center justify-center rounded-full',
              tone === 'default' && 'bg-primary/10 text-primary',
              tone === 'success' && 'bg-success/15 text-success',
              tone === 'destructive' && 'bg-destructive/10 text-destructive',
            )}
          >
            <Icon className="h-6 w-6" aria-hidden />
          </span>
        ) : null}
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription className="max-w-sm">{description}</CardDescription> : null}
      </CardHeader>
      {children ? <CardContent className="grid gap-4">{children}</CardContent> : null}
      {footer ? (
        <CardFooter className="flex-col gap-2 border-t border-border px-6 py-4 text-center text-sm text-muted-foreground">
          {footer}
        </CardFooter>
      ) : null}
    </Card>
  )
}
