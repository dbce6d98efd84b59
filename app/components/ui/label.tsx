import { forwardRef, type LabelHTMLAttributes } from 'react'
import { cn } from '~/platform/cn'

// A native label with Radix Label's one behaviour (a double click on the text does not select
// it), without Radix's Primitive and Slot in the code of every form screen.
export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(
  ({ className, onMouseDown, ...props }, ref) => (
    // Callers pass htmlFor or wrap the control; the mouse-down handler only stops text selection.
    // eslint-disable-next-line jsx-a11y/label-has-associated-control, jsx-a11y/no-noninteractive-element-interactions
    <label
      ref={ref}
      className={cn('text-sm font-medium leading-none text-foreground peer-disabled:opacity-70', className)}
      onMouseDown={(event) => {
        // Clicks on a control inside the label keep their default behaviour.
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  ),
)
Label.displayName = 'Label'
