// Identity service: signing in and out, renewal, sign-up (a new company, or an invited person),
// the waitlist, the email check and the token verification keys. The web app imports the types
// (type-only: no TypeBox in the bundle); the service validates and serialises with the schemas.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'

/** The HttpOnly cookie of the rotating refresh token (POST /api/token/refresh authenticates with it). */
export const REFRESH_COOKIE = 'portal_rt'
/** OpenAPI security of a route that authenticates with that cookie (the server's `refreshCookie` scheme). */
export const REFRESH_COOKIE_SECURITY = [{ refreshCookie: [] as string[] }]

/** Text that must hold more than spaces (the spec's "required"). */
export const NonBlank = (maxLength: number) => Type.String({ maxLength, pattern: '\\S' })
export const EmailText = Type.String({ maxLength: 254, pattern: '\\S' })
/** A password as typed: any characters, at least one. */
export const PasswordText = Type.String({ minLength: 1, maxLength: 256 })
/** 256-bit base64url tokens are 43 characters; longer input is refused by the schema. */
export const OpaqueToken = Type.String({ maxLength: 100 })

/** The spec's auth user plus the access token (the refresh token travels only in its HttpOnly cookie). */
export const AuthUser = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  admin: Type.Boolean(),
  inboundUser: Type.Boolean(),
  dbName: Type.String(),
  emailVerified: Type.Boolean({ description: 'the address is proven; until then publishing, invites and outbound mail answer 403' }),
  token: Type.String({ description: 'access token (JWT), sent as Authorization: Bearer' }),
  expiresIn: Type.Integer({ description: 'seconds until the access token expires' }),
})
export type AuthUser = Static<typeof AuthUser>

export const ThemeSettings = Type.Object({
  _id: Type.Union([Type.String(), Type.Null()]),
  headerColor: Type.String(),
  backgroundColor: Type.String(),
  textColor: Type.String(),
  buttonColor: Type.String(),
})
export type ThemeSettings = Static<typeof ThemeSettings>

/** POST /api/userlogin: 'Login successful', the session just opened (the refresh token is set as a cookie) and the theme. */
export const LoginReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: AuthUser, themesettings: ThemeSettings })
export type LoginReply = Static<typeof LoginReply>

/** POST /api/token/refresh: the renewed session and the theme. */
export const RefreshReply = Type.Object({ status: Type.Boolean(), data: AuthUser, themesettings: ThemeSettings })
export type RefreshReply = Static<typeof RefreshReply>

/** POST /api/usercreate and /api/usercreate/people: 'Added Successfully' and the new session. */
export const SignUpReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: AuthUser })
export type SignUpReply = Static<typeof SignUpReply>

/** POST /api/userlogin */
export const LoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) })
export type LoginBody = Static<typeof LoginBody>

/** POST /api/logout, POST /api/waitlist and other replies that carry only an outcome and a message. */

/**
 * POST /api/usercreate: a new company and its first admin. The spec's messages for a missing or bad
 * field ('This field is required', the password rules…) list every failing field.
 */
export const SignUpBody = Type.Object({
  firstName: NonBlank(100),
  lastName: NonBlank(100),
  email: EmailText,
  password: PasswordText,
  cnfpassword: PasswordText,
})
export type SignUpBody = Static<typeof SignUpBody>

/** POST /api/usercreate/people: an invited person's sign-up, with the token of the emailed link. */
export const InviteSignUpBody = Type.Object({ ...SignUpBody.properties, inviteToken: OpaqueToken })
export type InviteSignUpBody = Static<typeof InviteSignUpBody>

/** GET /api/people/invite/:token */
export const InviteTokenParams = Type.Object({ token: OpaqueToken })
export type InviteTokenParams = Static<typeof InviteTokenParams>
export const InviteLookupReply = dataReply(Type.Object({ email: Type.String() }))
export type InviteLookupReply = Static<typeof InviteLookupReply>

/** GET /api/check_email?email= (the same answer for every address: it tells nobody who has an account). */
export const CheckEmailQuery = Type.Object({ email: Type.String({ maxLength: 254 }) })
export type CheckEmailQuery = Static<typeof CheckEmailQuery>
export const CheckEmailReply = Type.Object({ status: Type.Boolean(), exists: Type.Boolean() })
export type CheckEmailReply = Static<typeof CheckEmailReply>

/** POST /api/waitlist */
export const WaitlistBody = Type.Object({ email: EmailText, firstName: NonBlank(100), lastName: NonBlank(100) })
export type WaitlistBody = Static<typeof WaitlistBody>

/** GET /api/.well-known/jwks.json: the public keys that verify access tokens. */
export const JwksReply = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) })
export type JwksReply = Static<typeof JwksReply>
