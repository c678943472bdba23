import type { Readable } from 'node:stream'

export interface BlobStore {
  readonly kind: 'fs' | 's3'
  put(key: string, body: Buffer, opts?: { contentType?: string }): Promise<void>
  /** Streams `body` in (never whole in memory); nothing is left under `key` when it fails. */
  putStream(key: string, body: Readable, opts: { size: number; contentType?: string }): Promise<void>
  /** AppError NOT_FOUND when missing. */
  /** A local file (an upload spooled to disk) put under `key`: copied by the kernel for the fs store. */
  putFile(key: string, filePath: string, opts?: { contentType?: string }): Promise<void>
  get(key: string): Promise<Readable>
  getBuffer(key: string): Promise<Buffer>
  stat(key: string): Promise<{ size: number; contentType?: string } | undefined>
  /** A missing key is not an error. */
  delete(key: string): Promise<void>
  deletePrefix(prefix: string): Promise<number>
  list(prefix: string): Promise<string[]>
  /** S3: presigned GET (at most 300 s) as an attachment; the fs store has none (callers stream). */
  signedUrl(key: string, ttlSeconds: number, downloadName: string): Promise<string | undefined>
  close(): Promise<void>
  /** The store answers now (for /readyz). */
  healthy(): Promise<boolean>
}
