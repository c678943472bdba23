// Logo uploads through HTTP (security.md B17, (c) 16-19): only PNG and JPEG by content, pixel floods
// refused from the header, polyglots re-encoded, and the stored image served so no browser runs it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { schemaDb } from '@portal/db'
import { gif1x1, multipart, pngDeclaring, pngHtmlPolyglot, realJpeg, realPng, svgAsPng } from '../../services/trust-center/test/fixtures.js'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

describe.each(dbKinds())('trust center logo uploads on %s', (db) => {
  let tp: TestPortal
  let admin: SignedUp

  const uploadLogo = (content: Buffer, filename = 'logo.png', type = 'image/png') => {
    const { payload, contentType } = multipart([{ name: 'file', filename, content, type }])
    return call(tp, 'POST', '/api/fs/upload-logo', { token: admin.token, body: payload, headers: { 'content-type': contentType } })
  }
  const logoCount = async () => {
    const rows = await schemaDb<{ logo: { blobKey: string } }>(tp.portal.ctx.db!, 'trust_center', { system: true })
      .selectFrom('logo')
      .select('blobKey')
      .execute()
    const blobs = await Promise.all(rows.map((r) => tp.portal.ctx.blobs!.stat(r.blobKey)))
    return { rows: rows.length, blobs: blobs.filter(Boolean).length }
  }

  beforeAll(async () => {
    tp = await startTestPortal({ db })
    admin = await signUp(tp, 'brand@logo-co.example')
  })
  afterAll(async () => tp.stop())

  it('refuses SVG named .png, GIF, and other types by content with 415, storing nothing', async () => {
    const before = await logoCount()
    for (const [content, filename, type] of [
      [svgAsPng, 'logo.png', 'image/png'],
      [svgAsPng, 'logo.svg', 'image/svg+xml'],
      [gif1x1, 'logo.gif', 'image/gif'],
      [gif1x1, 'logo.png', 'image/png'],
      [Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '), 'logo.webp', 'image/webp'],
      [Buffer.from('%PDF-1.4'), 'logo.jpg', 'image/jpeg'],
    ] as [Buffer, string, string][]) {
      const res = await uploadLogo(content, filename, type)
      expect([filename, res.status, res.body.message]).toEqual([filename, 415, 'Only .png or .jpg images are accepted'])
    }
    expect(await logoCount()).toEqual(before)
  })

  it('refuses a 1×1 PNG declaring 50000×50000 pixels with 422, and a truncated one', async () => {
    const flood = await uploadLogo(await pngDeclaring(50_000, 50_000))
    expect([flood.status, flood.body.message]).toEqual([422, 'Image is too large'])
    const over = await uploadLogo(await pngDeclaring(6000, 5000))
    expect([over.status, over.body.message]).toEqual([422, 'Image is too large'])
    const png = await realPng(300, 300)
    expect((await uploadLogo(png.subarray(0, png.length - 40))).status).toBe(422)
  })

  it('refuses files over 2 MB with 413', async () => {
    const res = await uploadLogo(Buffer.concat([await realPng(), Buffer.alloc(2 * 1024 * 1024 + 1)]))
    expect([res.status, res.body.message]).toEqual([413, 'The image is larger than 2 MB'])
  })

  it('re-encodes a PNG+HTML polyglot: the stored bytes differ and are served with nosniff and a sandbox', async () => {
    const polyglot = await pngHtmlPolyglot()
    const res = await uploadLogo(polyglot)
    expect(res.status).toBe(201)
    const served = await tp.portal.server.inject({ url: (res.body.data as { logo: string }).logo })
    expect(served.rawPayload.equals(polyglot)).toBe(false)
    expect(served.rawPayload.toString('latin1')).not.toMatch(/<script|<html/i)
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
  })

  it('accepts a JPEG and stores a PNG at most 512 px wide', async () => {
    const res = await uploadLogo(await realJpeg(1024, 256, 'camera serial 12345'), 'logo.jpg', 'image/jpeg')
    expect(res.status).toBe(201)
    const served = await tp.portal.server.inject({ url: (res.body.data as { logo: string }).logo })
    const png = served.rawPayload
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(512) // IHDR width
    expect(png.readUInt32BE(20)).toBe(128)
    expect(png.includes(Buffer.from('camera serial'))).toBe(false)
  })
})
