// The dashboard's trust-center figures: public page views and document downloads per day, for the
// signed-in caller's tenant only. Days run midnight to midnight in the viewer's time zone.
import { type TrustCenterDay, TrustCenterDashboardQuery, TrustCenterDashboardReply } from '@portal/contracts'
import { type AppInstance, principalOf } from '@portal/http'
import { guards } from '../access-control.js'
import { activityPerDay } from '../db/history.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { invalid } from '../domain/text.js'
import { staffErrors } from './schemas.js'

const DEFAULT_DAYS = 30
const unknownZone = () => invalid('tz', 'Unknown time zone')

/** Today's date (YYYY-MM-DD) in `tz`; an unknown zone is a 400. */
function todayIn(tz: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  } catch {
    throw unknownZone()
  }
}

/** The `days` calendar dates ending with `today`, oldest first. */
export function calendarDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10))
}

/** The database does not know this zone (invalid_parameter_value). */
const isUnknownZone = (err: unknown) => (err as { code?: string }).code === '22023' || /time zone .* not recognized/i.test(String((err as Error).message))

export function dashboardRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites, views } = deps
  const { staff } = guards(sites)

  app.get(
    '/trust-center/dashboard',
    {
      ...staff,
      schema: {
        tags: ['trust-center', 'dashboard'],
        querystring: TrustCenterDashboardQuery,
        response: { 200: TrustCenterDashboardReply, ...staffErrors },
      },
    },
    async (req) => {
      const { tenantId } = principalOf(req)
      const days = req.query.days ?? DEFAULT_DAYS
      const tz = req.query.tz || 'UTC'
      todayIn(tz, deps.now()) // an unknown zone is refused before anything is done
      await views.flush(tenantId) // views counted in the last few seconds are shown too
      const now = deps.now()
      const dates = calendarDays(todayIn(tz, now), days)
      const rows = await activityPerDay(db, tenantId, days, tz, now).catch((err: unknown) => {
        throw isUnknownZone(err) ? unknownZone() : err
      })
      const byDate = new Map(rows.map((r) => [r.date, r]))
      const series: TrustCenterDay[] = dates.map((date) => ({ date, views: byDate.get(date)?.views ?? 0, downloads: byDate.get(date)?.downloads ?? 0 }))
      const totals = series.reduce((t, d) => ({ views: t.views + d.views, downloads: t.downloads + d.downloads }), { views: 0, downloads: 0 })
      return { status: true, data: { timeZone: tz, days: series, totals } }
    },
  )
}
