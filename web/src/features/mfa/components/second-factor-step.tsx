import { type FormEvent, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { serverMessage } from '../../../lib/api-client'
import { confirmEnrolment, type MfaChallenge, startEnrolment, verifyCode, verifyPasskey } from '../api/mfa'
import { RecoveryCodes, TotpSecret } from './recovery-codes'

/**
 * The sign-in's second step: a code from the authenticator app (or a recovery code), or a passkey.
 * When the company requires a factor and the user has none, the set-up comes first; the session
 * opens only once it is confirmed.
 */
export function SecondFactorStep({ challenge, onDone }: { challenge: MfaChallenge; onDone: () => void }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (err) {
      setError(serverMessage(err, 'Something went wrong. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!code.trim()) return setError('Please enter the code.')
    void run(async () => {
      if (challenge.enrol) setCodes(await confirmEnrolment(challenge.mfaToken, code.trim()))
      else {
        await verifyCode(challenge.mfaToken, code.trim())
        onDone()
      }
    })
  }

  if (challenge.enrol && !enrolment) {
    return (
      <div className="second-factor">
        <h2>Set up a second factor</h2>
        <p>Your company requires a second factor to sign in. Set up an authenticator app to continue.</p>
        <FormError>{error}</FormError>
        <button
          type="button"
          className="primary wide"
          disabled={busy}
          onClick={() => void run(async () => setEnrolment((await startEnrolment(challenge.mfaToken)).data))}
        >
          Set up authenticator app
        </button>
      </div>
    )
  }

  return (
    <form className="second-factor" onSubmit={onSubmit} noValidate>
      <h2>{challenge.enrol ? 'Set up a second factor' : 'Second factor'}</h2>
      {enrolment && <TotpSecret {...enrolment} />}
      {challenge.methods.includes('totp') && (
        <Field
          name="mfaCode"
          label={challenge.enrol ? 'Code from your app' : 'Authentication code (or a recovery code)'}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      <FormError>{error}</FormError>
      {challenge.methods.includes('totp') && (
        <button type="submit" className="primary wide" disabled={busy}>
          Verify
        </button>
      )}
      {!challenge.enrol && challenge.methods.includes('webauthn') && (
        <button
          type="button"
          className="wide"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await verifyPasskey(challenge.mfaToken)
              onDone()
            })
          }
        >
          Use a passkey
        </button>
      )}
    </form>
  )
}
