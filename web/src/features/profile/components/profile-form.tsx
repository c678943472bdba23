import { type FormEvent, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { storage } from '../../../lib/storage'
import { capitalise } from '../../../lib/validation'
import { type Profile, useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'

export function ProfileForm() {
  const id = storage.getAuthData()?._id ?? ''
  const profile = useProfile(id)
  if (profile.isPending) return <Spinner label="Loading profile" />
  if (profile.isError || !profile.data?.data)
    return (
      <p className="form-error" role="alert">
        Error:Something went wrong!
      </p>
    )
  return <ProfileFields key={profile.data.data._id} profile={profile.data.data} />
}

function ProfileFields({ profile }: { profile: Profile }) {
  const { toast } = useNotifications()
  const [firstName, setFirstName] = useState(profile.firstName ?? '')
  const [lastName, setLastName] = useState(profile.lastName ?? '')
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string }>({})
  const update = useUpdateProfile()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found: typeof errors = {}
    if (!firstName.trim()) found.firstName = 'First name is required.'
    if (!lastName.trim()) found.lastName = 'Last name is required.'
    setErrors(found)
    if (found.firstName || found.lastName) return
    update.mutate(
      { id: profile._id, firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: (reply) => toast('success', reply?.message || 'Updated Successfully'),
        onError: (err) => toast('error', err instanceof ApiError && err.status > 0 ? err.message : 'Error:Something went wrong!'),
      },
    )
  }

  return (
    <form className="card narrow" onSubmit={onSubmit} noValidate>
      <Field name="email" label="Email" type="email" value={profile.email} readOnly />
      <Field name="firstName" label="First name" value={firstName} onChange={(e) => setFirstName(capitalise(e.target.value))} error={errors.firstName} />
      <Field name="lastName" label="Last name" value={lastName} onChange={(e) => setLastName(capitalise(e.target.value))} error={errors.lastName} />
      <button type="submit" className="primary" disabled={update.isPending}>
        Update
      </button>
    </form>
  )
}
