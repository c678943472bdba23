// Object storage: a filesystem store for the embedded portal, S3/MinIO for real deployments.
// Keys are always `<tenantId>/<folder>/<uuid>` (see keys.ts).
import type { Logger } from '@portal/observability'
import { createFsStore } from './fs-store.js'
import { createS3Store, type S3Config } from './s3-store.js'
import type { BlobStore } from './types.js'

export { contentDisposition, imageKind, isPdf, nameForContent, uploadFileName } from './files.js'
export { tenantKey } from './keys.js'
export { type Spooled, spoolDir, spoolStream } from './spool.js'
export { createVirusScanner, type ScanVerdict, type VirusScanner } from './virus-scan.js'
export { createFsStore } from './fs-store.js'
export { createS3Store, type S3Config } from './s3-store.js'
export type { BlobStore } from './types.js'

export async function createBlobStore(cfg: { s3?: S3Config | undefined; dataDir: string }, log?: Logger): Promise<BlobStore> {
  return cfg.s3 ? createS3Store(cfg.s3, log) : createFsStore(cfg.dataDir)
}
