import { AuthLayout } from '../../../features/auth/components/auth-layout'
import { VerifyEmail } from '../../../features/auth/components/verify-email'

export default function VerifyEmailRoute() {
  return (
    <AuthLayout title="Verify your email address">
      <VerifyEmail />
    </AuthLayout>
  )
}
