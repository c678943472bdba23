// Blobs in S3 or MinIO through the minio client. The bucket is private; downloads are either
// streamed by the service or presigned for at most 300 s (minio-js defaults to 7 days).
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import type * as Minio from 'minio'
import { contentDisposition } from './files.js'
import { checkKey } from './keys.js'
import type { BlobStore } from './types.js'

export interface S3Config {
  endpoint: string
  accessKey: string
  secretKey: string
  bucket: string
  region: string
  /** Bytes per multipart part (S3_PART_SIZE, default 8 MB); tests against s3rver, which lacks multipart uploads, raise it above the file sizes. */
  partSize?: number
}

const codeOf = (err: unknown) => (err as { code?: string } | undefined)?.code ?? ''
const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound', 'NoSuchBucket'].includes(codeOf(err))
const networkCodes = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED']
const isNetwork = (err: unknown) => networkCodes.includes(codeOf(err))

/** How long a request may wait for the server's first byte; minio-js has no timeout of its own. */
const RESPONSE_TIMEOUT_MS = 15_000

// A blackholed endpoint would otherwise hang every call: give up when no response arrives in time,
// and lift the limit once it does so that a slow reader of a large download is not cut off.
function timedTransport(secure: boolean): Minio.ClientOptions['transport'] {
  const base = secure ? https : http
  const request = (opts: http.RequestOptions, onResponse?: (res: http.IncomingMessage) => void) => {
    const req = base.request(opts, onResponse)
    req.setTimeout(RESPONSE_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('S3 request timed out'), { code: 'ETIMEDOUT' })))
    req.once('response', () => req.setTimeout(0))
    return req
  }
  return { request: request as typeof http.request }
}

export async function createS3Store(cfg: S3Config, log?: Logger): Promise<BlobStore> {
  const url = new URL(cfg.endpoint)
  // The client library is loaded only where S3 is used (about 40 MB resident).
  const { Client } = await import('minio')
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: cfg.accessKey,
    secretKey: cfg.secretKey,
    region: cfg.region,
    pathStyle: true,
    transport: timedTransport(url.protocol === 'https:'),
    // minio-js reads an object no larger than one part whole into memory (its default part is
    // 64 MB): 8 MB parts keep an upload's memory small, whatever the file's size.
    partSize: cfg.partSize ?? 8 * 1024 * 1024,
  })
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn()
    } catch (err) {
      if (isMissing(err)) throw new AppError('NOT_FOUND', { message: 'File not found' })
      if (isNetwork(err)) {
        log?.error({ err }, `storage unavailable during ${what}`)
        throw new AppError('UNAVAILABLE', { message: 'Storage unavailable', cause: err })
      }
      throw err
    }
  }
  await call('start-up', async () => {
    if (!(await client.bucketExists(cfg.bucket))) await client.makeBucket(cfg.bucket, cfg.region)
  })

  const store: BlobStore = {
    kind: 's3',
    healthy: () => Promise.race([client.bucketExists(cfg.bucket).catch(() => false), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]),
    put: (key, body, opts) =>
      call('put', async () => {
        await client.putObject(cfg.bucket, checkKey(key), body, body.length, { 'Content-Type': opts?.contentType ?? 'application/octet-stream' })
      }),
    // minio-js sends a stream of known size in parts of `partSize`, buffering one part at a time;
    // a failed multipart upload is aborted, so no object appears under the key.
    putStream: (key, body, opts) =>
      call('put', async () => {
        await client.putObject(cfg.bucket, checkKey(key), body, opts.size, { 'Content-Type': opts.contentType ?? 'application/octet-stream' })
      }),
    putFile: (key, filePath, opts) =>
      call('put', async () => {
        const { size } = await stat(filePath)
        await client.putObject(cfg.bucket, checkKey(key), createReadStream(filePath), size, { 'Content-Type': opts?.contentType ?? 'application/octet-stream' })
      }),
    get: (key) => call('get', async (): Promise<Readable> => client.getObject(cfg.bucket, checkKey(key))),
    getBuffer: (key) =>
      call('get', async () => {
        const chunks: Buffer[] = []
        for await (const chunk of await client.getObject(cfg.bucket, checkKey(key))) chunks.push(chunk as Buffer)
        return Buffer.concat(chunks)
      }),
    stat: async (key) => {
      try {
        const s = await call('stat', () => client.statObject(cfg.bucket, checkKey(key)))
        const contentType = s.metaData?.['content-type'] as string | undefined
        return { size: s.size, ...(contentType ? { contentType } : {}) }
      } catch (err) {
        if ((err as AppError).code === 'NOT_FOUND') return undefined
        throw err
      }
    },
    delete: (key) => call('delete', () => client.removeObject(cfg.bucket, checkKey(key))),
    deletePrefix: async (prefix) => {
      const keys = await store.list(prefix)
      // One DELETE per key (the multi-object call is not supported by every S3-protocol server),
      // a few at a time so that a tenant with thousands of files does not open thousands of sockets.
      for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((k) => store.delete(k)))
      return keys.length
    },
    list: (prefix) =>
      call('list', async () => {
        const keys: string[] = []
        for await (const item of client.listObjectsV2(cfg.bucket, checkKey(prefix, true), true)) {
          if ((item as { name?: string }).name) keys.push((item as { name: string }).name)
        }
        return keys.sort()
      }),
    signedUrl: (key, ttlSeconds, downloadName) =>
      call('presign', () =>
        client.presignedGetObject(cfg.bucket, checkKey(key), Math.min(300, Math.max(1, ttlSeconds)), {
          'response-content-disposition': contentDisposition(downloadName),
        }),
      ),
    close: async () => {},
  }
  return store
}
