// The public trust center rendered on the server (gateway + web/dist/server/trust-ssr.mjs), its
// robots.txt and sitemap.xml, and visitors' update subscriptions with the public changelog. Real
// HTTP against one listening portal (Host headers name the trust centers); mail through the outbox.
import { readFile } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { callAs, freePort, type SignedUp, signUp, startTestPortal, type TestPortal, until } from '../support/portal.js'

const POLICY_PDF = path.resolve(process.cwd(), 'tests/fixtures/policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')
const HOSTILE = '</script><script>window.__pwned=1</script>\u2028<!--'

interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request over HTTP with the given Host header (fetch cannot set it). */
function http(tp: TestPortal, method: string, url: string, host: string, opts: { headers?: Record<string, string>; json?: unknown } = {}): Promise<Reply> {
  const { port } = new URL(tp.url)
  const payload = opts.json === undefined ? undefined : JSON.stringify(opts.json)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: { host, ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const json = (r: Reply) => JSON.parse(r.body) as { status: boolean; message?: string; data?: unknown }
const dataScript = (html: string) => /<script id="tc-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]

/** The token of a link of this kind in the newest matching mail to `email`. */
async function linkToken(tp: TestPortal, email: string, kind: 'confirm-updates' | 'unsubscribe-updates', subject: RegExp): Promise<string> {
  return until(
    `${kind} link to ${email}`,
    async () => {
      const mail = (await readOutbox(tp.dataDir, email)).filter((m) => subject.test(m.subject)).at(-1)
      return mail?.text.match(new RegExp(`#${kind}=([\\w-]+)`))?.[1]
    },
    10_000,
  )
}

describe('public trust center on the server, subscriptions and changelog', () => {
  let tp: TestPortal
  let acme: SignedUp
  let beta: SignedUp
  let acmeHost: string
  let betaHost: string

  beforeAll(async () => {
    const port = await freePort()
    // Mailed links name the port the portal listens on.
    tp = await startTestPortal({ listen: true, port, env: { PUBLIC_URL: `http://localhost:${port}` } })
    acme = await signUp(tp, 'admin@ssr-acme.example')
    beta = await signUp(tp, 'admin@ssr-beta.example')
    acmeHost = `ssracme.localhost:${new URL(tp.url).port}`
    betaHost = `ssrbeta.localhost:${new URL(tp.url).port}`
    expect((await callAs(tp, acme, 'POST', '/api/fs/add-cname', { subdomain: 'ssracme' })).status).toBe(200)
    expect((await callAs(tp, beta, 'POST', '/api/fs/add-cname', { subdomain: 'ssrbeta' })).status).toBe(200)
    expect((await callAs(tp, acme, 'POST', '/api/companyinfo', { companyTitle: `Acme ${HOSTILE}` })).status).toBe(200)
    expect(
      (
        await callAs(tp, acme, 'POST', '/api/overview/save', {
          subTitle: `Security first ${HOSTILE}`,
          description: `<p>Acme keeps <strong>customer data</strong> safe &amp; sound. ${HOSTILE}<img src=x onerror="window.__pwned=2"></p>`,
        })
      ).status,
    ).toBe(201)
  }, 120_000)
  afterAll(async () => {
    await tp?.stop()
  })

  it('answers the page rendered, with head tags, the data inline and no way out of the data script', async () => {
    const res = await http(tp, 'GET', '/', acmeHost)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    const html = res.body
    // Head: title, description from the overview (as text), canonical and Open Graph.
    expect(html).toContain('<title>Acme &#60;/script&#62;&#60;script&#62;window.__pwned=1&#60;/script&#62;')
    expect(html).toContain('<meta name="description" content="Acme keeps customer data safe &#38; sound.">')
    expect(html).toContain(`<link rel="canonical" href="http://${acmeHost}/">`)
    expect(html).toContain(`<meta property="og:url" content="http://${acmeHost}/">`)
    expect(html).toMatch(/<meta property="og:title" content="Acme [^"]*Trust Center: Security first [^"]*">/)
    expect(html).toMatch(/<meta property="og:description" content="Acme keeps/)
    // Body: the content is there before any script runs.
    expect(html).toMatch(/<div id="root"><div [^>]*class="tc"/)
    expect(html).toContain('<strong>customer data</strong>')
    expect(html).toContain('<h2 id="tc-compliance">Compliance</h2>')
    expect(html).toContain('<h2 id="tc-updates">Get updates</h2>')
    // The hostile text never becomes markup: one script element of ours, the data one, escaped.
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('onerror')
    expect(html).not.toMatch(/<img[^>]*src="?x/)
    expect(html.match(/<\/script>/g)?.length).toBe((html.match(/<script\b/g) ?? []).length)
    const inline = dataScript(html)!
    expect(inline).toBeDefined()
    expect(inline).not.toMatch(/[<>&\u2028\u2029]/)
    const data = JSON.parse(inline) as { page: { companyTitle: string; overview: { subTitle: string; description: string }; cname: string } }
    // Plain-text fields lose the line separator when saved; the rich text keeps it, escaped inline.
    const plain = HOSTILE.replace('\u2028', '')
    expect(data.page.companyTitle).toBe(`Acme ${plain}`)
    expect(data.page.overview.subTitle).toBe(`Security first ${plain}`)
    expect(data.page.overview.description).toContain('\u2028')
    expect(inline).toContain('\\u2028')
    expect(data.page.cname).toBe('ssracme')
    // Addresses come from PUBLIC_URL and the published name, never from a port the request made up.
    const spoofed = await http(tp, 'GET', '/', 'SSRACME.localhost:1')
    expect(spoofed.body).toContain(`<link rel="canonical" href="http://${acmeHost}/">`)
    expect(spoofed.body).not.toContain(':1/')
    // A visitor's own path renders the same trust center.
    const deep = await http(tp, 'GET', '/some-visitor-id', acmeHost)
    expect([deep.status, dataScript(deep.body)]).toEqual([200, inline])
  })

  it('tags the page with a strong ETag over its bytes and answers 304 to it, until the content changes', async () => {
    const first = await http(tp, 'GET', '/', acmeHost)
    const etag = String(first.headers['etag'])
    expect(etag).toMatch(/^"[\w-]{32}"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const again = await http(tp, 'GET', '/', acmeHost, { headers: { 'if-none-match': etag } })
    expect([again.status, again.body]).toEqual([304, ''])
    expect((await http(tp, 'GET', '/', acmeHost, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200)
    // Compressed for browsers that take it; its tag names the encoding and revalidates the same way.
    const br = await http(tp, 'GET', '/', acmeHost, { headers: { 'accept-encoding': 'gzip, br' } })
    expect([br.headers['content-encoding'], br.headers['vary']]).toEqual(['br', 'Accept-Encoding'])
    expect((await http(tp, 'GET', '/', acmeHost, { headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) } })).status).toBe(304)
    // Another tenant's page has its own tag.
    expect((await http(tp, 'GET', '/', betaHost)).headers['etag']).not.toBe(etag)
    // A save changes the bytes and so the tag.
    expect(
      (await callAs(tp, acme, 'POST', '/api/compliance/save', { framework: 'ISO 27001', status: 'in_progress', badge: 'iso27001', description: '' })).status,
    ).toBe(201)
    const changed = await http(tp, 'GET', '/', acmeHost, { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers['etag']).not.toBe(etag)
    expect(changed.body).toContain('ISO 27001')
  })

  it('serves robots.txt and sitemap.xml per published host, and nothing about any site elsewhere', async () => {
    const robots = await http(tp, 'GET', '/robots.txt', acmeHost)
    expect([robots.status, robots.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8'])
    expect(robots.body).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: http://${acmeHost}/sitemap.xml\n`)
    const sitemap = await http(tp, 'GET', '/sitemap.xml', acmeHost)
    expect(sitemap.status).toBe(200)
    expect(sitemap.headers['content-type']).toContain('application/xml')
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(sitemap.body).toMatch(new RegExp(`<url><loc>http://${acmeHost}/</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`))
    expect(sitemap.body).not.toContain('ssrbeta')
    for (const host of ['nobody.localhost', 'localhost', 'ssracme.localhost.evil.io']) {
      const r = await http(tp, 'GET', '/robots.txt', host)
      expect([host, r.status, r.body]).toEqual([host, 200, 'User-agent: *\nDisallow: /\n'])
      const s = await http(tp, 'GET', '/sitemap.xml', host)
      expect([host, s.status]).toEqual([host, 404])
      expect(s.body).not.toMatch(/ssracme|ssrbeta|urlset/)
      // The page of an unknown host is the staff console: no trust center's data in it.
      const page = await http(tp, 'GET', '/', host)
      expect(page.body).not.toMatch(/tc-data|Acme|ssracme/)
    }
    // The renderer itself is not a file for browsers.
    expect((await http(tp, 'GET', '/server/trust-ssr.mjs', acmeHost)).body).not.toContain('renderToString')
  })

  it('subscribes by confirmed email, notifies of changes, lists them in the changelog, and unsubscribes', async () => {
    const email = 'visitor@ssr-reader.example'
    const sub = await http(tp, 'POST', '/api/trust-center/updates/subscribe', acmeHost, { json: { email: ` ${email.toUpperCase()} ` } })
    expect([sub.status, json(sub).message]).toEqual([202, 'Thank you. Please check your inbox and follow the link we sent to confirm your subscription.'])
    const confirm = await linkToken(tp, email, 'confirm-updates', /^Confirm your subscription to the Acme/)
    const firstUnsubscribe = await linkToken(tp, email, 'unsubscribe-updates', /^Confirm your subscription/)
    const confirmMail = (await readOutbox(tp.dataDir, email)).at(-1)!
    expect(confirmMail.text).toContain(`http://${acmeHost}/#confirm-updates=${confirm}`)
    // Unconfirmed: a change mails nothing.
    expect((await callAs(tp, acme, 'POST', '/api/compliance/save', { framework: 'SOC 2', status: 'compliant', badge: 'soc2', description: '' })).status).toBe(
      201,
    )
    await new Promise((r) => setTimeout(r, 300))
    expect((await readOutbox(tp.dataDir, email)).filter((m) => /^Updates to/.test(m.subject))).toEqual([])

    // The token is not another tenant's, and it works once.
    expect((await http(tp, 'POST', '/api/trust-center/updates/confirm', betaHost, { json: { token: confirm } })).status).toBe(404)
    const ok = await http(tp, 'POST', '/api/trust-center/updates/confirm', acmeHost, { json: { token: confirm } })
    expect([ok.status, json(ok).message]).toEqual([200, 'Your subscription is confirmed. We will email you when this trust center changes.'])
    // Followed again, the link tells a subscribed person so (issue 25), and confirms nothing more.
    const again = await http(tp, 'POST', '/api/trust-center/updates/confirm', acmeHost, { json: { token: confirm } })
    expect([again.status, json(again).message]).toEqual([200, 'You are already subscribed. We will email you when this trust center changes.'])

    // A document (visible to visitors) and a certification change: one mail each, with their own unsubscribe link.
    const form = new FormData()
    form.append('title', 'Pen test summary')
    form.append('visibility', 'public')
    form.append('file', new Blob([new Uint8Array(await readFile(POLICY_PDF))], { type: 'application/pdf' }), 'pentest.pdf')
    expect((await callAs(tp, acme, 'POST', '/api/fs/upload-docs', form)).status).toBe(201)
    const internal = new FormData()
    internal.append('title', 'Internal audit notes')
    internal.append('visibility', 'internal')
    internal.append('file', new Blob([new Uint8Array(await readFile(POLICY_PDF))], { type: 'application/pdf' }), 'notes.pdf')
    expect((await callAs(tp, acme, 'POST', '/api/fs/upload-docs', internal)).status).toBe(201)
    const updates = await until(
      'update mail',
      async () => {
        const mails = (await readOutbox(tp.dataDir, email)).filter((m) => /^Updates to the Acme/.test(m.subject))
        return mails.length ? mails : undefined
      },
      10_000,
    )
    expect(updates[0]!.text).toContain('- Document added: Pen test summary')
    expect(updates[0]!.text).toContain(`See the trust center: http://${acmeHost}/`)
    expect(updates[0]!.html).not.toContain('<script>')
    const unsubscribe = updates[0]!.text.match(/#unsubscribe-updates=([\w-]+)/)?.[1]
    expect(unsubscribe).toBeDefined()
    expect(unsubscribe).not.toBe(firstUnsubscribe)
    // Nothing about internal documents reaches subscribers or the changelog.
    expect((await readOutbox(tp.dataDir, email)).some((m) => m.text.includes('Internal audit notes'))).toBe(false)

    // The changelog: public, newest first, the same in the page's data; another tenant's is its own.
    const log = await http(tp, 'GET', '/api/trust-center/updates/changelog', acmeHost)
    expect(log.status).toBe(200)
    const entries = json(log).data as { kind: string; action: string; title: string; date: string }[]
    expect(entries.map((e) => `${e.kind} ${e.action}: ${e.title}`)).toEqual([
      'document added: Pen test summary',
      'compliance added: SOC 2',
      'compliance added: ISO 27001',
    ])
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.date)))).toBe(true)
    const page = await http(tp, 'GET', '/', acmeHost)
    expect(page.body).toContain('<h2 id="tc-changelog">Changelog</h2>')
    expect(page.body.replaceAll('<!-- -->', '')).toContain('Document added: <strong>Pen test summary</strong>') // React marks text joins with comments
    expect(json(await http(tp, 'GET', '/api/trust-center/updates/changelog', betaHost)).data).toEqual([])
    expect((await http(tp, 'GET', '/api/trust-center/updates/changelog', 'nobody.localhost')).status).toBe(404)

    // Unsubscribing: not with another tenant's host, then for good; later changes mail nothing.
    expect((await http(tp, 'POST', '/api/trust-center/updates/unsubscribe', betaHost, { json: { token: unsubscribe } })).status).toBe(404)
    const left = await http(tp, 'POST', '/api/trust-center/updates/unsubscribe', acmeHost, { json: { token: unsubscribe } })
    expect([left.status, json(left).message]).toEqual([200, 'You are unsubscribed: you will receive no more emails about this trust center.'])
    expect((await http(tp, 'POST', '/api/trust-center/updates/unsubscribe', acmeHost, { json: { token: firstUnsubscribe } })).status).toBe(404)
    const before = (await readOutbox(tp.dataDir, email)).length
    expect((await callAs(tp, acme, 'POST', '/api/compliance/save', { framework: 'HIPAA', status: 'planned', badge: 'hipaa', description: '' })).status).toBe(
      201,
    )
    await new Promise((r) => setTimeout(r, 300))
    expect((await readOutbox(tp.dataDir, email)).length).toBe(before)
  })

  it('lists document edits visitors can see in the changelog, and never internal ones', async () => {
    const form = new FormData()
    form.append('title', 'DPA')
    form.append('visibility', 'public')
    form.append('file', new Blob([new Uint8Array(await readFile(POLICY_PDF))], { type: 'application/pdf' }), 'dpa.pdf')
    const doc = (await callAs(tp, beta, 'POST', '/api/fs/upload-docs', form)).json.data as { _id: string }
    expect((await callAs(tp, beta, 'PUT', `/api/documents/${doc._id}`, { title: 'Data Processing Addendum' })).status).toBe(200)
    expect((await callAs(tp, beta, 'PUT', `/api/documents/${doc._id}`, { title: 'Data Processing Addendum' })).status).toBe(200) // no change
    expect((await callAs(tp, beta, 'PUT', `/api/documents/${doc._id}`, { visibility: 'internal' })).status).toBe(200)
    expect((await callAs(tp, beta, 'PUT', `/api/documents/${doc._id}`, { title: 'DPA (draft)' })).status).toBe(200) // internal: unseen
    expect((await callAs(tp, beta, 'DELETE', `/api/documents/${doc._id}`)).status).toBe(200)
    const gated = new FormData()
    gated.append('title', 'SOC 2 report')
    gated.append('file', new Blob([new Uint8Array(await readFile(POLICY_PDF))], { type: 'application/pdf' }), 'soc2.pdf')
    const soc2 = (await callAs(tp, beta, 'POST', '/api/fs/upload-docs', gated)).json.data as { _id: string }
    expect((await callAs(tp, beta, 'POST', '/api/fs/delete-files', { fileKeys: [soc2._id] })).status).toBe(201)
    const log = json(await http(tp, 'GET', '/api/trust-center/updates/changelog', betaHost)).data as { kind: string; action: string; title: string }[]
    expect(log.map((e) => `${e.kind} ${e.action}: ${e.title}`)).toEqual([
      'document removed: SOC 2 report',
      'document added: SOC 2 report',
      'document removed: Data Processing Addendum',
      'document updated: Data Processing Addendum',
      'document added: DPA',
    ])
    // Another tenant's changelog is untouched.
    expect(
      (json(await http(tp, 'GET', '/api/trust-center/updates/changelog', acmeHost)).data as { title: string }[]).some((e) =>
        /DPA|SOC 2 report|Data Processing/.test(e.title),
      ),
    ).toBe(false)
  })

  it('counts views of the rendered page under the same per-client limit as the view the page reports', async () => {
    // 70 loads of the rendered page from one client: at most 60 counted (VIEW_LIMIT), the page always served.
    // Loads served from the gateway's copy reach the service in the gateway's next batch (every 5 s).
    for (let i = 0; i < 70; i++) expect((await http(tp, 'GET', '/', betaHost)).status).toBe(200)
    const counted = async () => {
      const history = await callAs(tp, beta, 'GET', '/api/trustcenterhistroy?pageType=view&pageSize=100')
      return (history.json.data as { detail: string }[]).reduce((n, e) => n + Number(/(\d+) times/.exec(e.detail)?.[1] ?? 1), 0)
    }
    const views = await until('views counted', async () => ((await counted()) >= 50 ? counted() : undefined), 15_000, 500)
    expect(views).toBeGreaterThanOrEqual(50)
    expect(views).toBeLessThanOrEqual(60)
    // The page's own report of a view shares that limit: this client has used it up.
    const report = await http(tp, 'POST', '/api/trustcenterhistroy/save', betaHost, { json: { type: 'view' } })
    expect(report.status).toBe(429)
  })

  it('refuses bad input with 4xx, limits subscriptions per address, and knows no trust center on other hosts', async () => {
    for (const [body, status] of [
      [{ email: 'not an email' }, 400],
      [{ email: '' }, 400],
      [{}, 400],
      [{ email: 'x'.repeat(300) }, 400],
      [{ email: 42 }, 400],
    ] as [unknown, number][]) {
      const r = await http(tp, 'POST', '/api/trust-center/updates/subscribe', acmeHost, { json: body })
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), status])
    }
    for (const token of ['', 'short', 'x'.repeat(43), 'A'.repeat(200)]) {
      const r = await http(tp, 'POST', '/api/trust-center/updates/confirm', acmeHost, { json: { token } })
      expect([token, r.status]).toEqual([token, token === 'x'.repeat(43) ? 404 : 400])
    }
    expect((await http(tp, 'POST', '/api/trust-center/updates/subscribe', 'nobody.localhost', { json: { email: 'a@b.example' } })).status).toBe(404)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await http(tp, 'POST', '/api/trust-center/updates/subscribe', betaHost, { json: { email: 'often@ssr-reader.example' } })).status)
    expect(statuses).toEqual([202, 202, 202, 429])
    // Three confirmation mails at most, and they went out under beta's name and host only.
    const mails = await readOutbox(tp.dataDir, 'often@ssr-reader.example')
    expect(mails.length).toBe(3)
    expect(mails.every((m) => m.text.includes(`http://${betaHost}/#confirm-updates=`))).toBe(true)
  })
})
