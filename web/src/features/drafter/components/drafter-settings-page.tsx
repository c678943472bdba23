// Drafter settings (/settings/drafter, issue 25): which drafter drafts answers (the offline drafter,
// or the model's name and its server's host; never the API key), what configuring a model changes,
// the README's variables, and "Test the connection" (admins), answered in words.
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { useDrafterSettings, useTestDrafter } from '../api'

const VARIABLES: [name: string, what: string][] = [
  [
    'OPENAI_BASE_URL',
    'The address of an OpenAI-compatible server (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp), e.g. https://api.openai.com/v1. Empty: the offline drafter.',
  ],
  ['OPENAI_API_KEY', "The server's API key. It stays on the server: the console never shows it."],
  ['LLM_MODEL', 'The chat model that drafts, e.g. gpt-4o-mini.'],
]

function ConnectionTest({ configured }: { configured: boolean }) {
  const test = useTestDrafter()
  const admin = useSession().authData?.admin === true
  const result = test.data
  return (
    <div className="drafter-test">
      <button type="button" className="primary" onClick={() => test.mutate()} disabled={!admin || test.isPending} aria-describedby="drafter-test-note">
        Test the connection
      </button>
      <p id="drafter-test-note" className="muted small" hidden={Boolean(result) && !result?.ok && !configured}>
        {!admin
          ? 'Only admins can test the connection.'
          : configured
            ? 'Sends the model one tiny request, and says how long it took.'
            : 'No model is set, so there is no connection to test: the offline drafter drafts answers.'}
      </p>
      <div role="status" aria-live="polite">
        {test.isPending && <Spinner label="Testing the connection" />}
        {result?.ok && <p className="form-success">{`Connected: ${result.model} answered in ${result.latencyMs} ms.`}</p>}
        {result && !result.ok && <p className={configured ? 'form-error' : undefined}>{result.message}</p>}
        {test.isError && <p className="form-error">{errorMessage(test.error, 'The connection could not be tested')}</p>}
      </div>
    </div>
  )
}

export function DrafterSettingsPage() {
  const id = useId()
  const settings = useDrafterSettings()
  const s = settings.data
  return (
    <div className="drafter-settings">
      <h1>Drafter settings</h1>
      <section className="card" aria-labelledby={`${id}-now`}>
        <h2 id={`${id}-now`}>Who drafts the answers</h2>
        {settings.isPending && <Spinner label="Loading the drafter settings" />}
        {settings.isError && (
          <p className="form-error" role="alert">
            {errorMessage(settings.error, 'The drafter settings could not be loaded')}
          </p>
        )}
        {s && (
          <p className="drafter-now">
            {s.drafter === 'offline' ? (
              <>
                The <strong>offline drafter</strong> drafts answers: it quotes the sentences of your documents that answer each question. No model is set.
              </>
            ) : (
              <>
                The model <strong>{s.model}</strong> at <strong>{s.host}</strong> drafts answers from the passages of your documents.
              </>
            )}
          </p>
        )}
        {s && <ConnectionTest configured={s.drafter === 'model'} />}
      </section>
      <section className="card" aria-labelledby={`${id}-model`}>
        <h2 id={`${id}-model`}>What configuring a model changes</h2>
        <p>
          With a model, answers are written in full sentences from the passages retrieved from your <Link to="/knowledge-base">knowledge base</Link>, instead of
          quoted sentences. Every answer still cites its passages, anything the passages do not state is left out, and each draft waits for a person's review.
          The passages of your documents are sent to the model server you configure.
        </p>
        <h3>Server variables</h3>
        <p className="muted">Set on the portal's server, then restart it. The README's "Configuration" table lists them with every other setting.</p>
        <dl className="drafter-variables">
          {VARIABLES.map(([name, what]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  )
}
