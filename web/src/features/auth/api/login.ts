import type { LoginBody, LoginReply } from '@portal/contracts'
import { useMutation } from '@tanstack/react-query'
import { api, saveSession } from '../../../lib/api-client'
import { applyTheme } from '../../../lib/theme'

export type LoginInput = LoginBody
export type { LoginReply }

export const login = (input: LoginInput) => api.post<LoginReply>('/api/userlogin', input)

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      if (reply?.data?.token) saveSession(reply.data)
      applyTheme(reply?.themesettings)
    },
  })
