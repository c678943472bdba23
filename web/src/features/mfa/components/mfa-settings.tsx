import { type FormEvent, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage, serverMessage } from '../../../lib/api-client'
import { storage } from '../../../lib/storage'
import { useAddPasskey, useConfirmTotp, useDisableTotp, useMfaPolicy, useMfaStatus, useRemovePasskey, useStartTotp } from '../api/mfa'
import { RecoveryCodes, TotpSecret } from './recovery-codes'

/** The profile's second-factor section: authenticator app, recovery codes, passkeys; for admins, the company rule. */
export function MfaSettings() {
  const status = useMfaStatus()
  // Held here, not in the set-up form: confirming refreshes the status, which replaces that form.
  const [codes, setCodes] = useState<string[] | null>(null)
  if (status.isPending) return <Spinner label="Loading second factor" />
  if (status.isError || !status.data?.data) return <FormError>Error:Something went wrong!</FormError>
  const { totp, recoveryCodesLeft, passkeys, companyRequired } = status.data.data
  return (
    <section className="card narrow" aria-labelledby="mfa-heading">
      <h2 id="mfa-heading">Second factor</h2>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : totp ? (
        <TotpActive left={recoveryCodesLeft} />
      ) : (
        <TotpSetup onCodes={setCodes} />
      )}
      <Passkeys passkeys={passkeys} />
      {storage.getAuthData()?.admin && <CompanyRule required={companyRequired} />}
    </section>
  )
}

function TotpSetup({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const start = useStartTotp()
  const confirm = useConfirmTotp()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const pending = start.data?.data
  if (!pending) {
    return (
      <div>
        <p>Authenticator app: not set up.</p>
        <FormError>{error}</FormError>
        <button
          type="button"
          className="primary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onError: (e) => setError(serverMessage(e)) })}
        >
          Set up authenticator app
        </button>
      </div>
    )
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!code.trim()) return setError('Please enter the code.')
    confirm.mutate(code.trim(), { onSuccess: (reply) => onCodes(reply.data.recoveryCodes), onError: (err) => setError(serverMessage(err)) })
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <TotpSecret {...pending} />
      <Field name="totpCode" label="Code from your app" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      <FormError>{error}</FormError>
      <button type="submit" className="primary" disabled={confirm.isPending}>
        Confirm
      </button>
    </form>
  )
}

function TotpActive({ left }: { left: number }) {
  const disable = useDisableTotp()
  const { toast } = useNotifications()
  const [code, setCode] = useState('')
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    disable.mutate(code.trim(), { onSuccess: (r) => toast('success', r.message), onError: (err) => toast('error', errorMessage(err)) })
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <p data-testid="totp-active">Authenticator app: on ({left} recovery codes left).</p>
      <Field name="disableCode" label="Code to turn it off" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="submit" disabled={disable.isPending || !code.trim()}>
        Turn off authenticator app
      </button>
    </form>
  )
}

function Passkeys({ passkeys }: { passkeys: { _id: string; name: string; createdAt: string }[] }) {
  const add = useAddPasskey()
  const remove = useRemovePasskey()
  const { toast } = useNotifications()
  const [name, setName] = useState('')
  return (
    <div>
      <h3>Passkeys</h3>
      {passkeys.length ? (
        <ul data-testid="passkeys">
          {passkeys.map((p) => (
            <li key={p._id}>
              {p.name}{' '}
              <button type="button" onClick={() => remove.mutate(p._id, { onError: (err) => toast('error', errorMessage(err)) })}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No passkey yet.</p>
      )}
      <Field name="passkeyName" label="Passkey name" value={name} onChange={(e) => setName(e.target.value)} />
      <button
        type="button"
        disabled={add.isPending}
        onClick={() =>
          add.mutate(name.trim() || 'Passkey', {
            onSuccess: (r) => {
              setName('')
              toast('success', r.message)
            },
            onError: (err) => toast('error', serverMessage(err, 'The passkey was not added.')),
          })
        }
      >
        Add a passkey
      </button>
    </div>
  )
}

function CompanyRule({ required }: { required: boolean }) {
  const policy = useMfaPolicy()
  const { toast } = useNotifications()
  return (
    <div>
      <h3>Company</h3>
      <label>
        <input
          type="checkbox"
          name="mfaRequired"
          checked={required}
          disabled={policy.isPending}
          onChange={(e) =>
            policy.mutate(e.target.checked, { onSuccess: (r) => toast('success', r.message ?? 'Saved'), onError: (err) => toast('error', serverMessage(err)) })
          }
        />{' '}
        Require a second factor for everyone in the company
      </label>
    </div>
  )
}
