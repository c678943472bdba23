import type { ProfileReply, ProfileUpdateBody } from '@portal/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { storage } from '../../../lib/storage'
import { getProfileQueryOptions } from './get-profile'

export type UpdateProfileInput = ProfileUpdateBody & { id: string }

export const updateProfile = ({ id, ...body }: UpdateProfileInput) =>
  api.put<ProfileReply>(`/api/userprofile/${encodeURIComponent(id)}`, body satisfies ProfileUpdateBody)

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
