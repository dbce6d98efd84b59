// The disconnect question: a state of the page (?disconnect=<service>), so it works without
// JavaScript; with it, focus moves to the question when it opens.
import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { CONNECT_DEVICES_PATH } from './devices'

export function DisconnectConfirm({ service, serviceName }: { service: string; serviceName: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'disconnect'
  useEffect(() => heading.current?.focus(), [])
  const titleId = `disconnect-${service}-title`
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-4 rounded-lg border border-destructive/50 bg-destructive/5 p-4"
      data-testid="disconnect-confirm"
    >
      <div className="grid gap-1">
        <h4 id={titleId} ref={heading} tabIndex={-1} className="font-semibold focus-visible:outline-none">
          Disconnect {serviceName}?
        </h4>
        <p className="text-sm text-muted-foreground">
          BariCare stops receiving new readings from {serviceName}. What should happen to the readings it
          already imported?
        </p>
      </div>
      <Form method="post" action={CONNECT_DEVICES_PATH} className="grid gap-4">
        <input type="hidden" name="intent" value="disconnect" />
        <input type="hidden" name="service" value={service} />
        <input type="hidden" name="service_name" value={serviceName} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Imported data</legend>
          <Choice value="keep" defaultChecked label="Keep imported data">
            The readings stay in your log, marked “{serviceName}”.
          </Choice>
          <Choice value="delete" label="Delete imported data">
            Removes every reading imported from {serviceName}. Entries you logged yourself are never touched.
          </Choice>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? 'Disconnecting...' : 'Disconnect'}
          </Button>
          <Link
            to={CONNECT_DEVICES_PATH}
            preventScrollReset
            className={buttonVariants({ variant: 'outline' })}
          >
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  )
}

function Choice({
  value,
  label,
  defaultChecked,
  children,
}: {
  value: 'keep' | 'delete'
  label: string
  defaultChecked?: boolean
  children: ReactNode
}) {
  const id = `imported-data-${value}`
  return (
    <div className="flex items-start gap-3 rounded-md border border-border bg-card p-3 has-[:checked]:border-primary">
      <input
        id={id}
        type="radio"
        name="imported_data"
        value={value}
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-4 w-4 accent-[hsl(var(--primary))] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {children}
        </p>
      </div>
    </div>
  )
}
