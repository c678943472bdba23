// Keeping an upload (a questionnaire sent, a template, an answer's attachment): it counts against the
// company's daily upload quota (security.md B29) before it is stored, all or nothing: a file that is
// not saved in the end (storage or database gone, refused meanwhile) leaves no blob and gives its
// quota back.
import { refundDaily, spendQuota } from '@portal/db'
import { AppError } from '@portal/errors'
import { tenantKey } from '@portal/storage'
import type { FastifyBaseLogger } from 'fastify'
import { SCHEMA } from './db/schema.js'
import type { OutboundDeps } from './deps.js'
import type { Upload } from './uploads.js'

/** An outsider (the emailed link's session) is not "your company": the same refusal in its words. */
const RECIPIENT_QUOTA = "The company that sent this questionnaire has reached today's limit of uploads. Please try again tomorrow."

/** Spends the file's share of the quota, stores it under a new key of `folder`, and runs `save` with that key. */
export async function keepUpload<T>(
  deps: Pick<OutboundDeps, 'db' | 'blobs' | 'config'>,
  log: FastifyBaseLogger,
  who: { tenantId: string; inboundUser?: boolean | undefined },
  file: Upload,
  folder: string,
  save: (blobKey: string) => Promise<T>,
): Promise<T> {
  const { tenantId } = who
  const use = { files: 1, bytes: file.spooled.size }
  await spendQuota(deps.db, SCHEMA, tenantId, use, deps.config.quota, 'uploads').catch((err: unknown) => {
    if (who.inboundUser && err instanceof AppError && err.code === 'QUOTA_EXCEEDED')
      throw new AppError('QUOTA_EXCEEDED', { message: RECIPIENT_QUOTA, retryAfter: err.retryAfter })
    throw err
  })
  const blobKey = tenantKey(tenantId, folder)
  try {
    await deps.blobs.putFile(blobKey, file.spooled.path, { contentType: file.mimeType })
    return await save(blobKey)
  } catch (err) {
    await deps.blobs.delete(blobKey).catch((e: unknown) => log.error({ err: e }, 'failed upload: stored file not removed'))
    await refundDaily(deps.db, SCHEMA, tenantId, use).catch((e: unknown) => log.error({ err: e }, 'failed upload: quota not given back'))
    throw err
  }
}
