import { AuthLayout } from '../../../features/auth/components/auth-layout'
import { LoginForm } from '../../../features/auth/components/login-form'

export default function LoginRoute() {
  return (
    <AuthLayout title="Sign in">
      <LoginForm />
    </AuthLayout>
  )
}
