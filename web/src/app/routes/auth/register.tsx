import { AuthLayout } from '../../../features/auth/components/auth-layout'
import { WaitlistForm } from '../../../features/auth/components/waitlist-form'

export default function RegisterRoute() {
  return (
    <AuthLayout title="Join the waitlist">
      <WaitlistForm />
    </AuthLayout>
  )
}
