import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import S3rver from 's3rver'
import { type BlobStore, contentDisposition, createFsStore, createS3Store, tenantKey } from '../src/index.js'

const tenant = '2f1c6a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
let dir: string
let s3: S3rver
let s3Port: number

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'blobs-'))
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3rver') })
  const { port } = (await s3.run()) as unknown as { port: number }
  s3Port = port
})
afterAll(async () => {
  await s3.close()
  await rm(dir, { recursive: true, force: true })
})

const stores: [string, () => Promise<BlobStore>][] = [
  ['fs', async () => createFsStore(path.join(dir, 'fs'))],
  ['s3 (s3rver)', async () =>
    createS3Store({ endpoint: `http://127.0.0.1:${s3Port}`, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'portal-test', region: 'us-east-1', partSize: 1024 ** 3 })],
]

describe.each(stores)('%s blob store', (_name, make) => {
  let store: BlobStore
  beforeAll(async () => {
    store = await make()
  })
  afterAll(async () => store.close())

  it('puts, reads, stats, lists and deletes', async () => {
    const key = tenantKey(tenant, 'compliance')
    await store.put(key, Buffer.from('%PDF-1.7 hello'), { contentType: 'application/pdf' })
    expect((await store.getBuffer(key)).toString()).toBe('%PDF-1.7 hello')
    const chunks: Buffer[] = []
    for await (const c of await store.get(key)) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.7 hello')
    expect((await store.stat(key))?.size).toBe(14)
    expect(await store.list(`${tenant}/compliance/`)).toContain(key)
    await store.delete(key)
    expect(await store.stat(key)).toBeUndefined()
    await store.delete(key) // deleting twice is fine
  })

  it('answers NOT_FOUND for a missing key', async () => {
    await expect(store.getBuffer(`${tenant}/x/missing`)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(store.get(`${tenant}/x/missing`)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('deletes a prefix and nothing else', async () => {
    const other = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a'
    const a = tenantKey(tenant, 'docs')
    const b = tenantKey(tenant, 'docs')
    const c = tenantKey(other, 'docs')
    for (const k of [a, b, c]) await store.put(k, Buffer.from(k))
    expect(await store.deletePrefix(`${tenant}/docs/`)).toBe(2)
    expect(await store.stat(c)).toBeDefined()
  })

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', '/etc/passwd', `${tenant}/../x`, 'a\\b', 'a/b c', '', `${tenant}/./x`]) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    }
  })
})

describe('s3 extras', () => {
  it('presigns short-lived attachment URLs that fetch', async () => {
    const [, make] = stores[1]!
    const store = await make()
    const key = tenantKey(tenant, 'docs')
    await store.put(key, Buffer.from('signed bytes'))
    const url = await store.signedUrl(key, 3600, 'Report 2024.pdf')
    expect(url).toContain('X-Amz-Expires=300')
    const res = await fetch(url!)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('signed bytes')
    expect(await createFsStore(dir).signedUrl(key, 60, 'x')).toBeUndefined()
  })

  it('reports an unreachable server as UNAVAILABLE', async () => {
    await expect(createS3Store({ endpoint: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b', bucket: 'portal-x', region: 'us-east-1' })).rejects.toMatchObject({ code: 'UNAVAILABLE' })
  })
})

describe('keys and names', () => {
  it('builds tenant keys from ids only', () => {
    expect(tenantKey(tenant, 'logo', 'abc-1')).toBe(`${tenant}/logo/abc-1`)
    expect(tenantKey(tenant, 'logo')).toMatch(new RegExp(`^${tenant}/logo/[0-9a-f-]{36}$`))
    expect(() => tenantKey('not-a-uuid', 'logo')).toThrow('Invalid storage key')
    expect(() => tenantKey(tenant, '../x')).toThrow('Invalid storage key')
    expect(() => tenantKey(tenant, 'logo', 'report.pdf')).toThrow('Invalid storage key')
  })

  it('encodes download names safely', () => {
    const header = contentDisposition('évil\r\n"x".pdf')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toBe(`attachment; filename="_vil_x_.pdf"; filename*=UTF-8''%C3%A9vil%22x%22.pdf`)
    expect(contentDisposition('evil\u202Efdp.exe')).not.toContain('\u202E')
    expect(contentDisposition('../../etc/passwd')).toContain('filename=".._.._etc_passwd"')
  })
})
