// How the gateway groups a service's declared routes for its proxies: one proxy per set of methods
// that URLs answer, every URL with exactly its own methods, HEAD left to Fastify where GET is there.
import { describe, expect, it } from '@jest/globals'
import { routesByMethods } from '../src/index.js'

describe('routesByMethods', () => {
  it('groups URLs by the exact set of methods each answers', () => {
    const groups = routesByMethods([
      { method: 'GET', url: '/api/a' },
      { method: 'PUT', url: '/api/a/:id' },
      { method: 'GET', url: '/api/a/:id' },
      { method: 'POST', url: '/api/b' },
      { method: 'GET', url: '/api/c' },
      { method: 'HEAD', url: '/api/c' },
      { method: 'HEAD', url: '/api/d' },
      { method: 'POST', url: '/api/e' },
    ])
    expect(groups).toEqual([
      [['GET'], ['/api/a', '/api/c']],
      [['GET', 'PUT'], ['/api/a/:id']],
      [['POST'], ['/api/b', '/api/e']],
      [['HEAD'], ['/api/d']],
    ])
  })

  it('gives no proxy to a service that declares nothing', () => {
    expect(routesByMethods([])).toEqual([])
  })
})
