import ipaddr from 'ipaddr.js';

/**
 * The address a request is counted under. With `trustedHops` proxies in front, each appending
 * the address it saw to X-Forwarded-For, the client is the `trustedHops`-th entry from the right
 * (what the outermost trusted proxy saw); entries further left are written by the client and
 * never trusted. A chain shorter than promised, or an entry that is not an address, falls back to
 * the socket's address.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string,
  trustedHops: number,
): string {
  const socket = normalisedSocketAddress(socketAddress ?? '');
  if (trustedHops === 0 || forwardedFor.length === 0) return socket;
  const chain = forwardedFor.split(',').map((entry) => entry.trim());
  const entry = chain.length >= trustedHops ? chain[chain.length - trustedHops] : undefined;
  return (entry !== undefined && normaliseAddress(entry)) || socket;
}

/** Socket addresses already normalised: parsing one costs about a kilobyte of garbage per request. */
const socketAddresses = new Map<string, string>();
const MAX_SOCKET_ADDRESSES = 10_000;

/** normaliseAddress of a socket's address ('unknown' when it is none), parsed once per address. */
function normalisedSocketAddress(raw: string): string {
  let address = socketAddresses.get(raw);
  if (address === undefined) {
    if (socketAddresses.size >= MAX_SOCKET_ADDRESSES) socketAddresses.clear();
    socketAddresses.set(raw, (address = normaliseAddress(raw) ?? 'unknown'));
  }
  return address;
}

/**
 * One quota bucket per address: IPv4-mapped IPv6 as plain IPv4, and IPv6 by its /64 (one host or
 * home network is usually given a whole /64, so counting single IPv6 addresses would be no limit).
 * Null when `raw` is not an address.
 */
export function normaliseAddress(raw: string): string | null {
  if (!ipaddr.isValid(raw)) return null;
  const addr = ipaddr.process(raw);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
