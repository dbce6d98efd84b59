// The profile's Reminders form (Preferences tab). Native inputs only, so it posts the same
// with or without JavaScript; the API checks every field and its messages show under them.
import { Form, useNavigation } from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { ErrorList, FormError } from '~/components/ui/forms'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { LoadFailed } from '~/components/ui/load-failed'
import { isNotOfferedSentence } from '~/platform/extensions'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeCheckbox } from '~/components/ui/native-checkbox'
import { REMINDER_KINDS, REMINDER_LABELS, WEEKDAYS, WEEKDAY_LABELS, type ReminderSettings } from './reminders'

type Errors = Record<string, string[] | null | undefined>

const selectClasses =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-[invalid=true]:border-destructive sm:text-sm'

export function RemindersForm({
  reminders,
  timeZones,
  errors = {},
}: {
  reminders: { settings: ReminderSettings | null; error: string | null } | null
  timeZones: string[]
  errors?: Errors
}) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reminders'
  const settings = reminders?.settings
  return (
    <section id="reminders" aria-labelledby="reminders-title" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <h2 id="reminders-title" className="text-lg font-semibold leading-tight">
            Reminders
          </h2>
          <CardDescription>
            Small nudges by e-mail, at the time you choose on your own clock. Every e-mail has a link to stop it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {!settings && isNotOfferedSentence(reminders?.error) ? (
            <LoadFailed title="" message={reminders?.error} />
          ) : !settings ? (
            <Alert variant="destructive">
              <AlertDescription>{reminders?.error ?? 'Your reminders could not be loaded.'}</AlertDescription>
            </Alert>
          ) : (
            <Form method="post" className="grid gap-6" data-testid="reminders-form">
              <input type="hidden" name="intent" value="reminders" />
              <FormError errors={errors['']} />
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">E-mail me about</legend>
                {REMINDER_KINDS.map((kind) => (
                  <div key={kind} className="flex items-start gap-3">
                    <NativeCheckbox
                      id={`reminder-${kind}`}
                      name={kind}
                      defaultChecked={settings[kind]}
                      aria-describedby={`reminder-${kind}-hint`}
                      className="mt-0.5"
                    />
                    <div className="grid gap-0.5">
                      <Label htmlFor={`reminder-${kind}`}>{REMINDER_LABELS[kind].label}</Label>
                      <p id={`reminder-${kind}-hint`} className="text-xs text-muted-foreground">
                        {REMINDER_LABELS[kind].hint}
                      </p>
                    </div>
                  </div>
                ))}
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="reminder-time">Time of day</Label>
                  <Input
                    id="reminder-time"
                    name="time"
                    type="time"
                    required
                    defaultValue={settings.time}
                    aria-invalid={errors.time?.length ? true : undefined}
                    aria-describedby={errors.time?.length ? 'reminder-time-error' : undefined}
                  />
                  <ErrorList id="reminder-time-error" errors={errors.time} />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="reminder-time-zone">Time zone</Label>
                  <select
                    id="reminder-time-zone"
                    name="time_zone"
                    defaultValue={settings.time_zone}
                    aria-invalid={errors.time_zone?.length ? true : undefined}
                    aria-describedby={errors.time_zone?.length ? 'reminder-time-zone-error' : undefined}
                    className={selectClasses}
                  >
                    {(timeZones.includes(settings.time_zone) ? timeZones : [settings.time_zone, ...timeZones]).map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replaceAll('_', ' ')}
                      </option>
                    ))}
                  </select>
                  <ErrorList id="reminder-time-zone-error" errors={errors.time_zone} />
                </div>
              </div>
              <fieldset className="grid gap-2" aria-describedby={errors.days?.length ? 'reminder-days-error' : undefined}>
                <legend className="mb-2 text-sm font-medium">Days</legend>
                <div className="flex flex-wrap gap-2">
                  {WEEKDAYS.map((day) => (
                    <label
                      key={day}
                      className="flex min-h-11 min-w-16 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm transition-colors hover:bg-accent/60 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                    >
                      <input
                        type="checkbox"
                        name="days"
                        value={day}
                        defaultChecked={settings.days.includes(day)}
                        className="h-4 w-4 accent-[hsl(var(--primary))]"
                      />
                      {WEEKDAY_LABELS[day]}
                    </label>
                  ))}
                </div>
                <ErrorList id="reminder-days-error" errors={errors.days} />
              </fieldset>
              <div className="flex justify-end border-t border-border pt-6">
                <Button type="submit" disabled={saving}>
                  {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  {saving ? 'Saving...' : 'Save Reminders'}
                </Button>
              </div>
            </Form>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
