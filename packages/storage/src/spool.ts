// An upload's bytes written to a temporary file as they arrive, never held whole in memory, with
// the size limit enforced while streaming. The first bytes are kept for checks by signature.
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface Spooled {
  path: string
  size: number
  /** The first `headBytes` bytes (fewer if the file is shorter). */
  head: Buffer
  /** True when the stream was longer than `maxBytes` (or its source says it was cut short). */
  tooLarge: boolean
  remove(): Promise<void>
}

export const spoolDir = () => path.join(os.tmpdir(), 'portal-uploads')

export class TooLargeError extends Error {}

/**
 * Writes `source` to a temp file. Stops at `maxBytes` (the caller answers 413 and the file is
 * removed); `truncated()` reports a cut made upstream (busboy's fileSize limit).
 */
export async function spoolStream(source: Readable, opts: { maxBytes: number; headBytes?: number; truncated?: () => boolean; dir?: string }): Promise<Spooled> {
  const dir = opts.dir ?? spoolDir()
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const file = path.join(dir, `${randomUUID()}.part`)
  const remove = () => rm(file, { force: true })
  const headBytes = opts.headBytes ?? 1024
  const headChunks: Buffer[] = []
  let headLen = 0
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > opts.maxBytes) return done(new TooLargeError())
      if (headLen < headBytes) {
        headChunks.push(chunk.subarray(0, headBytes - headLen))
        headLen += Math.min(chunk.length, headBytes - headLen)
      }
      done(null, chunk)
    },
  })
  let tooLarge = false
  try {
    await pipeline(source, counter, createWriteStream(file, { mode: 0o600 }))
  } catch (err) {
    if (!(err instanceof TooLargeError)) {
      await remove()
      throw err
    }
    tooLarge = true // pipeline has destroyed the source: the rest is not read
  }
  if (opts.truncated?.()) tooLarge = true
  if (tooLarge) await remove()
  return { path: file, size, head: Buffer.concat(headChunks), tooLarge, remove }
}
