import { Link } from 'react-router-dom'
import { AuthLayout } from '../../../features/auth/components/auth-layout'

export default function SignUpConfirmationRoute() {
  return (
    <AuthLayout title="Thanks for signing up!">
      <p>We will review your request and get back to you as soon as possible.</p>
      <p className="form-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthLayout>
  )
}
