// What the getting-started checklist reads (issue 25): the company's real state, from the calls that
// already exist, all tenant-scoped by the caller's token. The knowledge base lists every document of
// the company (GET /api/knowledge-base); questionnaires live under clients, at most MAX_CLIENTS looked into.
import type { CompanyListReply, KnowledgeBaseReply, PeoplePage, QuestionnaireFileListReply } from '@portal/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Clients looked into for a first questionnaire (a new company has one or two). */
export const MAX_CLIENTS = 25

export interface StartState {
  /** The company's knowledge-base documents (company-wide and every client's). */
  documents: number
  /** Questionnaires uploaded (at least this many: the count stops at the first client that has some). */
  questionnaires: number
  /** An overview or a security card is written. */
  contentWritten: boolean
  published: boolean
  /** Anyone besides the admin: a colleague who joined or an invitation pending. */
  colleagues: number
}

/** Questionnaires uploaded, client by client until one is found. */
async function questionnaireCount(): Promise<number> {
  const clients = (await api.get<CompanyListReply>('/api/companys')).data.slice(0, MAX_CLIENTS)
  let questionnaires = 0
  for (const c of clients) {
    questionnaires += (await api.get<QuestionnaireFileListReply>(`/api/questionnaires/${encodeURIComponent(c._id)}`)).data.length
    if (questionnaires > 0) break
  }
  return questionnaires
}

async function startState(): Promise<StartState> {
  const [documents, questionnaires, overview, security, site, people] = await Promise.all([
    api.get<KnowledgeBaseReply>('/api/knowledge-base').then((r) => r.data.length),
    questionnaireCount(),
    api.get<{ data: { subTitle?: string; description?: string } | null }>('/api/overview'),
    api.get<{ data: unknown[] }>('/api/security'),
    api.get<{ data: { published: boolean }[] }>('/api/domainnamestatus'),
    api.get<PeoplePage>('/api/people?page=1&pageSize=2'),
  ])
  const written = Boolean(overview.data?.description?.trim() || overview.data?.subTitle?.trim()) || security.data.length > 0
  return {
    documents,
    questionnaires,
    contentWritten: written,
    published: site.data[0]?.published === true,
    colleagues: Math.max(0, people.total - 1),
  }
}

/** The checklist's state, read again each time the dashboard opens. */
export const useStartState = (enabled: boolean) => useQuery({ queryKey: ['getting-started'], queryFn: startState, enabled })
