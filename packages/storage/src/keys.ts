import { isUuid } from '@portal/contracts'
import { randomUUID } from 'node:crypto'
import { AppError } from '@portal/errors'

const FOLDER = /^[a-zA-Z0-9_-]{1,64}$/
const ID = /^[a-zA-Z0-9-]{1,64}$/
const KEY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/

/** `<tenantId>/<folder>/<uuid>`: a user's file name never becomes part of a path. */
export function tenantKey(tenantId: string, folder: string, id: string = randomUUID()): string {
  if (!isUuid(tenantId) || !FOLDER.test(folder) || !ID.test(id)) throw new AppError('INVALID_REQUEST', { message: 'Invalid storage key' })
  return `${tenantId}/${folder}/${id}`
}

/** Every key (or prefix) reaching an adapter passes here: no traversal, no absolute paths. */
export function checkKey(key: string, isPrefix = false): string {
  // Only a prefix may end in '/': an object key naming a folder would clash with its contents on disk.
  const bare = isPrefix && key.endsWith('/') ? key.slice(0, -1) : key
  if (!bare || key.length > 512 || !KEY.test(bare) || key.includes('..') || key.split('/').includes('.')) {
    throw new AppError('INVALID_REQUEST', { message: 'Invalid storage key' })
  }
  return key
}
