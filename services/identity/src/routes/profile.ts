// Profile: yourself, or anyone of your tenant when you are an admin. Every other id "does not
// exist" (404, never 403: no hint that it exists in another tenant).
import { errorReplies, isUuid, PersonParams, ProfileReply, ProfileUpdateBody } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAuth, requireStaff } from '@portal/http'
import type { FastifyRequest } from 'fastify'
import { findUser, updateUserNames } from '../db/users.repo.js'
import type { IdentityDeps } from '../deps.js'
import { capitalise, messages } from '../domain/rules.js'

const notFound = () => new AppError('NOT_FOUND', { message: 'Not found' })

export function profileRoutes(app: AppInstance, deps: IdentityDeps): void {
  const { db } = deps
  // Staff only: a recipient's restricted session is refused (403) like on every other staff route.
  const staff = { preHandler: [requireAuth, requireStaff] }

  const profileOf = (u: { id: string; firstName: string; lastName: string; email: string; admin: boolean }) => ({
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    admin: u.admin,
  })

  const visibleUser = async (req: FastifyRequest, id: string) => {
    const me = principalOf(req)
    if (!isUuid(id) || (id !== me.userId && !me.admin)) throw notFound()
    const user = await findUser(db, me.tenantId, id)
    if (!user) throw notFound()
    return user
  }

  app.get(
    '/userprofile/:id',
    {
      ...staff,
      schema: { tags: ['identity'], params: PersonParams, response: { 200: ProfileReply, ...errorReplies(400, 401, 403, 404) } },
    },
    async (req) => ({ status: true, data: profileOf(await visibleUser(req, req.params.id)) }),
  )

  app.put(
    '/userprofile/:id',
    {
      ...staff,
      config: { fieldMessages: { firstName: { missing: messages.nameRequired('First') }, lastName: { missing: messages.nameRequired('Last') } } },
      schema: {
        tags: ['identity'],
        params: PersonParams,
        body: ProfileUpdateBody,
        response: { 200: ProfileReply, ...errorReplies(400, 401, 403, 404, 413, 415) },
      },
    },
    async (req) => {
      const user = await visibleUser(req, req.params.id)
      const { firstName, lastName } = req.body
      const updated = await updateUserNames(db, user.tenantId, user.id, { firstName: capitalise(firstName), lastName: capitalise(lastName) })
      if (!updated) throw notFound()
      return { status: true, message: 'Updated Successfully', data: profileOf(updated) }
    },
  )
}
