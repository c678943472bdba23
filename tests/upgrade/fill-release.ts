// What a release's database holds besides its demo data, made through the API as users make it:
// the demo's drafting finished, an answer edited and commented on, a colleague invited,
// a failed sign-in, a second company signed up. Only
// calls every release since the fixture's has kept (record-release.ts runs this on the old code).
import type { Portal } from '@portal/svc-host'

type FastifyInstance = Portal['server']

export const DEMO_ADMIN = 'admin@demo.example'
export const DEMO_PASSWORD = 'Upgrade-Demo-Pass-2026!'

async function api(server: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, auth?: { token: string; dbName: string }) {
  const res = await server.inject({
    method,
    url,
    headers: auth ? { authorization: `Bearer ${auth.token}`, dbname: auth.dbName } : {},
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`)
  return res.json() as { data: unknown }
}

export async function fillRelease(server: FastifyInstance, admin: string): Promise<void> {
  const login = await api(server, 'POST', '/api/userlogin', { email: admin, password: DEMO_PASSWORD })
  const { token, dbName } = login.data as { token: string; dbName: string }
  const auth = { token, dbName }
  const [company] = (await api(server, 'GET', '/api/companys', undefined, auth)).data as { _id: string }[]
  let questionnaire: { _id: string; total: number; drafted: number; state?: string } | undefined
  for (let i = 0; i < 600 && !(questionnaire && questionnaire.total > 0 && questionnaire.drafted >= questionnaire.total); i++) {
    await new Promise((r) => setTimeout(r, 200))
    questionnaire = ((await api(server, 'GET', `/api/questionnaires/${company!._id}`, undefined, auth)).data as (typeof questionnaire)[])[0]
  }
  if (!questionnaire?.total) throw new Error('the demo questionnaire was not drafted')
  const questions = (await api(server, 'GET', `/api/getquestionlist/${questionnaire._id}`, undefined, auth)).data as { _id: string }[]
  await api(server, 'PUT', '/api/questionnaires/answer', { questionId: questions[0]!._id, answer: 'Yes, reviewed by a person before the upgrade.' }, auth)
  await api(server, 'POST', '/api/enterprise/comment/add', { questionId: questions[1]!._id, comment: 'Checked with the CISO.' }, auth)
  await api(server, 'POST', '/api/people/invite', { email: 'bob@demo.example', status: 'member' }, auth)
  // A mistyped password: the failure counters are rows too.
  await server.inject({ method: 'POST', url: '/api/userlogin', payload: { email: admin, password: 'not-the-password' } })
  await api(server, 'POST', '/api/usercreate', {
    firstName: 'Alice',
    lastName: 'Upgrade',
    email: 'alice@upgrade-one.example',
    password: DEMO_PASSWORD,
    cnfpassword: DEMO_PASSWORD,
  })
}
