// The service's pure rules, without a server: rich-text sanitising, plain text, host names, logo
// and document checks by content, permission tokens, ETag matching.
import { describe, expect, it } from '@jest/globals'
import { AppError } from '@portal/errors'
import sharp from 'sharp'
import { accessGrantedMail, accessLink } from '../src/domain/access-mail.js'
import { documentKind } from '../src/domain/document-file.js'
import {
  defaultCname,
  hostnameOf,
  INTERNATIONAL_NAME,
  isValidSubdomain,
  normaliseHost,
  RESERVED_NAME,
  siteUrl,
  subdomainRefusal,
} from '../src/domain/hostnames.js'
import { processLogo } from '../src/domain/logo-image.js'
import { hashPermissionToken, newPermissionToken, PERMISSION_TOKEN } from '../src/domain/permission-token.js'
import { sanitizeRichText } from '../src/domain/rich-text.js'
import { plainText } from '../src/domain/text.js'
import { notModified } from '../src/page.js'
import { gif1x1, officeFile, pngDeclaring, pngHtmlPolyglot, realJpeg, realPng, svgAsPng, unsafeHtml, xssPayloads } from './fixtures.js'

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (err) {
    if (err instanceof AppError) return err
    throw err
  }
  throw new Error('expected a refusal')
}

describe('rich text', () => {
  it.each(xssPayloads)('removes script, handlers, javascript: and dangerous elements from %s', async (payload) => {
    const clean = await sanitizeRichText(`<p>before</p>${payload}<p>after</p>`)
    expect(clean).not.toMatch(unsafeHtml)
    expect(clean).toContain('<p>before</p>')
    expect(clean).toContain('<p>after</p>')
  })

  it('keeps the allowlist: paragraphs, emphasis, lists, headings, quotes and https/mailto links', async () => {
    const html =
      '<h3>Title</h3><h4>Sub</h4><p><strong>a</strong> <b>b</b> <em>c</em> <i>d</i> <u>e</u><br></p><ul><li>x</li></ul><ol><li>y</li></ol>' +
      '<blockquote>q</blockquote><p><a href="https://example.com/x">web</a> <a href="mailto:a@b.example">mail</a></p>'
    expect(await sanitizeRichText(html)).toBe(html)
  })

  it('drops other tags (keeping their text), attributes, and links to other schemes', async () => {
    expect(await sanitizeRichText('<div class="x" style="color:red"><span id="s">text</span></div>')).toBe('text')
    expect(await sanitizeRichText('<a href="http://plain.example" title="t">a</a>')).toBe('<a>a</a>')
    expect(await sanitizeRichText('<a href="/relative">r</a><img src="https://x.example/i.png">')).toBe('<a>r</a>')
    expect(await sanitizeRichText('<p style="background:url(javascript:alert(1))">s</p>')).toBe('<p>s</p>')
  })
})

describe('plain text', () => {
  it('strips control characters, keeps what was typed, and enforces required and length', () => {
    expect(plainText('a\u0000b\u0007c\r\nd', { field: 'title', max: 10 })).toBe('abcd')
    expect(plainText('line 1\r\nline 2\tx\u0001', { field: 'description', max: 50, multiline: true })).toBe('line 1\nline 2\tx')
    expect(plainText('<img src=x onerror=alert(1)>', { field: 'title', max: 200 })).toBe('<img src=x onerror=alert(1)>')
    expect(plainText(undefined, { field: 'title', max: 10 })).toBeUndefined()
    expect(() => plainText('   ', { field: 'title', max: 10, required: true })).toThrow('This field is required')
    expect(() => plainText(undefined, { field: 'title', max: 10, required: true })).toThrow('This field is required')
    expect(() => plainText('x'.repeat(11), { field: 'title', max: 10 })).toThrow('title must be at most 10 characters')
  })
})

describe('host names', () => {
  it('normalises case and the trailing dot, and validates DNS labels', () => {
    expect(normaliseHost(' DEMO.LocalHost. ')).toBe('demo.localhost')
    expect(hostnameOf('Acme', 'Trust.Example.com')).toBe('acme.trust.example.com')
    expect(defaultCname('Acme_Corp_2')).toBe('acme-corp-2')
    for (const ok of ['a', 'acme', 'acme-corp', 'a1', 'x'.repeat(63)]) expect(isValidSubdomain(ok)).toBe(true)
    for (const bad of ['', '-acme', 'acme-', 'ac_me', 'a.b', 'x'.repeat(64), 'ACME', 'acmé']) expect(isValidSubdomain(bad)).toBe(false)
  })

  it('refuses punycode and non-ASCII labels, then malformed ones, then reserved names, each in words', () => {
    for (const idn of ['xn--pple-43d', 'xn--80ak6aa92e', 'ab--cd', 'аpple', 'acmé', 'ａｃｍｅ', 'a\u200bb']) {
      expect([idn, subdomainRefusal(idn)]).toEqual([idn, { code: 'INVALID_REQUEST', message: INTERNATIONAL_NAME }])
    }
    for (const bad of ['', '-acme', 'a.b', 'x'.repeat(64)]) expect(subdomainRefusal(bad)).toEqual({ code: 'INVALID_REQUEST', message: 'Invalid subdomain' })
    for (const reserved of ['www', 'api', 'admin', 'mail', 'app', 'auth', 'login', 'status', 'trust', 'security', 'ns1', 'localhost']) {
      expect(subdomainRefusal(reserved)).toEqual({ code: 'CONFLICT', message: RESERVED_NAME })
    }
    for (const ok of ['acme', 'acme-corp', 'a--b', 'demo', 'x'.repeat(63)]) expect(subdomainRefusal(ok)).toBeUndefined()
  })

  it('builds site URLs from PUBLIC_URL scheme and port only', () => {
    expect(siteUrl('http://localhost:3000', 'demo.localhost')).toBe('http://demo.localhost:3000')
    expect(siteUrl('https://portal.example.com', 'acme.trust.example.com')).toBe('https://acme.trust.example.com')
  })
})

