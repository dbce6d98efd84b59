// /customer/log-data: the entry panel (quick entry, edit or delete), the week at a glance and the
// entries of the picked day. Everything is server-rendered from the URL (?week, ?day, ?log,
// ?edit, ?confirmDelete), so every state can be reached and used without JavaScript.
import type { SubmissionResult } from '@conform-to/react'
import { useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { AuthToast } from '~/features/auth/auth-toast'
import { PageHeader } from '~/components/ui/page-header'
import { PENDING_SKELETON_DELAY_MS } from '~/features/shell/skeletons/pending-skeleton'
import { WeeklyLogSkeleton } from '~/features/shell/skeletons/weekly-log-skeleton'
import type { DailyTargets } from '~/../common/daily-targets'
import {
  LOG_DATA_PATH,
  logDataHref,
  type EntriesByKind,
  type EntryKind,
  type LogPanel,
} from './log-entries'
import type { Toast } from '~/platform/toast'
import type { WeightUnit } from '~/platform/units'
import { DayEntries } from './day-entries'
import { EntryPanel } from './entry-panel'
import { TimeZoneSync } from './time-zone-sync'
import { WeekGrid, WeekNavigation } from './week-view'
import { LoadFailed } from '~/components/ui/load-failed'
import { isNotOfferedSentence } from '~/platform/extensions'

export type LogDataView = {
  today: string
  monday: string
  days: string[]
  previousWeek: string
  nextWeek: string | null
  currentWeek: string
  selectedDay: string
  dayPicked: boolean
  weightUnit: WeightUnit
  targets: DailyTargets
  entries: EntriesByKind | null
  loadError: string | null
  panel: LogPanel
}

export type LogAnswer = { formId: string; result: SubmissionResult<string[]>; toast?: Toast } | undefined

/** A link to another week has been pending a moment: show the weekly log's skeleton meanwhile. */
function useChangingWeek(): boolean {
  const navigation = useNavigation()
  const location = useLocation()
  const changing =
    navigation.state === 'loading' &&
    !navigation.formMethod &&
    navigation.location.pathname === LOG_DATA_PATH &&
    new URLSearchParams(navigation.location.search).get('week') !==
      new URLSearchParams(location.search).get('week')
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!changing) {
      setShown(false)
      return
    }
    const timer = window.setTimeout(() => setShown(true), PENDING_SKELETON_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [changing])
  return changing && shown
}

export function LogDataScreen({ view, answer }: { view: LogDataView; answer: LogAnswer }) {
  const location = useLocation()
  const changingWeek = useChangingWeek()
  if (changingWeek) return <WeeklyLogSkeleton />
  const log: EntryKind = view.panel.mode === 'new' ? view.panel.kind : 'weight'
  // A provider without the health log: nothing here could be saved or shown, so the page says only that.
  if (!view.entries && isNotOfferedSentence(view.loadError)) {
    return (
      <div className="grid gap-6 [&>*]:min-w-0">
        <PageHeader
          title="Log Data"
          description="Record your weight, sleep, meals, water and vitamins, and look back over your week."
        />
        <LoadFailed title="Your week could not be loaded" message={view.loadError} />
      </div>
    )
  }
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <TimeZoneSync serverToday={view.today} />
      <PageHeader
        title="Log Data"
        description="Record your weight, sleep, meals, water and vitamins, and look back over your week."
      />
      <AuthToast toast={answer?.toast} />
      <EntryPanel
        panel={view.panel}
        week={view.monday}
        selectedDay={view.dayPicked ? view.selectedDay : null}
        weightUnit={view.weightUnit}
        entries={view.entries}
        answer={answer}
        formKey={location.key}
      />
      <section aria-labelledby="week-heading" className="grid gap-4">
        <WeekNavigation
          monday={view.monday}
          previousWeek={view.previousWeek}
          nextWeek={view.nextWeek}
          currentWeek={view.currentWeek}
          log={log}
        />
        {view.entries ? (
          <WeekGrid
            days={view.days}
            entries={view.entries}
            today={view.today}
            selectedDay={view.selectedDay}
            weightUnit={view.weightUnit}
            targets={view.targets}
            log={log}
            monday={view.monday}
          />
        ) : (
          <LoadFailed title="Your week could not be loaded" message={view.loadError} retryHref={logDataHref({ week: view.monday })} />
        )}
      </section>
      {view.entries ? (
        <DayEntries
          date={view.selectedDay}
          monday={view.monday}
          entries={view.entries}
          weightUnit={view.weightUnit}
          log={log}
          today={view.today}
        />
      ) : null}
    </div>
  )
}
