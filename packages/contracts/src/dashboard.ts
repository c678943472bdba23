// The dashboard's aggregates (the console's home, /dashboard): each owning service answers one
// tenant-scoped GET with what the dashboard shows of it. Pending access requests come from the
// existing list (GET /api/accountsrequest, its `total`). The web app imports these types.
import { type Static, Type } from 'typebox'
import { ReviewCounts } from './questionnaire-drafts.js'

const Count = Type.Integer({ minimum: 0 })
const Iso = Type.String({ description: 'UTC ISO 8601 time, e.g. 2026-11-27T07:11:00.000Z' })

/** How many items a dashboard list shows at most (the counts cover all of them). */
export const DASHBOARD_LIMIT = 5

// questionnaire: GET /api/questionnaire/dashboard

/** A questionnaire (uploaded workbook) whose answers are not all approved yet. */
export const DashboardQuestionnaire = Type.Object({
  /** The questionnaire's id: the review screen is /enterprise-apps/review/{_id}. */
  _id: Type.String(),
  fileName: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('check'), Type.Literal('failed')]),
  createdAt: Iso,
  /** Questions found in it. */
  total: Count,
  /** Approved answers (llmstatus true). */
  approved: Count,
  /** Questions with a drafter's answer, approved or not (review.drafted; issue 25: no longer the drafting job's progress). */
  drafted: Count,
  /** With an answer not approved yet: the review screen's NEEDS REVIEW filter (review.needsReview). */
  needsReview: Count,
  /** The review counts every screen shows (questionnaire-drafts.ts). */
  review: ReviewCounts,
})
export type DashboardQuestionnaire = Static<typeof DashboardQuestionnaire>

export const QuestionnaireDashboardReply = Type.Object({
  status: Type.Boolean(),
  data: Type.Object({
    /** Questionnaires in progress (still being read, or with answers not approved), all of them. */
    inProgress: Count,
    /** The newest of them, at most DASHBOARD_LIMIT. */
    items: Type.Array(DashboardQuestionnaire),
  }),
})
export type QuestionnaireDashboardReply = Static<typeof QuestionnaireDashboardReply>

// outbound: GET /api/outbound/dashboard

/** An outbound questionnaire the client has not submitted yet. */
export const DashboardOutbound = Type.Object({
  /** The review screen is /outbound/review/{_id}. */
  _id: Type.String(),
  clientName: Type.String(),
  email: Type.String(),
  createdAt: Iso,
  total: Count,
  answered: Count,
})
export type DashboardOutbound = Static<typeof DashboardOutbound>

export const OutboundDashboardReply = Type.Object({
  status: Type.Boolean(),
  data: Type.Object({
    /** Outbound questionnaires awaiting the client's answers (not submitted), all of them. */
    awaiting: Count,
    /** The newest of them, at most DASHBOARD_LIMIT. */
    items: Type.Array(DashboardOutbound),
  }),
})
export type OutboundDashboardReply = Static<typeof OutboundDashboardReply>

// trust-center: GET /api/trust-center/dashboard?days=&tz=

export const TrustCenterDashboardQuery = Type.Object({
  /** Days in the chart, today included (default 30). */
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
  /** The viewer's IANA time zone (e.g. America/New_York): days run midnight to midnight there. Default UTC. */
  tz: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_+\\-/]+$' })),
})
export type TrustCenterDashboardQuery = Static<typeof TrustCenterDashboardQuery>

export const TrustCenterDay = Type.Object({
  /** The day in the requested time zone, YYYY-MM-DD. */
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  /** Public page loads. */
  views: Count,
  /** Documents served to visitors and staff (each file of a bulk download counts). */
  downloads: Count,
})
export type TrustCenterDay = Static<typeof TrustCenterDay>

export const TrustCenterDashboardReply = Type.Object({
  status: Type.Boolean(),
  data: Type.Object({
    timeZone: Type.String(),
    /** Every day of the period, oldest first, days without activity included (zeros). */
    days: Type.Array(TrustCenterDay),
    totals: Type.Object({ views: Count, downloads: Count }),
  }),
})
export type TrustCenterDashboardReply = Static<typeof TrustCenterDashboardReply>
