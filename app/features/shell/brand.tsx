import { cn } from '~/platform/cn'
import { HeartPulseIcon } from '~/components/ui/shell-icons'

export function Brand({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold text-foreground', className)}>
      <HeartPulseIcon className="h-6 w-6 text-primary" aria-hidden />
      {name}
    </span>
  )
}
