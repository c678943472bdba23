// The columns of an uploaded questionnaire ("Check the columns", the import-mapping step): which sheet,
// which header row, and which column holds the id, question, context, answer, choice and comments.
// GET reads the product's current reading with a preview of the sheet; PUT saves a person's mapping,
// the questions are read again with it and drafting starts.
import type { Layout, LayoutBody, LayoutColumns, LayoutReply } from '@portal/contracts'
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../../lib/api-client'

/** A column letter: 'A', 'B', …, 'AA'. */
export type Letter = string
export type { Layout, LayoutBody, LayoutColumns, LayoutReply }

/**
 * Where a file's layout is read and saved, and what its save makes stale: a questionnaire of the AI
 * review (questionnaireLayout), or an outbound template or sent questionnaire (features/outbound).
 */
export interface LayoutTarget {
  /** GET / PUT address of the layout. */
  path: string
  /** The layout's query key. */
  key: QueryKey
  /** Queries showing the file's questions, asked again once its columns are saved. */
  stale: QueryKey[]
  /**
   * When the PUT answers something other than the new reading (an answer-library import answers what
   * it stored): given that reply, returns the form's saved message; the reply is not kept as the layout.
   */
  onSaved?: (reply: unknown) => string
}

const path = (id: string) => `/api/questionnaires/${encodeURIComponent(id)}/layout`
export const layoutKey = (id: string) => ['layout', id]

/** The layout of a questionnaire of the AI review. */
export const questionnaireLayout = (id: string): LayoutTarget => ({
  path: path(id),
  key: layoutKey(id),
  // The questions were read again: everything shown of them (review, counts, export, file lists) is stale.
  stale: [
    ['questions', id],
    ['counts', id],
    ['questionnaire-details', id],
    ['export-report', id],
    ['files', 'questionnaire'],
  ],
})

const targetOf = (of: string | LayoutTarget): LayoutTarget => (typeof of === 'string' ? questionnaireLayout(of) : of)

/** A questionnaire whose columns cannot be shown (not a spreadsheet, gone) answers 4xx: not asked again. */
const retry = (count: number, err: unknown) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2

/** `of`: a questionnaire's id, or any file's LayoutTarget. */
export function useLayout(of: string | LayoutTarget, enabled = true) {
  const target = targetOf(of)
  return useQuery({ queryKey: target.key, enabled, retry, queryFn: () => api.get<LayoutReply>(target.path).then((r) => r.data) })
}

export function useSaveLayout(of: string | LayoutTarget) {
  const qc = useQueryClient()
  const target = targetOf(of)
  return useMutation({
    mutationFn: (body: LayoutBody) => api.put<LayoutReply>(target.path, body).then((r) => r.data),
    onSuccess: (layout) => {
      if (!target.onSaved) qc.setQueryData(target.key, layout)
      for (const queryKey of [target.key, ...target.stale]) void qc.invalidateQueries({ queryKey })
    },
  })
}

/** 'A' → 0, 'AA' → 26. */
export const letterIndex = (letter: Letter): number => [...letter.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1

/** 0 → 'A', 26 → 'AA'. */
export function columnLetter(index: number): Letter {
  let s = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

/** What the server takes as a column letter (up to XFD, Excel's last). */
export const isLetter = (s: string) => /^[A-Z]{1,3}$/.test(s)
