// Bodies of the account routes that changed for issue 10 (identity service; the web app sends them).
import { Type } from 'typebox'

const Email = Type.String({ maxLength: 254 })
/** 256-bit base64url tokens are 43 characters; longer input is refused by the schema. */
const OpaqueToken = Type.String({ maxLength: 100 })

/** POST /api/user/otpvalidation: the reset token binds the next step to whoever proved the code. */
export const OtpValidationBody = Type.Object({ email: Email, otp: Type.String({ maxLength: 20 }) })
export const OtpValidationReply = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ resetToken: Type.String({ description: 'single use, valid 10 minutes; send it to changepassword (never in a URL)' }) }),
})

/** POST /api/user/changepassword. Optional fields get the spec's messages rather than the validator's. */
export const ChangePasswordBody = Type.Object({
  email: Email,
  password: Type.Optional(Type.String({ maxLength: 256 })),
  cnfpassword: Type.Optional(Type.String({ maxLength: 256 })),
  resetToken: Type.Optional(OpaqueToken),
})

/** POST /api/user/verify-email: the token of the emailed `/verify-email?token=…` link. */
export const VerifyEmailBody = Type.Object({ token: OpaqueToken })

/** Replies that carry only an outcome and a message for the user. */
export const AccountMessage = Type.Object({ status: Type.Boolean(), message: Type.String() })
