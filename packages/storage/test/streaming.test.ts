// Streaming puts and the upload spool: bytes go to a file or the store as they arrive, a failed or
// oversized stream leaves nothing behind.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import S3rver from 's3rver'
import { silentLogger } from '@portal/observability'
import { type BlobStore, createBlobStore, spoolStream, tenantKey } from '../src/index.js'

const tenant = '7a1c6a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
let dir: string
let s3: S3rver
let s3Port: number

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'blobs-stream-'))
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3rver') })
  s3Port = ((await s3.run()) as unknown as { port: number }).port
})
afterAll(async () => {
  await s3.close()
  await rm(dir, { recursive: true, force: true })
})

/** `count` chunks of 64 KiB, then optionally an error: a client that breaks off mid-upload. */
function chunks(count: number, fail = false): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield Buffer.alloc(64 * 1024, i % 251)
      if (fail) throw new Error('client went away')
    })(),
  )
}

const stores: [string, () => Promise<BlobStore>][] = [
  ['fs', () => createBlobStore({ dataDir: path.join(dir, 'fs') }, silentLogger)],
  [
    's3 (s3rver)',
    () =>
      createBlobStore(
        {
          s3: {
            endpoint: `http://127.0.0.1:${s3Port}`,
            accessKey: 'S3RVER',
            secretKey: 'S3RVER',
            bucket: 'stream-test',
            region: 'us-east-1',
            partSize: 1024 ** 3,
          },
          dataDir: path.join(dir, 'unused'),
        },
        silentLogger,
      ),
  ],
]

describe.each(stores)('%s blob store streaming', (_name, make) => {
  let store: BlobStore
  beforeAll(async () => {
    store = await make()
  })
  afterAll(async () => store.close())

  it('puts a stream and a local file, byte for byte, with the content type', async () => {
    const key = tenantKey(tenant, 'stream')
    await store.putStream(key, chunks(40), { size: 40 * 64 * 1024, contentType: 'application/pdf' })
    const got = await store.getBuffer(key)
    expect(got.length).toBe(40 * 64 * 1024)
    expect(got[64 * 1024 * 39]).toBe(39)
    expect(await store.stat(key)).toMatchObject({ size: 40 * 64 * 1024, contentType: 'application/pdf' })

    const file = path.join(dir, 'local.bin')
    await writeFile(file, Buffer.from('%PDF-1.7 from disk'))
    const fileKey = tenantKey(tenant, 'stream')
    await store.putFile(fileKey, file, { contentType: 'application/pdf' })
    expect((await store.getBuffer(fileKey)).toString()).toBe('%PDF-1.7 from disk')
    expect(await store.stat(fileKey)).toMatchObject({ size: 18, contentType: 'application/pdf' })
  })

  it('leaves nothing under the key when the stream fails midway', async () => {
    const key = tenantKey(tenant, 'broken')
    await expect(store.putStream(key, chunks(8, true), { size: 16 * 64 * 1024 })).rejects.toThrow()
    expect(await store.stat(key)).toBeUndefined()
    expect(await store.list(`${tenant}/broken/`)).toEqual([])
  })
})

describe('spoolStream', () => {
  it('writes a stream to a temp file, keeping its first bytes and size', async () => {
    const spoolDir = path.join(dir, 'spool-a')
    const s = await spoolStream(Readable.from([Buffer.from('%PDF-'), Buffer.alloc(5000, 0x20)]), { maxBytes: 10_000, headBytes: 16, dir: spoolDir })
    expect([s.tooLarge, s.size, s.head.toString()]).toEqual([false, 5005, '%PDF-           '])
    expect(await readdir(spoolDir)).toHaveLength(1)
    await s.remove()
    expect(await readdir(spoolDir)).toEqual([])
  })

  it('stops at the limit while streaming and removes the partial file', async () => {
    const spoolDir = path.join(dir, 'spool-b')
    let pulled = 0
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i++) {
          pulled++
          yield Buffer.alloc(64 * 1024)
        }
      })(),
    )
    const s = await spoolStream(source, { maxBytes: 1024 * 1024, dir: spoolDir })
    expect(s.tooLarge).toBe(true)
    expect(pulled).toBeLessThan(40) // stopped reading, not drained
    expect(await readdir(spoolDir)).toEqual([])
  })

  it("reports a cut made upstream (the multipart parser's fileSize limit) as too large", async () => {
    const spoolDir = path.join(dir, 'spool-c')
    const s = await spoolStream(Readable.from([Buffer.from('%PDF-1.7')]), { maxBytes: 1024, truncated: () => true, dir: spoolDir })
    expect(s.tooLarge).toBe(true)
    expect(await readdir(spoolDir)).toEqual([])
  })
})
