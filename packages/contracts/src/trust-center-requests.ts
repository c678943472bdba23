// What the trust-center service's routes take (docs/trust-center-api.md): path, query and body
// schemas, required fields required, and the spec's messages for the fields they refuse (FieldMessages,
// answered by packages/http's spec-messages.ts). Plain-text rules (control characters dropped, lengths
// counted after that, blank titles refused) stay with the service, which words them per field.
import { type Static, Type } from 'typebox'
import { type FieldMessages, PageQuery } from './envelope.js'
import { SpecText } from './spec-text.js'
import { ComplianceBadge, ComplianceStatus, DocumentVisibility } from './trust-center-common.js'

const REQUIRED = SpecText.required
const required = { missing: REQUIRED }

export const TrustIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
export const TrustItemParams = Type.Object({ id: Type.String({ maxLength: 100 }), itemId: Type.String({ maxLength: 100 }) })
export const LogoParams = Type.Object({ file: Type.String({ maxLength: 64 }) })

/** Paged lists with a `pageType` (`approved`, or a history type). */
export const TrustPagedQuery = Type.Object({ ...PageQuery.properties, pageType: Type.Optional(Type.String({ maxLength: 20 })) })

// Site and publishing

export const AddCnameBody = Type.Object({ subdomain: Type.String({ maxLength: 253 }) })
export const addCnameMessages: FieldMessages = { subdomain: { missing: 'Invalid subdomain' } }
export const CheckHostnameQuery = Type.Object({ hostname: Type.Optional(Type.String({ maxLength: 253 })) })

// Branding

/** `logo`: null first, so that with the server's type coercion a null is not read as the string ''. */
export const CompanyInfoBody = Type.Object({
  companyTitle: Type.Optional(Type.String()),
  logo: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 200 })])),
})
export const SettingsBody = Type.Object({ companyTitle: Type.Optional(Type.String()), contactEmail: Type.Optional(Type.String({ maxLength: 254 })) })
/** An address too long is as invalid as one of the wrong shape (the service checks the shape). */
export const settingsMessages: FieldMessages = { contactEmail: { invalid: SpecText.invalidEmail } }
/** `#rrggbb` (white space around it is dropped). */
const Colour = Type.String({ maxLength: 20, pattern: '^\\s*#[0-9a-fA-F]{6}\\s*$' })
export const ThemeBody = Type.Object({ headerColor: Colour, backgroundColor: Colour, textColor: Colour, buttonColor: Colour })
export type ThemeBody = Static<typeof ThemeBody>
const colour = { missing: 'Invalid colour', invalid: 'Invalid colour' }
export const themeMessages: FieldMessages = { headerColor: colour, backgroundColor: colour, textColor: colour, buttonColor: colour }

// Blocks

export const OverviewBody = Type.Object({ subTitle: Type.Optional(Type.String()), description: Type.Optional(Type.String()) })
export type OverviewBody = Static<typeof OverviewBody>
/** A title (required, not blank) and a description. */
export const TextBlockBody = Type.Object({ title: Type.String(), description: Type.Optional(Type.String()) })
export type TextBlockBody = Static<typeof TextBlockBody>
export const SecurityCategoryBody = Type.Object({
  title: Type.String(),
  description: Type.Optional(Type.String()),
  subdata: Type.Optional(Type.Array(Type.Object({ title: Type.Optional(Type.String()), description: Type.Optional(Type.String()) }), { maxItems: 100 })),
})
export const textBlockMessages: FieldMessages = { title: required }

export const ComplianceBody = Type.Object({
  framework: Type.String(),
  status: ComplianceStatus,
  badge: ComplianceBadge,
  description: Type.Optional(Type.String()),
})
export type ComplianceBody = Static<typeof ComplianceBody>
export const complianceMessages: FieldMessages = {
  framework: required,
  status: { missing: 'Invalid status', invalid: 'Invalid status' },
  badge: { missing: 'Invalid badge', invalid: 'Invalid badge' },
}

/**
 * POST /api/fs/upload-docs (multipart/form-data): the document (`file`, PDF or Office, at most 25 MB,
 * checked by content) and its text fields; `fileId` names a document whose file it replaces.
 */
