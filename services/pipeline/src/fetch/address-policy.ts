import ipaddr from 'ipaddr.js';

/** Why an address is refused, or `public` when the fetcher may connect to it. */
export type AddressClass =
  | 'public'
  | 'invalid'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'metadata'
  | 'reserved';

// Cloud metadata endpoints named explicitly, so the refusal reason says what was hit (they also
// fall in link-local / unique-local / CGNAT ranges).
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

const RANGE_CLASS: Readonly<Record<string, AddressClass>> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  linkLocal: 'link_local',
  carrierGradeNat: 'cgnat',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
};

/**
 * Classifies an IP address literal (IPv4 or IPv6). Only globally routable unicast addresses are
 * `public`; IPv4-mapped IPv6 addresses are judged by their IPv4 part, and every other special
 * range (documentation, benchmarking, 6to4, NAT64, Teredo, reserved) is refused as `reserved`,
 * because those can tunnel to an internal IPv4 address.
 */
export function classifyAddress(address: string): AddressClass {
  const literal = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Zone ids (fe80::1%eth0) are link-local by definition.
  if (literal.includes('%')) return 'link_local';
  if (!ipaddr.isValid(literal)) return 'invalid';
  let parsed = ipaddr.parse(literal);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) {
    return 'metadata';
  }
  return RANGE_CLASS[parsed.range()] ?? 'reserved';
}

/** True when the fetcher may connect to this address without an allow-list entry. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}
