import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'
import { storage } from '../../../lib/storage'
import { getProfileQueryOptions, type Profile } from './get-profile'

export interface UpdateProfileInput {
  id: string
  firstName: string
  lastName: string
}

export const updateProfile = ({ id, ...body }: UpdateProfileInput) =>
  api.put<Envelope<Profile>>(`/api/userprofile/${encodeURIComponent(id)}`, body)

export const useUpdateProfile = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply, input) => {
      // The header shows the stored names: keep them in step with the profile.
      const auth = storage.getAuthData()
      if (auth) storage.setAuthData({ ...auth, firstName: reply?.data?.firstName ?? input.firstName, lastName: reply?.data?.lastName ?? input.lastName })
      void queryClient.invalidateQueries({ queryKey: getProfileQueryOptions(input.id).queryKey })
    },
  })
}
