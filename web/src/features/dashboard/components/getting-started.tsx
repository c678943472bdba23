// The getting-started checklist at the top of the dashboard (issue 25): six steps in the order that
// works (knowledge base → client's questionnaire; content → publish), each ticked from the company's
// real state on the server and each one click from its screen. For the admin who sets the company up.
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { addressUnverified, useResendVerification } from '../../auth/api/verify-email'
import { type StartState, useStartState } from '../api/getting-started'

interface Step {
  id: string
  title: string
  done: boolean
  /** What done means, or what to do, in a line. */
  detail: string
  action: ReactNode
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function steps(s: StartState, verified: boolean, resend: ReactNode): Step[] {
  return [
    {
      id: 'verify',
      title: 'Verify your email address',
      done: verified,
      detail: verified ? 'Your address is verified.' : 'Use the link we emailed you: publishing and invitations wait for it.',
      action: resend,
    },
    {
      id: 'knowledge',
      title: 'Add a document to your knowledge base',
      done: s.documents > 0,
      detail:
        s.documents > 0 ? `${plural(s.documents, 'document', 'documents')} in your knowledge base.` : 'Policies and reports are what answers are drafted from.',
      action: <Link to="/knowledge-base">Open the knowledge base</Link>,
    },
    {
      id: 'questionnaire',
      title: 'Upload your first questionnaire',
      done: s.questionnaires > 0,
      detail:
        s.questionnaires > 0
          ? `${plural(s.questionnaires, 'questionnaire', 'questionnaires')} uploaded.`
          : 'Create a client, then upload the questionnaire they sent you.',
      action: <Link to="/enterprise">Go to clients</Link>,
    },
    {
      id: 'content',
      title: "Write your trust center's content",
      done: s.contentWritten,
      detail: s.contentWritten ? 'Your trust center has content.' : 'An overview and your security practices, in your words.',
      action: <Link to="/trust-center-editor">Open the trust center editor</Link>,
    },
    {
      id: 'publish',
      title: 'Publish your trust center',
      done: s.published,
      detail: s.published ? 'Your trust center is public.' : 'Visitors see it once you publish it.',
      action: <Link to="/trust-center-editor#publish-title">Publish from the editor</Link>,
    },
    {
      id: 'invite',
      title: 'Invite a colleague',
      done: s.colleagues > 0,
      detail: s.colleagues > 0 ? `${plural(s.colleagues, 'colleague', 'colleagues')} invited.` : 'Share the work of answering questionnaires.',
      action: <Link to="/people">Invite people</Link>,
    },
  ]
}

function ResendLink() {
  const resend = useResendVerification()
  if (resend.isSuccess) return <span role="status">{resend.data?.message || 'We sent you a new link.'}</span>
  return (
    <>
      <button type="button" className="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Resend the link'}
      </button>
      {resend.isError && <span role="alert">{errorMessage(resend.error)}</span>}
    </>
  )
}

export function GettingStarted() {
  const { token, authData } = useSession()
  const admin = authData?.admin === true
  const state = useStartState(admin)
  if (!admin) return null
  const headingId = 'getting-started-title'
  if (state.isPending)
    return (
      <section className="card getting-started" aria-labelledby={headingId}>
        <h2 id={headingId}>Get started</h2>
        <p className="muted" role="status">
          Loading your progress…
        </p>
      </section>
    )
  if (state.isError)
    return (
      <section className="card getting-started" aria-labelledby={headingId}>
        <h2 id={headingId}>Get started</h2>
        <div role="alert" className="dashboard-error">
          <p>{`Your progress could not be loaded. ${errorMessage(state.error, '')}`.trim()}</p>
          <button type="button" className="small" onClick={() => void state.refetch()} disabled={state.isFetching}>
            {state.isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      </section>
    )
  const verified = !addressUnverified(token)
  const list = steps(state.data, verified, <ResendLink />)
  const done = list.filter((s) => s.done).length
  return (
    <section className="card getting-started" aria-labelledby={headingId}>
      <div className="getting-started-head">
        <h2 id={headingId}>{done === list.length ? 'You are all set' : 'Get started'}</h2>
        <p className="getting-started-progress" id="getting-started-progress">{`${done} of ${list.length} done`}</p>
      </div>
      <progress max={list.length} value={done} aria-labelledby="getting-started-progress" />
      <ol className="getting-started-steps">
        {list.map((s) => (
          <li key={s.id} className={s.done ? 'done' : undefined} data-step={s.id}>
            <span className="getting-started-mark" aria-hidden="true">
              {s.done ? '✓' : ''}
            </span>
            <div className="getting-started-body">
              <p className="getting-started-title">
                {s.title}
                <span className="visually-hidden">{s.done ? ' (done)' : ' (to do)'}</span>
              </p>
              <p className="muted small">{s.detail}</p>
              {!s.done && <p className="getting-started-action">{s.action}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
