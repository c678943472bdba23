// Blobs as files under DATA_DIR/blobs, for the embedded portal.
import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { AppError } from '@portal/errors'
import { checkKey } from './keys.js'
import type { BlobStore } from './types.js'

const notFound = () => new AppError('NOT_FOUND', { message: 'File not found' })

export function createFsStore(dataDir: string): BlobStore {
  const root = path.resolve(dataDir, 'blobs')
  const file = (key: string) => path.join(root, checkKey(key))
  const exists = async (p: string) => stat(p).then((s) => s.isFile(), () => false)

  async function listFiles(dir: string, base: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    const out: string[] = []
    for (const e of entries) {
      const rel = base ? `${base}/${e.name}` : e.name
      if (e.isDirectory()) out.push(...(await listFiles(path.join(dir, e.name), rel)))
      else if (!e.name.endsWith('.tmp')) out.push(rel)
    }
    return out
  }

  const store: BlobStore = {
    kind: 'fs',
    async put(key, body) {
      const target = file(key)
      await mkdir(path.dirname(target), { recursive: true })
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`
      await writeFile(tmp, body)
      await rename(tmp, target) // readers never see half a file
    },
    async get(key): Promise<Readable> {
      const p = file(key)
      if (!(await exists(p))) throw notFound()
      return createReadStream(p)
    },
    async getBuffer(key) {
      return readFile(file(key)).catch(() => {
        throw notFound()
      })
    },
    async stat(key) {
      const s = await stat(file(key)).catch(() => undefined)
      return s?.isFile() ? { size: s.size } : undefined
    },
    async delete(key) {
      await rm(file(key), { force: true })
    },
    async deletePrefix(prefix) {
      const keys = await store.list(prefix)
      await Promise.all(keys.map((k) => store.delete(k)))
      return keys.length
    },
    async list(prefix) {
      checkKey(prefix)
      return (await listFiles(root, '')).filter((k) => k.startsWith(prefix)).sort()
    },
    signedUrl: async () => undefined,
    close: async () => {},
  }
  return store
}
