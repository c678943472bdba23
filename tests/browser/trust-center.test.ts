// Browser test of the trust center: an admin fills every editor block, uploads a logo and a gated
// PDF, writes the NDA and publishes; a visitor on the tenant's own host (a *.localhost name) sees the
// themed page, requests access and accepts the NDA; the admin approves; the visitor follows the
// mailed link and downloads the gated PDF; the admin's activity view shows it all.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { freePort, signUp } from '../support/portal.js'
import { portalAndChromiumForSuite, requireBrowserSetup, signedInPage } from '../support/browser.js'

requireBrowserSetup()

const POLICY = path.resolve(process.cwd(), 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')

/** A real 16×16 PNG of one colour, built by hand (signature, IHDR, IDAT, IEND with CRCs). */
function png(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (b: Buffer) => {
    let c = 0xffffffff
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(16, 0)
  ihdr.writeUInt32BE(16, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 16 }, () => rgb).flat())])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array(16).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('the trust center in a real browser', () => {
  let port: number
  const suite = portalAndChromiumForSuite(async () => {
    port = await freePort()
    return { port, env: { PUBLIC_URL: `http://localhost:${port}`, TRUST_CENTER_DOMAIN: 'localhost' } }
  })

  it('publishes, gates a document behind a request and the NDA, and records it all', async () => {
    const { tp, browser } = suite
    await signUp(tp, 'ada@acme-trust.example', 'Trust!2026x')
    const staff = await browser.newContext({ baseURL: tp.url, acceptDownloads: true })
    const admin = await signedInPage(staff, 'ada@acme-trust.example', 'Trust!2026x')

    // Every editor block.
    await admin.goto('/trust-center-editor')
    await admin.fill('input[name=subTitle]', 'Security at Acme Trust')
    await admin.fill('textarea[name=description]', 'We protect data with **strong encryption**.\n\n- SOC 2 audited\n- <img src=x onerror=alert(1)> stays text')
    await admin.getByRole('button', { name: 'Save overview' }).click()
    await admin.getByText('Added Successfully').waitFor()
    await admin.fill('input[name=framework]', 'SOC 2 Type II')
    await admin.getByRole('button', { name: 'Add framework' }).click()
    await admin.getByText('SOC 2 Type II', { exact: true }).waitFor()
    const security = admin.locator('.security-block')
    await security.locator('input[name=title]').last().fill('Encryption')
    await security.getByRole('button', { name: 'Add category' }).click()
    await security.getByRole('heading', { name: 'Encryption' }).waitFor()
    await security.locator('.security-card input[name=title]').fill('At rest')
    await security.locator('.security-card input[name=itemDescription]').fill('AES-256 everywhere.')
    await security.getByRole('button', { name: 'Add item' }).click()
    await security.getByText('AES-256 everywhere.').waitFor()
    await admin.fill('input[name=documentTitle]', 'SOC 2 policies')
    await admin.setInputFiles('input[name=document]', POLICY)
    await admin.selectOption('select[name=visibility]', 'approval')
    await admin.getByRole('button', { name: 'Upload document' }).click()
    await admin.getByText('minimal-soc2_compiled.pdf', { exact: false }).waitFor()

    // Logo, theme, NDA, publishing.
    await admin.goto('/settings')
    await admin.fill('input[name=companyTitle]', 'Acme Trust')
    await admin.setInputFiles('input[name=logo]', { name: 'logo.png', mimeType: 'image/png', buffer: png([200, 30, 30]) })
    await admin.getByRole('button', { name: 'Upload', exact: true }).click()
    await admin.locator('img.logo-preview').waitFor()
    await admin.getByRole('button', { name: 'Save', exact: true }).click()
    await admin.getByText('Updated Successfully').first().waitFor()
    await admin.fill('input[name=headerColor]', '#123456')
    await admin.getByRole('button', { name: 'Save colours' }).click()
    await admin.fill('input[name=subdomain]', 'acme')
    await admin.getByRole('button', { name: 'Publish your trust center' }).click()
    await admin.getByText('Your trust center is live at http://acme.localhost:', { exact: false }).first().waitFor()
    await admin.goto('/NDA/addNDA')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('This field is required').waitFor()
    await admin.fill('textarea[name=description]', 'The recipient keeps everything in the gated documents confidential.')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Added Successfully').waitFor()

    // The visitor, on the tenant's own host.
    const site = `http://acme.localhost:${port}`
    const outside = await browser.newContext({ acceptDownloads: true })
    const visitor = await outside.newPage()
    visitor.setDefaultTimeout(20_000)
    const dialogs: string[] = []
    visitor.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await visitor.goto(`${site}/`)
    await visitor.getByText('Acme Trust Trust Center').waitFor()
    expect(await visitor.locator('.tc-header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 52, 86)')
    await visitor.getByText('<img src=x onerror=alert(1)> stays text').waitFor()
    // The logo may still be loading when the text is there: wait until the browser is done with it
    // (loaded or failed), then check that it loaded.
    await visitor.waitForFunction(() => (document.querySelector('.tc-logo') as HTMLImageElement | null)?.complete === true)
    expect(await visitor.locator('.tc-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16)
    await visitor.getByRole('button', { name: 'Request access' }).first().click()
    await visitor.fill('input[name=firstName]', 'Vera')
    await visitor.fill('input[name=lastName]', 'Visitor')
    await visitor.fill('input[name=companyName]', 'Buyer Inc')
    await visitor.fill('input[name=workEmail]', 'vera@buyer.example')
    await visitor.getByRole('button', { name: 'Submit request' }).click()
    await visitor.getByText('Please accept the NDA').waitFor()
    await visitor.getByText('The recipient keeps everything').waitFor()
    await visitor.check('input[name=ndaAccepted]')
    await visitor.getByRole('button', { name: 'Submit request' }).click()
    await visitor.getByText('Your request has been sent').waitFor()
    await visitor.getByRole('button', { name: 'Close' }).click()
    await visitor.getByRole('button', { name: 'Request access' }).last().click() // the gated document stays locked
    await visitor.getByRole('button', { name: 'Cancel' }).click()

    // The admin approves.
    await admin.goto('/account')
    // The NDA was accepted under an email nobody has proven yet.
    await admin.getByText('Not confirmed', { exact: true }).waitFor()
    await admin.getByRole('button', { name: 'Approve vera@buyer.example' }).click()
    await admin.getByText('Access approved for vera@buyer.example').first().waitFor()
    await admin.getByText('Active').waitFor()

    // The mailed link, then the gated download.
    const mail = (await readOutbox(tp.dataDir, 'vera@buyer.example')).at(-1)
    const link = /http:\/\/acme\.localhost:\d+\/#access=[^\s]+/.exec(mail?.text ?? '')?.[0]
    expect(link).toBeDefined()
    await visitor.goto(link!)
    await visitor.getByText('Access granted to vera@buyer.example').waitFor()
    expect(visitor.url()).toBe(`${site}/`) // the token left the address bar
    const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('button', { name: 'Download SOC 2 policies' }).click()])
    expect(download.suggestedFilename()).toBe('minimal-soc2_compiled.pdf')
    expect((await readFile((await download.path())!)).equals(await readFile(POLICY))).toBe(true)
    expect(dialogs).toEqual([])

    // The history shows the view, the request, the NDA, the approval and the download.
    // Page views are written in batches every few seconds: reload until they are in.
    for (let i = 0; ; i++) {
      await admin.reload()
      await admin.locator('.activity').waitFor()
      const types = (await admin.locator('.activity strong').allTextContents()).map((t) => t.toLowerCase())
      if (['view', 'request', 'nda', 'approval', 'download'].every((t) => types.includes(t))) break
      if (i === 20) throw new Error(`history is missing entries: ${types.join(', ')}`)
      await admin.waitForTimeout(1000)
    }
    // Following the mailed link proved the email: the account's NDA shows as confirmed.
    await admin.getByText('Confirmed', { exact: true }).waitFor()
    await staff.close()
    await outside.close()
  }, 120_000)
})
