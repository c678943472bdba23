import { type FormEvent, useState } from 'react'
import { DraftNotice } from '../../../components/ui/draft-notice'
import { Field } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft } from '../../../lib/drafts'
import { storage } from '../../../lib/storage'
import { capitalise } from '../../../lib/validation'
import { type Profile, useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'

export function ProfileForm() {
  const id = storage.getAuthData()?._id ?? ''
  const profile = useProfile(id)
  if (profile.isPending) return <Spinner label="Loading profile" />
  if (profile.isError || !profile.data?.data) return <FormError>Error:Something went wrong!</FormError>
  return <ProfileFields key={profile.data.data._id} profile={profile.data.data} />
}

function ProfileFields({ profile }: { profile: Profile }) {
  const { toast } = useNotifications()
  // Drafts (lib/drafts): typed names survive a forced sign-in.
  const names = useDraft('profile:names', { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' })
  const { firstName, lastName } = names.value
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string }>({})
  const update = useUpdateProfile()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found: typeof errors = {}
    if (!firstName.trim()) found.firstName = 'First name is required.'
    if (!lastName.trim()) found.lastName = 'Last name is required.'
    setErrors(found)
    if (found.firstName || found.lastName) return
    const sent = names.value
    update.mutate(
      { id: profile._id, firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: (reply) => {
          names.clear(sent)
          toast('success', reply?.message || 'Updated Successfully')
        },
        onError: (err) => toast('error', errorMessage(err)),
      },
    )
  }

  return (
    <form className="card narrow" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={names} what="changes" />
      <Field name="email" label="Email" type="email" value={profile.email} readOnly />
      <Field
        name="firstName"
        label="First name"
        value={firstName}
        onChange={(e) => names.set({ firstName: capitalise(e.target.value), lastName })}
        error={errors.firstName}
      />
      <Field
        name="lastName"
        label="Last name"
        value={lastName}
        onChange={(e) => names.set({ firstName, lastName: capitalise(e.target.value) })}
        error={errors.lastName}
      />
      <button type="submit" className="primary" disabled={update.isPending} aria-busy={update.isPending || undefined}>
        {update.isPending ? 'Updating…' : 'Update'}
      </button>
    </form>
  )
}
