// Second factor for staff (issue 27): TOTP with recovery codes, WebAuthn passkeys, the company's
// "MFA required" setting, and the sign-in's second step. The web app imports the types.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'
import { AuthUser, LoginReply, OpaqueToken, SignUpReply, ThemeSettings } from './identity-session.js'

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); the handler tells them apart. */
export const MfaCode = Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' })

/** POST /api/userlogin when a second factor is due: no session yet, only the sign-in's token. */
export const MfaChallenge = Type.Object({
  mfaRequired: Type.Literal(true),
  mfaToken: Type.String({ description: 'single use, 5 minutes; POST /api/mfa/verify (or the enrolment routes) with it' }),
  enrol: Type.Boolean({ description: 'the company requires a second factor and this member has none: enrol first' }),
  methods: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('webauthn')]), { description: 'factors the user can answer with' }),
})
export type MfaChallenge = Static<typeof MfaChallenge>
export const MfaChallengeReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: MfaChallenge })
export type MfaChallengeReply = Static<typeof MfaChallengeReply>

/** POST /api/userlogin: the session, or (a second factor due) the challenge. */
export const SignInReply = Type.Union([LoginReply, MfaChallengeReply])
export type SignInReply = Static<typeof SignInReply>
/** POST /api/usercreate/people: the session, or enrolment first when the company requires a factor. */
export const InviteSignUpReply = Type.Union([SignUpReply, MfaChallengeReply])

export const TotpStartBody = Type.Object({ mfaToken: Type.Optional(OpaqueToken) })
export const TotpStartReply = dataReply(Type.Object({ secret: Type.String(), otpauthUrl: Type.String() }))
export type TotpStartReply = Static<typeof TotpStartReply>

export const TotpConfirmBody = Type.Object({ code: MfaCode })
export const RecoveryCodesReply = dataReply(Type.Object({ recoveryCodes: Type.Array(Type.String()) }))
export type RecoveryCodesReply = Static<typeof RecoveryCodesReply>

export const MfaTokenBody = Type.Object({ mfaToken: OpaqueToken })
export const EnrolConfirmBody = Type.Object({ mfaToken: OpaqueToken, code: MfaCode })
/** Enrolment during sign-in: the codes to keep, and the session that opens with them. */
export const EnrolConfirmReply = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ ...AuthUser.properties, recoveryCodes: Type.Array(Type.String()) }),
  themesettings: ThemeSettings,
})
export type EnrolConfirmReply = Static<typeof EnrolConfirmReply>

export const MfaVerifyBody = Type.Object({ mfaToken: OpaqueToken, code: MfaCode })
export const DisableTotpBody = Type.Object({ code: MfaCode })

export const Passkey = Type.Object({ _id: Type.String(), name: Type.String(), createdAt: Type.String(), lastUsedAt: Type.Union([Type.String(), Type.Null()]) })
export const MfaStatusReply = dataReply(
  Type.Object({
    totp: Type.Boolean(),
    recoveryCodesLeft: Type.Integer(),
    passkeys: Type.Array(Passkey),
    companyRequired: Type.Boolean(),
  }),
)
export type MfaStatusReply = Static<typeof MfaStatusReply>

export const MfaPolicyBody = Type.Object({ required: Type.Boolean() })
export const MfaPolicyReply = dataReply(Type.Object({ required: Type.Boolean() }))
export type MfaPolicyReply = Static<typeof MfaPolicyReply>

/** WebAuthn options are the browser API's JSON (simplewebauthn's shapes), passed on as they are. */
export const WebauthnOptionsReply = dataReply(Type.Object({}, { additionalProperties: true }))

// The credential JSON the browser answers (WebAuthn Level 3 toJSON), declared field by field: the
// validator drops undeclared fields, and the library checks every value (signatures, challenge, origin).
const B64u = Type.String({ maxLength: 20_000 })
const CredentialBase = {
  id: Type.String({ maxLength: 1_400 }),
  rawId: Type.String({ maxLength: 1_400 }),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  clientExtensionResults: Type.Object({ credProps: Type.Optional(Type.Object({ rk: Type.Optional(Type.Boolean()) })) }),
}
export const RegistrationCredential = Type.Object({
  ...CredentialBase,
  response: Type.Object({
    clientDataJSON: B64u,
    attestationObject: B64u,
    authenticatorData: Type.Optional(B64u),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(B64u),
  }),
})
export const AuthenticationCredential = Type.Object({
  ...CredentialBase,
  response: Type.Object({
    clientDataJSON: B64u,
    authenticatorData: B64u,
    signature: B64u,
    userHandle: Type.Optional(B64u),
  }),
})
export const WebauthnRegisterBody = Type.Object({ response: RegistrationCredential, name: Type.Optional(Type.String({ maxLength: 100 })) })
export const WebauthnAuthOptionsBody = MfaTokenBody
export const WebauthnAuthVerifyBody = Type.Object({ mfaToken: OpaqueToken, response: AuthenticationCredential })
export const PasskeyParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
