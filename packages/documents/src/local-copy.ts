// A stored file copied to a temporary file for the length of `fn`: PDF workers read it by byte
// ranges from disk, so a large upload never sits whole in this thread's memory.
import { type BlobStore, spoolStream } from '@portal/storage'

/** Larger than any upload the services accept (50 MB); a bigger blob is refused, not read. */
const MAX_BYTES = 64 * 1024 * 1024

export async function withLocalCopy<T>(blobs: BlobStore, key: string, fn: (path: string) => Promise<T>): Promise<T> {
  const copy = await spoolStream(await blobs.get(key), { maxBytes: MAX_BYTES })
  try {
    if (copy.tooLarge) throw new Error(`stored file ${key} is larger than ${MAX_BYTES} bytes`)
    return await fn(copy.path)
  } finally {
    await copy.remove()
  }
}
