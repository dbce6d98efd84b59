import { useEffect } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Toast } from '~/platform/toast'
import { pushToast } from '~/platform/toast-store'
import { CIRCLE, CircleCheckIcon } from '~/components/ui/icons'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'

// Drawn by this module only, so it travels in this module's chunk rather than in the shared icons
// (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const CircleAlertIcon = (props: IconProps) => (
  <Svg {...props}>
    {CIRCLE}
    <line x1="12" x2="12" y1="8" y2="12" />
    <line x1="12" x2="12.01" y1="16" y2="16" />
  </Svg>
)

/**
 * A toast that came with an action's (or loader's) data rather than through the flash cookie.
 * With JavaScript it joins the toast stack; before hydration, or without JavaScript, it is shown
 * in place as a status message, so a form posted without JavaScript still shows it.
 */
export function AuthToast({
  toast,
  inline = true,
  className,
}: {
  toast?: Toast | null
  /** false when the page already shows the same words in place (e.g. as the form's error). */
  inline?: boolean
  className?: string
}) {
  const hydrated = useHydrated()
  useEffect(() => {
    if (hydrated && toast) pushToast(toast)
  }, [hydrated, toast])
  if (hydrated || !toast || !inline) return null
  return (
    <Alert variant={toast.type === 'destructive' ? 'destructive' : 'success'} className={className} data-toast={toast.type}>
      {toast.type === 'destructive' ? <CircleAlertIcon className="h-4 w-4" aria-hidden /> : <CircleCheckIcon className="h-4 w-4" aria-hidden />}
      <AlertTitle className="font-semibold">{toast.title}</AlertTitle>
      {toast.description ? <AlertDescription>{toast.description}</AlertDescription> : null}
    </Alert>
  )
}
