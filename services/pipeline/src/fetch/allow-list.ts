/**
 * True when `url`'s host (or host:port) is on the configured allow-list (PIPELINE_ALLOW_HOSTS).
 * An entry without a port allows every port of that host; hosts compare case-insensitively.
 */
export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.some((entry) => {
    const e = entry.toLowerCase();
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(e);
    if (!m) return false;
    return m[1] === host && (m[2] === undefined || m[2] === port);
  });
}
