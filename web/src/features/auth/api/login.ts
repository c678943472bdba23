import type { LoginBody, SignInReply as LoginReply } from '@portal/contracts'
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
      // A second factor due: no session yet (the second step saves it).
      if (reply && 'token' in reply.data) saveSession(reply.data)
      if (reply && 'themesettings' in reply) applyTheme(reply.themesettings)
    },
  })
