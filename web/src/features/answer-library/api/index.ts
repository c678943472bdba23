// The answer library's calls (@portal/contracts answer-library.ts): the paged, searchable list of
// entries, editing and retiring one, and importing completed questionnaires (with the column check
// of a file the product is unsure of, through the layout feature's LayoutTarget).
import type {
  LibraryEntryBody,
  LibraryEntryReply,
  LibraryEntryView,
  LibraryImport,
  LibraryImportReply,
  LibraryListReply,
  MessageReply,
} from '@portal/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { LayoutTarget } from '../../review/api/layout'

export type { LibraryEntryView as LibraryEntry, LibraryImport }

/** Every query of the library starts with this key: an edit, a retirement or an import makes them all stale. */
export const LIBRARY_KEY = ['answer-library'] as const

export interface LibraryFilter {
  page: number
  pageSize: number
  /** The search typed (already debounced); '' lists everything. */
  q: string
  /** Only the entries that conflict with or duplicate another. */
  flagged: boolean
}

export function libraryPath({ page, pageSize, q, flagged }: LibraryFilter): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) })
  if (q.trim()) query.set('q', q.trim())
  if (flagged) query.set('flagged', 'true')
  return `/api/answer-library?${query}`
}

export const useLibrary = (filter: LibraryFilter) =>
  useQuery({
    queryKey: [...LIBRARY_KEY, 'list', filter],
    queryFn: () => api.get<LibraryListReply>(libraryPath(filter)),
    // The list stays on screen while the next page or search loads, instead of blinking to a spinner.
    placeholderData: keepPreviousData,
  })

const entryPath = (id: string) => `/api/answer-library/${encodeURIComponent(id)}`

export function useEditEntry() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LibraryEntryBody }) => api.put<LibraryEntryReply>(entryPath(id), body).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: LIBRARY_KEY }),
  })
}

export function useRetireEntry() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>(entryPath(id)),
    onSuccess: () => qc.invalidateQueries({ queryKey: LIBRARY_KEY }),
  })
}

/** What the import takes, by extension (the server reads the same kinds as questionnaire uploads). */
export const IMPORT_EXTENSIONS = ['.xlsx', '.xlsm', '.xls', '.csv', '.docx'] as const
export const importable = (name: string) => IMPORT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext))

export function useImportFiles() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ files, companyId }: { files: File[]; companyId: string }) => {
      const form = new FormData()
      if (companyId) form.append('company_id', companyId)
      for (const file of files) form.append('files', file, file.name)
      return api.upload<LibraryImportReply>('/api/answer-library/import', form).then((r) => r.data)
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: LIBRARY_KEY }),
  })
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * The column check of an imported file (LayoutForm's target). Its PUT answers the import done with
 * these columns (a LibraryImport, not a layout): `onImported` hears of it, and the form says what was stored.
 */
export const importLayout = (importId: string, onImported: (done: LibraryImport) => void): LayoutTarget => ({
  path: `/api/answer-library/import/${encodeURIComponent(importId)}/layout`,
  key: [...LIBRARY_KEY, 'import-layout', importId],
  stale: [[...LIBRARY_KEY, 'list']],
  onSaved: (reply) => {
    const done = reply as LibraryImport
    onImported(done)
    return `Columns saved: ${plural(done.imported, 'answer')} imported`
  },
})
