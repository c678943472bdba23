import { FormError, FormSuccess } from '../../../components/ui/form-message'
import { serverMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { addressUnverified, useResendVerification } from '../api/verify-email'

/** Shown in the signed-in shell while the address is unproven: publishing and invites wait for it. */
export function VerifyBanner() {
  const { token, authData } = useSession()
  const resend = useResendVerification()
  if (!addressUnverified(token)) return null
  return (
    <section className="card verify-banner" aria-label="Email verification">
      <p>
        Please verify your email address{authData?.email ? ` (${authData.email})` : ''}: use the link we emailed you. Until then you can prepare your trust
        center, but not publish it or invite colleagues.
      </p>
      <button type="button" className="primary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        Resend the link
      </button>
      {resend.isSuccess && <FormSuccess>{resend.data?.message || 'We sent you a new link.'}</FormSuccess>}
      {resend.isError && <FormError>{serverMessage(resend.error)}</FormError>}
    </section>
  )
}
