// SAML sign-in in Chromium through a real IdP: samlify signing responses behind a small HTTP server on
// loopback (its sign-in page, then the HTTP-POST form it auto-submits to the portal's ACS, as IdPs
// do). The sign-in screen asks for the email, the portal sends the browser to the IdP with an
// AuthnRequest, the ACS ends on /login/sso and the page opens the session. The same response posted
// again, and one whose email was changed after signing, land on the login page with the reason.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { SSO_ERROR_MESSAGES } from '@portal/contracts'
import { authnRequestOf, startSamlIdp, type TestIdp } from '../../services/identity/test/saml-idp.js'
import { launchChromium, requireBrowserSetup } from '../support/browser.js'
import { callAs, freePort, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
const autoPost = (acs: string, samlResponse: string) =>
  `<!doctype html><body onload="document.forms[0].submit()"><form method="post" action="${esc(acs)}"><input type="hidden" name="SAMLResponse" value="${esc(samlResponse)}"></form></body>`

describe('SAML sign-in in a real browser', () => {
  let tp: TestPortal
  let idp: TestIdp
  let server: Server
  let browser: Browser
  let spMetadata = ''
  /** Every response the IdP sent, for the replays. */
  const sent: string[] = []
  beforeAll(async () => {
    const [port, idpPort] = [await freePort(), await freePort()]
    const idpUrl = `http://127.0.0.1:${idpPort}`
    idp = startSamlIdp(`${idpUrl}/metadata`, `${idpUrl}/sso`)
    // The IdP's pages: a sign-in form for the AuthnRequest, then the signed response, auto-posted.
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', idpUrl)
      if (req.method === 'GET' && url.pathname === '/sso') {
        res.setHeader('content-type', 'text/html')
        return res.end(
          `<!doctype html><form method="post" action="/sso"><input type="hidden" name="q" value="${esc(url.search)}"><label>Email <input name="email"></label><label><input type="checkbox" name="tamper" value="1"> Change the email after signing (an attacker on the way)</label><button>Sign in at the IdP</button></form>`,
        )
      }
      if (req.method !== 'POST' || url.pathname !== '/sso') {
        res.statusCode = 404
        return res.end()
      }
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', async () => {
        const form = new URLSearchParams(body)
        const request = new URLSearchParams(form.get('q') ?? '').get('SAMLRequest') ?? ''
        const { id, acs } = authnRequestOf(`${idpUrl}/sso?SAMLRequest=${encodeURIComponent(request)}`)
        const response = await idp.respond(spMetadata, id, { email: form.get('email') ?? '', attributes: { givenName: ['Mulder'] } })
        sent.push(response)
        const tampered = () => {
          const xml = Buffer.from(response, 'base64').toString('utf8')
          return Buffer.from(xml.replace(`>${form.get('email')}<`, '>chief@saml-bureau.example<')).toString('base64')
        }
        res.setHeader('content-type', 'text/html')
        res.end(autoPost(acs, form.get('tamper') ? tampered() : response))
      })
    })
    await new Promise<void>((r) => server.listen(idpPort, '127.0.0.1', r))
    tp = await startTestPortal({ listen: true, port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SSO_ALLOW_LOOPBACK: 'true' } })
    browser = await launchChromium()
  }, 120_000) // a whole portal starts: slow only on a loaded machine
  afterAll(async () => {
    await browser?.close()
    await tp?.stop()
    await new Promise((r) => server?.close(r))
  })

  /** Posts a SAMLResponse to the ACS from the browser, as an IdP's form would. */
  async function postToAcs(page: Page, samlResponse: string) {
    await page.setContent(autoPost(`${tp.url}/api/sso/saml/acs`, samlResponse))
    await page.waitForURL((url) => url.origin === tp.url && url.pathname === '/login')
  }

  it('signs a new colleague in at the SAML IdP from the email-first screen, and refuses a replay and a tampered assertion', async () => {
    const admin = await signUp(tp, 'chief@saml-bureau.example')
    spMetadata = await (await fetch(`${tp.url}/api/sso/saml/metadata/${admin.dbName}`)).text()
    const saved = await callAs(tp, admin, 'PUT', '/api/sso/saml', { idpMetadataXml: idp.metadataXml, domains: ['saml-bureau.example'] })
    expect(saved.status).toBe(200)

    const context = await browser.newContext({ baseURL: tp.url })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto('/login')
    await page.fill('input[name=email]', 'fox@saml-bureau.example')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${idp.ssoUrl}?SAMLRequest=**`)
    await page.fill('input[name=email]', 'fox@saml-bureau.example')
    await page.getByRole('button', { name: 'Sign in at the IdP' }).click()
    await page.waitForURL((url) => url.origin === tp.url && !url.pathname.startsWith('/login'))
    const session = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(session).toContain('fox@saml-bureau.example')

    // The same response posted again from another browser: spent.
    const other = await (await browser.newContext({ baseURL: tp.url })).newPage()
    other.setDefaultTimeout(15_000)
    await postToAcs(other, sent[0]!)
    await other.getByText(SSO_ERROR_MESSAGES['expired']!).waitFor()
    // A response whose email is changed on the way (after the IdP signed it): refused, nobody signed in.
    await other.goto('/login')
    await other.fill('input[name=email]', 'dana@saml-bureau.example')
    await other.getByRole('button', { name: 'Continue' }).click()
    await other.waitForURL(`${idp.ssoUrl}?SAMLRequest=**`)
    await other.fill('input[name=email]', 'dana@saml-bureau.example')
    await other.check('input[name=tamper]')
    await other.getByRole('button', { name: 'Sign in at the IdP' }).click()
    await other.waitForURL((url) => url.origin === tp.url && url.pathname === '/login')
    await other.getByText(SSO_ERROR_MESSAGES['invalid_token']!).waitFor()
    expect(await other.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('chief@saml-bureau.example')
    await context.close()
  })
})
