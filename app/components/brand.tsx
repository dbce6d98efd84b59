import { HeartPulse } from 'lucide-react'
import { cn } from '~/lib/cn'

export function Brand({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold text-foreground', className)}>
      <HeartPulse className="h-6 w-6 text-primary" aria-hidden />
      {name}
    </span>
  )
}
