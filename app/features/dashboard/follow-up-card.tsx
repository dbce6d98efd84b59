// The health overview's follow-up card: the next visit after surgery.
import { Link } from '@remix-run/react'
import { CalendarClock } from 'lucide-react'
import { isoToUsDate } from '~/platform/dates'
import type { HealthMetrics } from '~/features/health-log/health-metrics'
import { pluralDays, Card } from './overview-card'

export function FollowUpCard({ surgery }: { surgery: HealthMetrics['surgery'] }) {
  return (
    <Card icon={CalendarClock} title="Follow-ups" testId="follow-ups">
      {surgery ? (
        <>
          {surgery.next ? (
            <div data-testid="next-follow-up">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Next</p>
              <p className="text-xl font-semibold">{surgery.next.label}</p>
              <p className="text-sm text-muted-foreground">
                {isoToUsDate(surgery.next.date)} ·{' '}
                <span className="font-medium text-foreground">
                  {surgery.next.daysUntil === 0 ? 'due today' : `in ${pluralDays(surgery.next.daysUntil)}`}
                </span>
              </p>
            </div>
          ) : null}
          <p className="mt-auto text-xs text-muted-foreground">
            Usual check-ins: 2 and 6 weeks, 3, 6 and 12 months, then every year.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Your follow-up schedule starts from your surgery date. Once you have had surgery, add its details in
          your{' '}
          <Link
            to="/customer/profile?tab=medical"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            profile
          </Link>
          .
        </p>
      )}
    </Card>
  )
}
