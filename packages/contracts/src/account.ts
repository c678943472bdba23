// Identity service: the account's own routes (forgotten password, proving the address). The web app
// imports the types; the service validates with the schemas.
import { type Static, Type } from 'typebox'
import { EmailText, OpaqueToken, PasswordText } from './identity-session.js'

const Email = Type.String({ maxLength: 254 })

/** POST /api/user/forgotpassword: a code is mailed when the address has an account (the answer is the same either way). */
export const ForgotPasswordBody = Type.Object({ email: EmailText })
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>
export const ForgotPasswordReply = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ otpDigits: Type.Integer({ description: 'digits of the mailed code (OTP_DIGITS)' }) }),
})
export type ForgotPasswordReply = Static<typeof ForgotPasswordReply>

/** POST /api/user/otpvalidation: the reset token binds the next step to whoever proved the code. */
export const OtpValidationBody = Type.Object({ email: Email, otp: Type.String({ maxLength: 20 }) })
export type OtpValidationBody = Static<typeof OtpValidationBody>
export const OtpValidationReply = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ resetToken: Type.String({ description: 'single use, valid 10 minutes; send it to changepassword (never in a URL)' }) }),
})
export type OtpValidationReply = Static<typeof OtpValidationReply>

/**
 * POST /api/user/changepassword. The reset token comes first: without it nothing else is looked at
 * (the spec's messages answer a missing token, password or confirmation).
 */
export const ChangePasswordBody = Type.Object({
  email: Email,
  resetToken: OpaqueToken,
  password: PasswordText,
  cnfpassword: PasswordText,
})
export type ChangePasswordBody = Static<typeof ChangePasswordBody>

/** POST /api/user/verify-email: the token of the emailed `/verify-email?token=…` link. */
export const VerifyEmailBody = Type.Object({ token: OpaqueToken })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>

/** Replies that carry only an outcome and a message for the user. */
