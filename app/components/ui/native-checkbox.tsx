import { forwardRef, type InputHTMLAttributes } from 'react'
import { cn } from '~/platform/cn'

/** A styled native checkbox: posts with or without JavaScript. */
export const NativeCheckbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        'h-5 w-5 shrink-0 cursor-pointer rounded-sm border border-primary accent-[hsl(var(--primary))] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    />
  ),
)
NativeCheckbox.displayName = 'NativeCheckbox'
