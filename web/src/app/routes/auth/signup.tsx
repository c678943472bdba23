import { AuthLayout } from '../../../features/auth/components/auth-layout'
import { SignUpForm } from '../../../features/auth/components/signup-form'

export default function SignUpRoute() {
  return (
    <AuthLayout title="Sign up">
      <SignUpForm />
    </AuthLayout>
  )
}