describe('logo images', () => {
  it('re-encodes PNG and JPEG as PNG, at most 512 px wide, without metadata', async () => {
    const wide = await processLogo(await realPng(1200, 300))
    const meta = await sharp(wide).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 128 })
    const small = await sharp(await processLogo(await realPng(40, 20))).metadata()
    expect(small).toMatchObject({ width: 40, height: 20 })
    const jpeg = await realJpeg(100, 50, 'GPS 48.8584 N 2.2945 E')
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const fromJpeg = await processLogo(jpeg)
    const out = await sharp(fromJpeg).metadata()
    expect(out.format).toBe('png')
    expect(out.exif).toBeUndefined()
    expect(fromJpeg.includes(Buffer.from('GPS 48.8584'))).toBe(false)
  })

  it('refuses SVG (even named .png), GIF and anything without a PNG/JPEG signature with 415', async () => {
    for (const bytes of [svgAsPng, gif1x1, Buffer.from('%PDF-1.4 not an image'), Buffer.from('hello')]) {
      const err = await refusal(processLogo(bytes))
      expect([err.statusCode, err.message]).toEqual([415, 'Only .png or .jpg images are accepted'])
    }
  })

  it('refuses a PNG signature on something sharp reads as another format (415)', async () => {
    const gifWithPngMagic = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), gif1x1])
    const err = await refusal(processLogo(gifWithPngMagic))
    expect([415, 422]).toContain(err.statusCode)
  })

  it('refuses a pixel flood from its header (422 Image is too large) and a truncated image (422)', async () => {
    const flood = await pngDeclaring(50_000, 50_000)
    const err = await refusal(processLogo(flood))
    expect([err.statusCode, err.message]).toEqual([422, 'Image is too large'])
    const png = await realPng(200, 200)
    const truncated = await refusal(processLogo(png.subarray(0, Math.floor(png.length / 2))))
    expect(truncated.statusCode).toBe(422)
  })

  it('re-encodes a PNG+HTML polyglot: different bytes, no markup left', async () => {
    const polyglot = await pngHtmlPolyglot()
    const out = await processLogo(polyglot)
    expect(out.equals(polyglot)).toBe(false)
    expect(out.toString('latin1')).not.toContain('<script')
  })

  it('refuses files over 2 MB with 413', async () => {
    const err = await refusal(processLogo(Buffer.concat([await realPng(1, 1), Buffer.alloc(2 * 1024 * 1024)])))
    expect(err.statusCode).toBe(413)
  })
})

describe('documents', () => {
  it('knows PDFs and Office files by content', async () => {
    expect(await documentKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf')
    expect(await documentKind(await officeFile('docx'))).toBe('docx')
    expect(await documentKind(await officeFile('pptx'))).toBe('pptx')
    expect(await documentKind(await officeFile('xlsx'))).toBe('xlsx')
  })

  it('refuses other archives, macros, and other files', async () => {
    expect((await refusal(documentKind(await officeFile('plainzip')))).statusCode).toBe(415)
    const macro = await refusal(documentKind(await officeFile('docm')))
    expect([macro.statusCode, macro.message]).toEqual([415, 'Documents with macros are not accepted'])
    for (const bytes of [Buffer.from('MZ\x90\x00 an exe'), await realPng(), Buffer.from('PK\x03\x04 broken zip')]) {
      expect((await refusal(documentKind(bytes))).statusCode).toBe(415)
    }
  })
})

describe('permission tokens and links', () => {
  it('are 256-bit base64url, stored as SHA-256 hex', () => {
    const a = newPermissionToken()
    expect(a).toMatch(PERMISSION_TOKEN)
    expect(newPermissionToken()).not.toBe(a)
    expect(hashPermissionToken(a)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('travel in the URL fragment, with the email encoded, and the mail escapes the company', () => {
    const link = accessLink('http://demo.localhost:3000', 'tok', 'a+b@x.example')
    expect(link).toBe('http://demo.localhost:3000/#access=tok&email=a%2Bb%40x.example')
    const mail = accessGrantedMail({ company: '<b>Acme</b>\r\nBcc: x', link, expiresAt: new Date('2030-01-02T00:00:00Z') })
    expect(mail.html).not.toContain('<b>Acme')
    expect(mail.text).toContain(link)
    expect(mail.text).toContain('2030-01-02')
  })
})

describe('ETag matching', () => {
  it('compares weakly, accepts lists and *', () => {
    expect(notModified('W/"abc"', 'W/"abc"')).toBe(true)
    expect(notModified('"abc"', 'W/"abc"')).toBe(true)
    expect(notModified('W/"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(notModified('*', 'W/"abc"')).toBe(true)
    expect(notModified('W/"abd"', 'W/"abc"')).toBe(false)
    expect(notModified(undefined, 'W/"abc"')).toBe(false)
  })
})
