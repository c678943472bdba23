import { MfaSettings } from '../../../features/mfa/components/mfa-settings'
import { ProfileForm } from '../../../features/profile/components/profile-form'

export default function ProfileRoute() {
  return (
    <>
      <h1>Profile</h1>
      <ProfileForm />
      <MfaSettings />
    </>
  )
}
