// The console's home (/dashboard): what needs doing today, each item linking to its screen.
// Questionnaires in progress with their counts, pending access requests, outbound questionnaires
// awaiting the client's answers, and the trust center's views and downloads of the last 30 days.
// Every card loads, fails (with a retry) and says it is empty on its own, in words.
import type { DashboardOutbound, DashboardQuestionnaire } from '@portal/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { DraftersLine } from '../../review/components/review-figures'
import { Link } from 'react-router-dom'
import { DataTable } from '../../../components/ui/data-table'
import { errorMessage } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format-date'
import { useAnswerQuality } from '../../answer-library/api/quality'
import { NothingReviewed, nothingReviewed, TrackRecordTable } from '../../answer-library/components/track-record'
import {
  CHART_DAYS,
  type PendingRequest,
  useOutboundDashboard,
  usePendingRequests,
  useQuestionnaireDashboard,
  useTrustCenterDashboard,
} from '../api/get-dashboard'
import { DayBars, plural } from './activity-chart'
import { GettingStarted } from './getting-started'
import '../dashboard.css'

/** One card: its heading (with the count when known), then loading, error, empty or the content. */
function Card<T>({
  id,
  title,
  count,
  query,
  what,
  isEmpty,
  empty,
  footer,
  children,
}: {
  id: string
  title: string
  count?: number | undefined
  query: UseQueryResult<T>
  /** "questionnaires": Loading questionnaires…, The questionnaires could not be loaded. */
  what: string
  isEmpty(data: T): boolean
  empty: ReactNode
  footer: ReactNode
  children(data: T): ReactNode
}) {
  const headingId = `dashboard-${id}`
  let body: ReactNode
  if (query.isPending) body = <p className="muted" role="status">{`Loading ${what}…`}</p>
  else if (query.isError) {
    body = (
      <div role="alert" className="dashboard-error">
        <p>{`The ${what} could not be loaded. ${errorMessage(query.error, '')}`.trim()}</p>
        <button type="button" className="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    )
  } else body = isEmpty(query.data) ? <div className="dashboard-empty">{empty}</div> : children(query.data)
  return (
    <section className="card dashboard-card" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>
          {title}
          {count !== undefined && <span className="dashboard-count">{count}</span>}
        </h2>
      </div>
      {body}
      <p className="dashboard-footer">{footer}</p>
    </section>
  )
}

const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0)

function QuestionnaireItem({ q }: { q: DashboardQuestionnaire }) {
  const reading = q.state === 'queued' || q.state === 'running'
  return (
    <li>
      <Link to={`/enterprise-apps/review/${q._id}`} className="dashboard-item-title">
        {q.fileName}
      </Link>
      <span className="muted">{q.companyName}</span>
      {reading && q.total === 0 ? (
        <span className="muted">Reading the questionnaire…</span>
      ) : (
        <>
          <span className="dashboard-figures">
            <span>{plural(q.total, 'question')}</span>
            <span>{`${q.approved} approved`}</span>
            <span>{`${q.drafted} drafted`}</span>
            <span className={q.needsReview ? 'dashboard-attention' : undefined}>{`${q.needsReview} need${q.needsReview === 1 ? 's' : ''} review`}</span>
            {q.review && <span>{`${q.review.empty} without an answer`}</span>}
          </span>
          <DraftersLine counts={q.review} />
          <span
            className="progress"
            role="progressbar"
            aria-label={`${q.fileName}: ${q.approved} of ${q.total} approved`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share(q.approved, q.total)}
          >
            <span style={{ width: `${share(q.approved, q.total)}%` }} />
          </span>
        </>
      )}
    </li>
  )
}

function RequestItem({ r }: { r: PendingRequest }) {
  const name = `${r.firstName} ${r.lastName}`.trim() || r.workEmail
  return (
    <li>
      <Link to="/account" className="dashboard-item-title">
        {name}
      </Link>
      <span className="muted">{[r.companyName, r.workEmail].filter(Boolean).join(' · ')}</span>
      <span className="muted">{`Requested ${formatDateTime(r.createdAt)}`}</span>
    </li>
  )
}

function OutboundItem({ o }: { o: DashboardOutbound }) {
  return (
    <li>
      <Link to={`/outbound/review/${o._id}`} className="dashboard-item-title">
        {o.clientName}
      </Link>
      <span className="muted">{o.email}</span>
      <span className="dashboard-figures">
        <span>{`${o.answered} of ${plural(o.total, 'question')} answered`}</span>
        <span className="muted">{`Sent ${formatDateTime(o.createdAt)}`}</span>
      </span>
    </li>
  )
}

