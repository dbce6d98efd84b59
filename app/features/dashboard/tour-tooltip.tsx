import type { TooltipRenderProps } from 'react-joyride'
import { Button } from '~/components/ui/button'
import {
  isLastTourStep,
  TOUR_BUTTONS,
  TOUR_EDGE_GAP_PX,
  TOUR_HEADER_CLEARANCE_PX,
  TOUR_TOOLTIP_WIDTH,
  TOUR_WELCOME,
  tourCounter,
  type TourStepDefinition,
} from './tour'
import { TourIllustrationImage } from './tour-illustrations'

// joyride hands us its button props (click handlers, data-action); we keep those and put our
// own labels on top, so the accessible names are exactly the visible words.
type JoyrideButtonProps = TooltipRenderProps['primaryProps']

function withLabel(props: JoyrideButtonProps, label: string) {
  const { onClick, 'data-action': action } = props
  return { onClick, 'data-action': action, children: label }
}

/** The tour's tooltip: the welcome card first, then title, text, counter and buttons. */
export function TourTooltip({
  index,
  size,
  step,
  primaryProps,
  skipProps,
  controls,
  tooltipProps,
}: TooltipRenderProps) {
  const definition = step.data as TourStepDefinition | undefined
  const welcome = index === 0
  const last = isLastTourStep(index, size)
  return (
    <div
      {...tooltipProps}
      aria-labelledby="tour-title"
      data-tour-step={definition?.id}
      // Never taller than the room below the sticky header: on a short screen the text scrolls
      // inside the card and the buttons stay reachable.
      style={{
        width: TOUR_TOOLTIP_WIDTH,
        maxWidth: `calc(100vw - ${2 * TOUR_EDGE_GAP_PX}px)`,
        maxHeight: `calc(100vh - ${TOUR_HEADER_CLEARANCE_PX + TOUR_EDGE_GAP_PX}px)`,
      }}
      className="overflow-y-auto rounded-lg border border-border bg-card p-5 text-left text-card-foreground shadow-xl dark:border-primary/50"
    >
      {definition?.illustration ? <TourIllustrationImage name={definition.illustration} /> : null}
      <h2 id="tour-title" className="text-lg font-semibold leading-tight">
        {welcome ? TOUR_WELCOME.title : step.title}
      </h2>
      {welcome ? (
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
          {TOUR_WELCOME.bullets.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{step.content}</p>
      )}
      <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
        {welcome ? (
          <>
            <Button variant="ghost" size="sm" {...withLabel(skipProps, TOUR_WELCOME.skip)} />
            <Button size="sm" {...withLabel(primaryProps, TOUR_WELCOME.start)} />
          </>
        ) : (
          <>
            <span
              className="mr-auto text-xs font-medium tabular-nums text-muted-foreground"
              data-testid="tour-counter"
            >
              {tourCounter(index, size)}
            </span>
            {last ? (
              <>
                <Button variant="ghost" size="sm" data-action="restart" onClick={() => controls.reset(true)}>
                  {TOUR_BUTTONS.restart}
                </Button>
                <Button size="sm" {...withLabel(primaryProps, TOUR_BUTTONS.done)} />
              </>
            ) : (
              <>
                <Button variant="ghost" size="sm" {...withLabel(skipProps, TOUR_BUTTONS.cancel)} />
                <Button size="sm" {...withLabel(primaryProps, TOUR_BUTTONS.next)} />
              </>
            )}
          </>
        )}
      </div>
    </div>
  )
}
