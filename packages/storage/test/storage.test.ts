import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import S3rver from 's3rver'
import { silentLogger } from '@portal/observability'
import { type BlobStore, contentDisposition, createBlobStore, createFsStore, createS3Store, nameForContent, tenantKey } from '../src/index.js'

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

const s3cfg = () => ({
  endpoint: `http://127.0.0.1:${s3Port}`,
  accessKey: 'S3RVER',
  secretKey: 'S3RVER',
  bucket: 'portal-test',
  region: 'us-east-1',
  partSize: 1024 ** 3,
})
// Both go through the public factory: no s3 config → fs store under dataDir.
const stores: [string, () => Promise<BlobStore>][] = [
  ['fs', () => createBlobStore({ dataDir: path.join(dir, 'fs') }, silentLogger)],
  ['s3 (s3rver)', () => createBlobStore({ s3: s3cfg(), dataDir: path.join(dir, 'unused') }, silentLogger)],
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
    expect(await store.stat(key)).toMatchObject({ size: 14, contentType: 'application/pdf' })
    expect(await store.list(`${tenant}/compliance/`)).toEqual([key])
    expect(await store.list(`${tenant}/compl`)).toEqual([key])
    await store.delete(key)
    expect(await store.stat(key)).toBeUndefined()
    await store.delete(key) // deleting twice is fine
  })

  it('answers NOT_FOUND for a missing key', async () => {
    await expect(store.getBuffer(`${tenant}/x/missing`)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(store.get(`${tenant}/x/missing`)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('deletes a prefix and nothing else', async () => {
    // Fresh tenants: other tests' blobs in the shared bucket must not change the counts.
    const [mine, other] = [crypto.randomUUID(), crypto.randomUUID()]
    const a = tenantKey(mine, 'docs')
    const b = tenantKey(mine, 'docs')
    const c = tenantKey(other, 'docs')
    const d = tenantKey(mine, 'docs2')
    for (const k of [a, b, c, d]) await store.put(k, Buffer.from(k))
    expect(await store.deletePrefix(`${mine}/docs/`)).toBe(2)
    expect(await store.list(`${mine}/docs/`)).toEqual([])
    expect(await store.list(`${mine}/`)).toEqual([d])
    expect(await store.stat(c)).toBeDefined()
    expect(await store.deletePrefix(`${mine}/nothing-here/`)).toBe(0)
  })

  it('overwrites a key in place', async () => {
    const key = tenantKey(tenant, 'logo')
    await store.put(key, Buffer.from('one'))
    await store.put(key, Buffer.from('second'))
    expect((await store.getBuffer(key)).toString()).toBe('second')
    expect(await store.list(`${tenant}/logo/`)).toEqual(expect.arrayContaining([key]))
    expect((await store.list(`${tenant}/logo/`)).filter((k) => k === key)).toHaveLength(1)
  })

  it('refuses keys that could leave the store', async () => {
    const bad = [
      '../etc/passwd',
      '/etc/passwd',
      `${tenant}/../x`,
      'a\\b',
      'a/b c',
      '',
      `${tenant}/./x`,
      'a..b',
      'a//b',
      `${tenant}/docs/`,
      'a/b\nc',
      'a/%2e%2e/b',
      'é/x',
    ]
    for (const key of bad) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
      await expect(store.getBuffer(key)).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
      await expect(store.delete(key)).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    }
    for (const prefix of ['../', '/', '', 'a/../']) {
      await expect(store.list(prefix)).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
      await expect(store.deletePrefix(prefix)).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
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
    expect(res.headers.get('content-disposition')).toBe(contentDisposition('Report 2024.pdf'))
    expect(await res.text()).toBe('signed bytes')
    expect(await createFsStore(dir).signedUrl(key, 60, 'x')).toBeUndefined()
  })

  it('creates a missing bucket at start-up', async () => {
    const store = await createS3Store({ ...s3cfg(), bucket: `portal-${crypto.randomUUID().slice(0, 8)}` })
    const key = tenantKey(tenant, 'docs')
    await store.put(key, Buffer.from('x'))
    expect(await store.list(`${tenant}/`)).toEqual([key])
  })

  it('reports an unreachable server as UNAVAILABLE', async () => {
    await expect(
      createS3Store({ endpoint: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b', bucket: 'portal-x', region: 'us-east-1' }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'Storage unavailable' })
  })

  it('reports a server that went away as UNAVAILABLE on each call', async () => {
    const gone = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3rver-gone') })
    const { port } = (await gone.run()) as unknown as { port: number }
    const store = await createS3Store({ ...s3cfg(), endpoint: `http://127.0.0.1:${port}` })
    await gone.close()
    const key = tenantKey(tenant, 'docs')
    await expect(store.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'Storage unavailable' })
    await expect(store.getBuffer(key)).rejects.toMatchObject({ code: 'UNAVAILABLE' })
    await expect(store.stat(key)).rejects.toMatchObject({ code: 'UNAVAILABLE' })
    await expect(store.list(`${tenant}/`)).rejects.toMatchObject({ code: 'UNAVAILABLE' })
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

  it("keeps an upload under the spec's name with the extension of its content, never the client's", () => {
    expect(nameForContent('SOC 2 Report (final).PDF', 'pdf')).toBe('SOC2Report(final).pdf')
    expect(nameForContent('../../etc/passwd', 'pdf')).toBe('.._.._etc_passwd.pdf')
    expect(nameForContent('\u202Egnp.exe', 'docx')).toBe('gnp.docx')
    expect(nameForContent('   ', 'pdf', 'document')).toBe('document.pdf')
    // A GIF/SVG polyglot and friends: named for what they were found to be.
    expect(nameForContent('x.html', 'gif')).toBe('x.gif')
    expect(nameForContent('logo.svg', 'png')).toBe('logo.png')
    expect(nameForContent('page.xhtml', 'pdf')).toBe('page.pdf')
    expect(nameForContent('.htaccess', 'jpg')).toBe('file.jpg')
    expect(nameForContent('report.pdf', 'pdf')).toBe('report.pdf')
  })

  it('encodes download names safely', () => {
    const header = contentDisposition('évil\r\n"x".pdf')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toBe(`attachment; filename="_vil_x_.pdf"; filename*=UTF-8''%C3%A9vil%22x%22.pdf`)
    expect(contentDisposition('evil\u202Efdp.exe')).not.toContain('\u202E')
    expect(contentDisposition('../../etc/passwd')).toContain('filename=".._.._etc_passwd"')
    expect(contentDisposition('\r\n')).toBe(`attachment; filename="download"; filename*=UTF-8''download`)
    expect(contentDisposition('100% "done".pdf')).toBe(`attachment; filename="100_ _done_.pdf"; filename*=UTF-8''100%25%20%22done%22.pdf`)
  })
})

describe('fs store on disk', () => {
  it('keeps blobs under dataDir/blobs/<key> and leaves no temp files among them', async () => {
    const dataDir = path.join(dir, 'fs-layout')
    const store = createFsStore(dataDir)
    const key = tenantKey(tenant, 'docs')
    await Promise.all([store.put(key, Buffer.from('a')), store.put(key, Buffer.from('b'))])
    expect(['a', 'b']).toContain((await readFile(path.join(dataDir, 'blobs', key))).toString())
    expect(await readdir(path.join(dataDir, 'blobs', tenant, 'docs'))).toEqual([key.split('/')[2]])
    expect(await readdir(path.join(dataDir, 'blobs-tmp'))).toEqual([])
    expect(await store.stat(`${tenant}/docs`)).toBeUndefined() // a folder is not a blob
    await expect(store.getBuffer(`${tenant}/docs`)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
