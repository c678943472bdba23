import { AuthLayout } from '../../../features/auth/components/auth-layout'
import { SsoLanding } from '../../../features/sso/components/sso-landing'

export default function LoginSsoRoute() {
  return (
    <AuthLayout title="Signing in">
      <SsoLanding />
    </AuthLayout>
  )
}