export const DocumentUploadForm = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  visibility: Type.Optional(Type.Union([Type.Literal(''), DocumentVisibility])),
  fileId: Type.Optional(Type.String({ maxLength: 100 })),
  file: Type.String({ format: 'binary' }),
})
export const documentUploadMessages: FieldMessages = {
  title: { invalid: 'title must be at most 200 characters' },
  visibility: { invalid: 'Invalid visibility' },
}
/** POST /api/fs/upload-logo (multipart/form-data): the image (`file`, PNG, JPEG, GIF or WebP, at most 2 MB). */
export const LogoForm = Type.Object({ file: Type.String({ format: 'binary' }) })

export const DocumentUpdateBody = Type.Object({ title: Type.Optional(Type.String()), visibility: Type.Optional(Type.String({ maxLength: 20 })) })
export const DeleteFilesBody = Type.Object({
  fileKeys: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
  bucketName: Type.Optional(Type.String({ maxLength: 200 })),
})

// NDA

export const NdaBody = Type.Object({ description: Type.String() })
export const ndaMessages: FieldMessages = { description: required }
export const NdaAcceptBody = Type.Object({
  name: Type.String(),
  email: Type.String({ maxLength: 254 }),
  ndaId: Type.String({ minLength: 1, maxLength: 100 }),
  /** The visitor's access link, when they have one: it proves the email, and the acceptance is confirmed. */
  permissionToken: Type.Optional(Type.String({ maxLength: 256 })),
})
export type NdaAcceptBody = Static<typeof NdaAcceptBody>
export const ndaAcceptMessages: FieldMessages = { name: required, email: required, ndaId: required }

// Access requests

const Requester = {
  firstName: Type.String(),
  lastName: Type.String(),
  companyName: Type.String(),
  workEmail: Type.String({ maxLength: 254 }),
  relationshpLinkedIn: Type.String(),
}
export const AccountBody = Type.Object(Requester)
export type AccountBody = Static<typeof AccountBody>
/** `ndaId` is required when the tenant has an NDA (400 'Please accept the NDA'). */
export const AccessRequestBody = Type.Object({
  ...Requester,
  ndaId: Type.Optional(Type.String({ maxLength: 100 })),
  /** The document the visitor asked from (issue 25): named to staff in the mail and the list. */
  documentId: Type.Optional(Type.String({ maxLength: 100 })),
})
export type AccessRequestBody = Static<typeof AccessRequestBody>
export const requesterMessages: FieldMessages = {
  firstName: required,
  lastName: required,
  companyName: required,
  workEmail: required,
  relationshpLinkedIn: required,
}
/** `approvedbyuser` is accepted for the spec's client and ignored: the approver is the token's user. */
export const ApproveBody = Type.Object({ Approved: Type.Literal('approved'), approvedbyuser: Type.Optional(Type.Unknown()) })
export const approveMessages: FieldMessages = { Approved: { missing: 'Invalid status', invalid: 'Invalid status' } }
export const AccessCheckBody = Type.Object({ permissionToken: Type.String({ maxLength: 256, pattern: '^[A-Za-z0-9_-]{43}$' }) })
export const accessCheckMessages: FieldMessages = { permissionToken: { missing: REQUIRED, invalid: 'Invalid permission token' } }

// Downloads and history

const Credentials = {
  userAccessEmail: Type.Optional(Type.String({ maxLength: 254 })),
  permissionToken: Type.Optional(Type.String({ maxLength: 256 })),
}
export const DownloadBody = Type.Object({
  fileKey: Type.String({ maxLength: 100 }),
  newFileName: Type.Optional(Type.String({ maxLength: 255 })),
  ...Credentials,
})
export type DownloadBody = Static<typeof DownloadBody>
export const BulkDownloadBody = Type.Object({ fileKeys: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }), ...Credentials })
export type BulkDownloadBody = Static<typeof BulkDownloadBody>
export const TrackDownloadBody = Type.Object({
  screenType: Type.Optional(Type.String({ maxLength: 100 })),
  fileName: Type.Optional(Type.String({ maxLength: 255 })),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
})
export const HistorySaveBody = Type.Object({ type: Type.Literal('view'), email: Type.Optional(Type.String({ maxLength: 254 })) })
export const historySaveMessages: FieldMessages = { type: { missing: 'Invalid type', invalid: 'Invalid type' } }

// Subscriptions

export const subscribeMessages: FieldMessages = { email: required }
export const updateTokenMessages: FieldMessages = { token: required }
