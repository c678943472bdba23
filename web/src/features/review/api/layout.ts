// The columns of an uploaded questionnaire ("Check the columns", the import-mapping step): which sheet,
// which header row, and which column holds the id, question, context, answer, choice and comments.
// GET reads the product's current reading with a preview of the sheet; PUT saves a person's mapping,
// the questions are read again with it and drafting starts. Not in @portal/contracts yet: the wire
// types are declared here until the integrator adds them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../../lib/api-client'

/** A column letter: 'A', 'B', …, 'AA'. */
export type Letter = string

export interface LayoutColumns {
  id?: Letter
  question: Letter
  context?: Letter[]
  answer?: Letter
  choice?: Letter
  comments?: Letter
}

export interface Layout {
  /** Every sheet of the file: its rows, and how many questions the current reading takes from it. */
  sheets: { name: string; rows: number; questions: number }[]
  /** The sheet the mapping is for. */
  sheet: string
  /** 1-based; 0: no header row. */
  headerRow: number
  columns: LayoutColumns
  /** 0..1: how sure the product is of its reading. */
  confidence: number
  /** A person confirmed it (or a confirmed mapping of the same form was used). */
  confirmed: boolean
  /** Unsure and not confirmed: drafting waits for a person. */
  needsCheck: boolean
  /** Questions read with this layout, all sheets. */
  total: number
  /** Raw rows of `sheet`: the header row (if any) then the next 10; cells[0] is column A. */
  preview: { row: number; cells: string[] }[]
  /** The first questions as read with this mapping. */
  read: { row: number; id: string; question: string }[]
}

export interface LayoutBody {
  sheet: string
  headerRow: number
  columns: LayoutColumns
}

interface LayoutReply {
  status: boolean
  message?: string
  data: Layout
}

const path = (id: string) => `/api/questionnaires/${encodeURIComponent(id)}/layout`
export const layoutKey = (id: string) => ['layout', id]

/** A questionnaire whose columns cannot be shown (not a spreadsheet, gone) answers 4xx: not asked again. */
const retry = (count: number, err: unknown) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2

export const useLayout = (id: string, enabled = true) =>
  useQuery({ queryKey: layoutKey(id), enabled, retry, queryFn: () => api.get<LayoutReply>(path(id)).then((r) => r.data) })

export function useSaveLayout(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: LayoutBody) => api.put<LayoutReply>(path(id), body).then((r) => r.data),
    onSuccess: (layout) => {
      qc.setQueryData(layoutKey(id), layout)
      // The questions were read again: everything shown of them (review, counts, export, file lists) is stale.
      for (const queryKey of [
        layoutKey(id),
        ['questions', id],
        ['counts', id],
        ['questionnaire-details', id],
        ['export-report', id],
        ['files', 'questionnaire'],
      ])
        void qc.invalidateQueries({ queryKey })
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
