// The one rule for where the portal may connect on a company's behalf (SSO providers, webhooks):
// public unicast addresses only. Loopback, private, link-local (cloud metadata), unique-local,
// carrier-grade NAT, multicast, reserved, documentation and unspecified ranges are refused, IPv4
// inside IPv6 included; ipaddr.js names the ranges.
import ipaddr from 'ipaddr.js'

/** Whether the portal may connect to this address (anything that is not an address: no). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address()
  return ip.range() === 'unicast'
}
