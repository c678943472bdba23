// Reply schemas of the identity routes. Besides documenting the API, they make fast-json-stringify
// drop every property not listed here, so tenant ids, hashes and other columns cannot leak.
import { Type } from 'typebox'

export const Message = Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()) })

/** The spec's auth user plus the access token (the refresh token travels only in its cookie). */
export const AuthUser = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  admin: Type.Boolean(),
  inboundUser: Type.Boolean(),
  dbName: Type.String(),
  emailVerified: Type.Boolean({ description: 'the address is proven; until then publishing, invites and outbound mail answer 403' }),
  token: Type.String(),
  expiresIn: Type.Integer({ description: 'seconds until the access token expires' }),
})

export const ThemeSettings = Type.Object({
  _id: Type.Union([Type.String(), Type.Null()]),
  headerColor: Type.String(),
  backgroundColor: Type.String(),
  textColor: Type.String(),
  buttonColor: Type.String(),
})

export const SessionReply = Type.Object({
  status: Type.Boolean(),
  message: Type.Optional(Type.String()),
  data: AuthUser,
  themesettings: Type.Optional(ThemeSettings),
})

export const Profile = Type.Object({ _id: Type.String(), firstName: Type.String(), lastName: Type.String(), email: Type.String(), admin: Type.Boolean() })

export const ProfileReply = Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()), data: Profile })

export const Person = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  companyName: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('invited')]),
  admin: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
})

export const PeoplePage = Type.Object({
  status: Type.Boolean(),
  data: Type.Array(Person),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  currentPage: Type.Integer(),
})

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })

/** Routes behind requireAuth, for the OpenAPI document. */
export const bearer = [{ bearer: [] }]
