// Several files uploaded one request each (issue 25): each file has its own progress (waiting,
// uploading, uploaded, failed with the server's reason), a few go at once, and the whole batch ends
// in one summary in words ("17 files uploaded, 1 failed: scan.pdf — The PDF has no text layer")
// instead of a dialog per file. One request per file: one bad file never refuses the others.
import { useCallback, useRef, useState } from 'react'
import { errorMessage } from './api-client'

export type UploadState = 'waiting' | 'uploading' | 'uploaded' | 'failed'

export interface UploadItem {
  /** Unique within the batch (two files may share a name). */
  key: string
  name: string
  state: UploadState
  /** Why it failed, in the server's words. */
  error?: string
}

/** Uploads at once: enough to keep the line busy, few enough not to crowd the server. */
export const UPLOAD_CONCURRENCY = 3

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The batch's outcome in one sentence. */
export function uploadSummary(items: readonly Pick<UploadItem, 'name' | 'state' | 'error'>[]): string {
  const done = items.filter((i) => i.state === 'uploaded').length
  const failed = items.filter((i) => i.state === 'failed')
  const head = `${plural(done, 'file')} uploaded`
  if (!failed.length) return head
  return `${head}, ${failed.length} failed: ${failed.map((f) => `${f.name} — ${f.error || 'the upload failed'}`).join('; ')}`
}

export const stateWords: Record<UploadState, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading…',
  uploaded: 'Uploaded',
  failed: 'Failed',
}

/**
 * Runs `upload` for each file of a batch, UPLOAD_CONCURRENCY at a time, and keeps each file's state;
 * `start` resolves with the finished items once every file is uploaded or failed.
 */
export function useUploadQueue(upload: (file: File) => Promise<unknown>) {
  const [items, setItems] = useState<UploadItem[]>([])
  const [running, setRunning] = useState(false)
  const batch = useRef(0)
  const start = useCallback(
    async (files: readonly File[]): Promise<UploadItem[]> => {
      const n = ++batch.current
      const list: UploadItem[] = files.map((f, i) => ({ key: `${n}-${i}`, name: f.name, state: 'waiting' }))
      const set = (i: number, next: Partial<UploadItem>) => {
        list[i] = { ...list[i]!, ...next }
        setItems([...list])
      }
      setItems([...list])
      setRunning(true)
      let next = 0
      const worker = async () => {
        while (next < files.length) {
          const i = next++
          set(i, { state: 'uploading' })
          try {
            await upload(files[i]!)
            set(i, { state: 'uploaded' })
          } catch (err) {
            set(i, { state: 'failed', error: errorMessage(err, 'The upload failed') })
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, files.length) }, worker))
      setRunning(false)
      return list
    },
    [upload],
  )
  return { items, running, start, clear: () => setItems([]) }
}
