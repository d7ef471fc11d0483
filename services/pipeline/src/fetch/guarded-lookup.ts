import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { classifyAddress } from './address-policy';
import { FetchError } from './fetch-error';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Signature of the `lookup` option of `net.connect` (what undici's `connect.lookup` receives). */
export type ConnectLookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * A `net.connect` lookup that resolves the host, drops every non-public address and hands only
 * the checked addresses to the socket: the connection is pinned to what was checked, so a DNS
 * answer that changes between check and connect (DNS rebinding) cannot reach an internal address.
 */
export function createGuardedLookup(resolve: typeof dnsLookup = dnsLookup): ConnectLookup {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) {
        callback(err, []);
        return;
      }
      const allowed = addresses.filter((a) => classifyAddress(a.address) === 'public');
      if (allowed.length === 0) {
        const reasons = addresses.map((a) => `${a.address} (${classifyAddress(a.address)})`).join(', ');
        callback(new FetchError('blocked_address', `refused: ${hostname} resolves to ${reasons}`, true), []);
        return;
      }
      if (options.all) callback(null, allowed);
      else callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