export function DashboardPage() {
  const questionnaires = useQuestionnaireDashboard()
  const requests = usePendingRequests()
  const outbound = useOutboundDashboard()
  const activity = useTrustCenterDashboard()
  const quality = useAnswerQuality()
  return (
    <div className="dashboard">
      <h1>Dashboard</h1>
      <GettingStarted />
      <div className="dashboard-grid">
        <Card
          id="questionnaires"
          title="Questionnaires in progress"
          count={questionnaires.data?.inProgress}
          query={questionnaires}
          what="questionnaires"
          isEmpty={(d) => d.items.length === 0}
          empty={
            <>
              <p className="empty-title">No questionnaires in progress</p>
              <p className="empty-hint muted">Upload a customer's questionnaire on a client's page and its answers are drafted for review.</p>
            </>
          }
          footer={<Link to="/enterprise">All clients and questionnaires</Link>}
        >
          {(d) => (
            <>
              <ul className="dashboard-list">
                {d.items.map((q) => (
                  <QuestionnaireItem key={q._id} q={q} />
                ))}
              </ul>
              {d.inProgress > d.items.length && <p className="muted">{`and ${d.inProgress - d.items.length} more`}</p>}
            </>
          )}
        </Card>

        <Card
          id="requests"
          title="Pending access requests"
          count={requests.data?.total}
          query={requests}
          what="access requests"
          isEmpty={(d) => d.data.length === 0}
          empty={
            <>
              <p className="empty-title">No pending access requests</p>
              <p className="empty-hint muted">Visitors who ask for your gated documents appear here for approval.</p>
            </>
          }
          footer={<Link to="/account">Review access requests</Link>}
        >
          {(d) => (
            <>
              <ul className="dashboard-list">
                {d.data.map((r) => (
                  <RequestItem key={r._id} r={r} />
                ))}
              </ul>
              {d.total > d.data.length && <p className="muted">{`and ${d.total - d.data.length} more`}</p>}
            </>
          )}
        </Card>

        <Card
          id="outbound"
          title="Outbound questionnaires awaiting answers"
          count={outbound.data?.awaiting}
          query={outbound}
          what="outbound questionnaires"
          isEmpty={(d) => d.items.length === 0}
          empty={
            <>
              <p className="empty-title">No outbound questionnaires awaiting answers</p>
              <p className="empty-hint muted">Questionnaires you send to clients are listed here until they submit them.</p>
            </>
          }
          footer={<Link to="/outbound">All outbound questionnaires</Link>}
        >
          {(d) => (
            <>
              <ul className="dashboard-list">
                {d.items.map((o) => (
                  <OutboundItem key={o._id} o={o} />
                ))}
              </ul>
              {d.awaiting > d.items.length && <p className="muted">{`and ${d.awaiting - d.items.length} more`}</p>}
            </>
          )}
        </Card>

        <Card
          id="track-record"
          title="How the drafts did"
          query={quality}
          what="track record"
          isEmpty={nothingReviewed}
          empty={quality.data && <NothingReviewed quality={quality.data} />}
          footer={<Link to="/answer-library">The answer library</Link>}
        >
          {(d) => (
            <>
              <p className="muted">Every drafted answer, by where its draft came from, and what reviewers did with it.</p>
              <TrackRecordTable quality={d} caption="How reviewers treated the drafts, by source" />
            </>
          )}
        </Card>

        <Card
          id="activity"
          title="Trust center views and downloads"
          query={activity}
          what="trust center activity"
          isEmpty={(d) => d.totals.views === 0 && d.totals.downloads === 0}
          empty={
            <>
              <p className="empty-title">{`No views or downloads in the last ${CHART_DAYS} days`}</p>
              <p className="empty-hint muted">Publish your trust center from Settings and share its address with your customers.</p>
            </>
          }
          footer={<Link to="/account">See the trust center activity log</Link>}
        >
          {(d) => (
            <>
              <p className="muted">{`Last ${plural(d.days.length, 'day')}, by day in your time zone (${d.timeZone})`}</p>
              <DayBars title="Views" unit={['view', 'views']} className="views" days={d.days.map((x) => ({ date: x.date, value: x.views }))} />
              <DayBars
                title="Downloads"
                unit={['download', 'downloads']}
                className="downloads"
                days={d.days.map((x) => ({ date: x.date, value: x.downloads }))}
              />
              <details className="dashboard-table">
                <summary>Daily figures</summary>
                <DataTable columns={['Day', 'Views', 'Downloads']} rows={[...d.days].reverse().filter((x) => x.views || x.downloads)}>
                  {(x) => (
                    <tr key={x.date}>
                      <td>{x.date}</td>
                      <td>{x.views}</td>
                      <td>{x.downloads}</td>
                    </tr>
                  )}
                </DataTable>
              </details>
            </>
          )}
        </Card>
      </div>
    </div>
  )
}
