// Issue 25: the first run takes the name a company really has as its display name; the spec's rule
// (letters, digits, spaces, 3 to 63) binds the identifier derived from it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { companyDisplayNameProblem, companyIdentifier, companyNameProblem } from '@portal/contracts'
import { testDatabaseKinds } from '@portal/db'
import { buildHarness, call, type Harness, signUp } from './harness.js'

const REAL_NAMES = ['AcmeCloud Inc.', "O'Brien & Co.", 'Société Générale', 'Acme-Cloud, Ltd.']

describe('company display names and the identifier they derive', () => {
  it.each([
    ['AcmeCloud Inc.', 'AcmeCloud Inc'],
    ["O'Brien & Co.", 'OBrien Co'],
    ['Société Générale', 'Societe Generale'],
    ['Acme-Cloud, Ltd.', 'Acme Cloud Ltd'],
    ['Ørsted A/S', 'orsted A S'],
  ])('%j derives %j, which keeps the spec rule', (name, id) => {
    expect(companyIdentifier(name).toLowerCase()).toBe(id.toLowerCase())
    expect(companyNameProblem(companyIdentifier(name))).toBeUndefined()
    expect(companyDisplayNameProblem(name)).toBeUndefined()
  })

  it.each([
    ['', 'This field is required'],
    ['   ', 'This field is required'],
    ['A', 'Company name must be between 2 and 120 characters.'],
    ['x'.repeat(121), 'Company name must be between 2 and 120 characters.'],
    ['Acme\nBcc: x@evil.example', 'Company name cannot contain control characters or line breaks.'],
    ['Acme\u202eInc', 'Company name cannot contain control characters or line breaks.'],
    ['&&&', 'Company name needs at least 3 letters or digits.'],
    ['A.B', 'Company name needs at least 3 letters or digits.'],
  ])('%j is refused: %s', (name, message) => expect(companyDisplayNameProblem(name)).toBe(message))
})

describe.each(testDatabaseKinds())('the first run names the company on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it.each(REAL_NAMES)('accepts %j as the display name, trimmed', async (name) => {
    const admin = await signUp(h, `owner@${companyIdentifier(name).toLowerCase().replace(/ /g, '')}.example`)
    const res = await call(h, 'PUT', '/api/fs/update_provisioned', { token: admin.token, body: { email: admin.email, companyName: `  ${name} ` } })
    expect(res.status).toBe(200)
    const company = await call(h, 'GET', '/api/user/company', { token: admin.token })
    expect(company.body).toEqual({ status: true, data: { companyName: name, provisioned: true } })
    // The tenant's identifier (dbName) is untouched and still keeps the spec's rule.
    expect(admin.dbName).toMatch(/^[a-z0-9_]{3,63}$/)
  })

  it('refuses control characters and names without letters, in words, and changes nothing', async () => {
    const admin = await signUp(h, 'owner@refused-co.example')
    for (const [companyName, message] of [
      ['Acme\r\nBcc: x@evil.example', 'Company name cannot contain control characters or line breaks.'],
      ['...', 'Company name needs at least 3 letters or digits.'],
    ]) {
      const res = await call(h, 'PUT', '/api/fs/update_provisioned', { token: admin.token, body: { email: admin.email, companyName } })
      expect(res.status).toBe(400)
      expect(res.body['message']).toBe(message)
    }
    const company = await call(h, 'GET', '/api/user/company', { token: admin.token })
    expect(company.body).toEqual({ status: true, data: { companyName: 'Refused Co', provisioned: false } })
  })
})
