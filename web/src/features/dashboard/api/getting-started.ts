// What the getting-started checklist reads (issue 25): the company's real state, from the calls that
// already exist, all tenant-scoped by the caller's token. Files live under clients (knowledge-base
// documents and questionnaires): the clients are walked until both kinds are found, at most MAX_CLIENTS.
import type { CompanyListReply, ComplianceFileListReply, PeoplePage, QuestionnaireFileListReply } from '@portal/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Clients looked into for a first document and a first questionnaire (a new company has one or two). */
export const MAX_CLIENTS = 25

export interface StartState {
  /** Knowledge-base documents found (counted across the clients looked into). */
  documents: number
  /** Questionnaires uploaded (counted across the clients looked into). */
  questionnaires: number
  /** An overview or a security card is written. */
  contentWritten: boolean
  published: boolean
  /** Anyone besides the admin: a colleague who joined or an invitation pending. */
  colleagues: number
}

async function fileCounts(): Promise<Pick<StartState, 'documents' | 'questionnaires'>> {
  const clients = (await api.get<CompanyListReply>('/api/companys')).data.slice(0, MAX_CLIENTS)
  let documents = 0
  let questionnaires = 0
  for (const c of clients) {
    const id = encodeURIComponent(c._id)
    const [docs, qs] = await Promise.all([
      api.get<ComplianceFileListReply>(`/api/compliancefile/${id}`),
      api.get<QuestionnaireFileListReply>(`/api/questionnaires/${id}`),
    ])
    documents += docs.data.length
    questionnaires += qs.data.length
  }
  return { documents, questionnaires }
}

async function startState(): Promise<StartState> {
  const [files, overview, security, site, people] = await Promise.all([
    fileCounts(),
    api.get<{ data: { subTitle?: string; description?: string } | null }>('/api/overview'),
    api.get<{ data: unknown[] }>('/api/security'),
    api.get<{ data: { published: boolean }[] }>('/api/domainnamestatus'),
    api.get<PeoplePage>('/api/people?page=1&pageSize=2'),
  ])
  const written = Boolean(overview.data?.description?.trim() || overview.data?.subTitle?.trim()) || security.data.length > 0
  return {
    ...files,
    contentWritten: written,
    published: site.data[0]?.published === true,
    colleagues: Math.max(0, people.total - 1),
  }
}

/** The checklist's state, read again each time the dashboard opens. */
export const useStartState = (enabled: boolean) => useQuery({ queryKey: ['getting-started'], queryFn: startState, enabled })
