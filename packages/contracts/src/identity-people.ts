// Identity service: a company's people (users and pending invitations), invitations, removal, each
// person's profile, and the company's first run (its name, the provisioning flag). The web app
// imports the types; the service validates and serialises with the schemas.
import { type Static, Type } from 'typebox'
import { dataReply, pageReply } from './envelope.js'
import { EmailText, NonBlank } from './identity-session.js'

/** An id in a path: UUIDs; anything else names no row (404). */
export const PersonParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
export type PersonParams = Static<typeof PersonParams>

export const Person = Type.Object({
  _id: Type.String(),
  firstName: Type.String({ description: 'empty for a pending invitation' }),
  lastName: Type.String(),
  email: Type.String(),
  companyName: Type.String(),
  /** `deactivated`: deprovisioned by the company's identity provider (SCIM active=false): no sign-in. */
  status: Type.Union([Type.Literal('active'), Type.Literal('invited'), Type.Literal('deactivated')]),
  admin: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
})
export type Person = Static<typeof Person>

/** GET /api/people?page&pageSize (admins). */
export const PeoplePage = pageReply(Person)
export type PeoplePage = Static<typeof PeoplePage>

/** POST /api/people/invite: `status` is the spec's ('invited'), kept for the contract and unused. */
export const InviteBody = Type.Object({ email: EmailText, status: Type.Optional(Type.String({ maxLength: 20 })) })
export type InviteBody = Static<typeof InviteBody>

/** POST /api/userdelete (admins): a colleague by email. */
export const UserDeleteBody = Type.Object({ email: Type.String({ maxLength: 254 }) })
export type UserDeleteBody = Static<typeof UserDeleteBody>

/**
 * PUT /api/fs/update_provisioned: marks the caller's company provisioned (the spec sends `{email}`,
 * which is ignored: the company is the caller's); with `companyName` (admins), names the company.
 */
export const ProvisionBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  companyName: Type.Optional(
    Type.String({ maxLength: 200, description: 'the display name (company-name.ts companyDisplayNameProblem); its derived identifier keeps spec §5' }),
  ),
})
export type ProvisionBody = Static<typeof ProvisionBody>
export const ProvisionReply = Type.Object({ success: Type.Boolean(), message: Type.String() })
export type ProvisionReply = Static<typeof ProvisionReply>

/** GET /api/user/company: the caller's company, as its first run shows it. */
export const CompanyReply = dataReply(Type.Object({ companyName: Type.String(), provisioned: Type.Boolean() }))
export type CompanyReply = Static<typeof CompanyReply>

export const Profile = Type.Object({ _id: Type.String(), firstName: Type.String(), lastName: Type.String(), email: Type.String(), admin: Type.Boolean() })
export type Profile = Static<typeof Profile>

/** GET and PUT /api/userprofile/:id: yourself, or (admins) anyone of your company. */
export const ProfileReply = Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()), data: Profile })
export type ProfileReply = Static<typeof ProfileReply>

/** PUT /api/userprofile/:id ('First name is required', 'Last name is required'). */
export const ProfileUpdateBody = Type.Object({ firstName: NonBlank(100), lastName: NonBlank(100) })
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>
