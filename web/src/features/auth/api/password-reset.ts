import { useMutation } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'

export const forgotPassword = (email: string) => api.post<Envelope<{ otpDigits?: number }>>('/api/user/forgotpassword', { email })
export const validateOtp = (input: { otp: string; email: string }) => api.post<Envelope<unknown>>('/api/user/otpvalidation', input)
export const changePassword = (input: { email: string; password: string; cnfpassword: string }) =>
  api.post<Envelope<unknown>>('/api/user/changepassword', input)

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword })
export const useValidateOtp = () => useMutation({ mutationFn: validateOtp })
export const useChangePassword = () => useMutation({ mutationFn: changePassword })
