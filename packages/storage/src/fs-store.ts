// Blobs as files under DATA_DIR/blobs, for the embedded portal. Content types live in a parallel
// tree (DATA_DIR/blobs-meta) so that every file under blobs/ is exactly one key.
import { randomUUID } from 'node:crypto'
import { constants, createReadStream, createWriteStream } from 'node:fs'
import { access, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError } from '@portal/errors'
import { checkKey } from './keys.js'
import type { BlobStore } from './types.js'

const notFound = () => new AppError('NOT_FOUND', { message: 'File not found' })
const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as { code?: string }).code ?? '')

export function createFsStore(dataDir: string): BlobStore {
  const root = path.resolve(dataDir, 'blobs')
  const metaRoot = path.resolve(dataDir, 'blobs-meta')
  // Temp files sit outside blobs/ (same disk, so rename stays atomic) and never show up in list().
  const tmpRoot = path.resolve(dataDir, 'blobs-tmp')
  const file = (key: string) => path.join(root, checkKey(key))
  const metaFile = (key: string) => `${path.join(metaRoot, checkKey(key))}.json`

  async function writeAtomic(target: string, body: Buffer | string | Readable | { copyOf: string }) {
    await Promise.all([mkdir(path.dirname(target), { recursive: true }), mkdir(tmpRoot, { recursive: true })])
    const tmp = path.join(tmpRoot, `${randomUUID()}.tmp`)
    try {
      if (typeof body === 'string' || Buffer.isBuffer(body)) await writeFile(tmp, body)
      else if ('copyOf' in body) await copyFile(body.copyOf, tmp)
      else await pipeline(body, createWriteStream(tmp))
      await rename(tmp, target) // readers never see half a file
    } catch (err) {
      await rm(tmp, { force: true })
      throw err
    }
  }

  async function listFiles(dir: string, base: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    const out: string[] = []
    for (const e of entries) {
      const rel = base ? `${base}/${e.name}` : e.name
      if (e.isDirectory()) out.push(...(await listFiles(path.join(dir, e.name), rel)))
      else if (e.isFile()) out.push(rel)
    }
    return out
  }

  const store: BlobStore = {
    kind: 'fs',
    // The folder is made on the first upload: a fresh data folder is healthy if it can be made.
    healthy: () =>
      mkdir(root, { recursive: true })
        .then(() => access(root, constants.W_OK))
        .then(
          () => true,
          () => false,
        ),
    async put(key, body, opts) {
      const target = file(key)
      await writeAtomic(target, body)
      if (opts?.contentType) await writeAtomic(metaFile(key), JSON.stringify({ contentType: opts.contentType }))
      else await rm(metaFile(key), { force: true })
    },
    async putStream(key, body, opts) {
      const target = file(key)
      await writeAtomic(target, body)
      if (opts.contentType) await writeAtomic(metaFile(key), JSON.stringify({ contentType: opts.contentType }))
      else await rm(metaFile(key), { force: true })
    },
    async putFile(key, filePath, opts) {
      const target = file(key)
      await writeAtomic(target, { copyOf: filePath })
      if (opts?.contentType) await writeAtomic(metaFile(key), JSON.stringify({ contentType: opts.contentType }))
      else await rm(metaFile(key), { force: true })
    },
    async get(key): Promise<Readable> {
      const p = file(key)
      const s = await stat(p).catch(() => undefined)
      if (!s?.isFile()) throw notFound()
      return createReadStream(p)
    },
    async getBuffer(key) {
      try {
        return await readFile(file(key))
      } catch (err) {
        if (isMissing(err)) throw notFound()
        throw err
      }
    },
    async stat(key) {
      const s = await stat(file(key)).catch(() => undefined)
      if (!s?.isFile()) return undefined
      const meta = await readFile(metaFile(key), 'utf8').then(
        (m) => JSON.parse(m) as { contentType?: string },
        () => undefined,
      )
      return { size: s.size, ...(meta?.contentType ? { contentType: meta.contentType } : {}) }
    },
    async delete(key) {
      const p = file(key)
      if ((await stat(p).catch(() => undefined))?.isFile()) await rm(p, { force: true })
      await rm(metaFile(key), { force: true })
    },
    async deletePrefix(prefix) {
      const keys = await store.list(prefix)
      for (const k of keys) await store.delete(k)
      return keys.length
    },
    async list(prefix) {
      checkKey(prefix, true)
      // Walk only the deepest folder the prefix names, not the whole store.
      const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : ''
      const files = await listFiles(base ? path.join(root, base) : root, base)
      return files.filter((k) => k.startsWith(prefix)).sort()
    },
    signedUrl: async () => undefined,
    close: async () => {},
  }
  return store
}
