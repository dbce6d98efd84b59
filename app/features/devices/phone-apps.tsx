// Apple Health and Android Health Connect keep data on the phone: a web page cannot read them. What
// we say depends on the phone the patient named during setup; there is deliberately no connect button.
import { Smartphone } from 'lucide-react'
import type { PhoneAdvice } from './devices'

const PLATFORMS = {
  ios: {
    store: 'Apple Health',
    phone: 'an iPhone',
    text: 'Apple Health keeps your readings on your iPhone itself. No website — BariCare included — can read them; only an app installed on the phone can, with your permission.',
  },
  android: {
    store: 'Health Connect',
    phone: 'an Android phone',
    text: 'Android Health Connect keeps your readings on your phone itself. No website — BariCare included — can read them; only an app installed on the phone can, with your permission.',
  },
} as const

export function PhoneApps({ phone }: { phone: PhoneAdvice }) {
  const platforms = phone.platform ? [phone.platform] : (['ios', 'android'] as const)
  return (
    <section
      aria-labelledby="phone-apps-heading"
      className="grid gap-3 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm"
      data-testid="phone-apps"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Smartphone className="h-5 w-5" aria-hidden />
        </span>
        <h2 id="phone-apps-heading" className="text-lg font-semibold">
          {phone.platform ? PLATFORMS[phone.platform].store : 'Apple Health and Health Connect'}
        </h2>
      </div>
      {phone.platform ? (
        <p className="text-sm">
          You told us you use {PLATFORMS[phone.platform].phone}
          {phone.wearable ? ` with ${phone.wearable}` : ''}.
        </p>
      ) : null}
      {platforms.map((platform) => (
        <p key={platform} className="text-sm text-muted-foreground">
          {PLATFORMS[platform].text}
        </p>
      ))}
      <p className="text-sm text-muted-foreground">
        Syncing {listStores(platforms)} needs the BariCare mobile companion app, which is not available yet.
        Until then, connect your device maker’s cloud account above if it has one, or log your readings in{' '}
        <a href="/customer/log-data" className="font-medium text-primary underline-offset-4 hover:underline">
          Log Data
        </a>
        .
      </p>
    </section>
  )
}

function listStores(platforms: readonly ('ios' | 'android')[]): string {
  return platforms.map((platform) => PLATFORMS[platform].store).join(' or ')
}
