import { statSync } from 'node:fs';

/**
 * A loader of files that reads each file again only when it changed: results kept per path with the
 * file's version (size and modification time; '' when missing), so a long-lived process picks up a
 * file replaced in place (a refitted model, `make ratings`) without re-reading it on every call.
 */
export function memoByFileVersion<T>(load: (file: string) => T): (file: string) => T {
  const kept = new Map<string, { version: string; value: T }>();
  return (file) => {
    const version = fileVersion(file);
    let entry = kept.get(file);
    if (!entry || entry.version !== version) {
      entry = { version, value: load(file) };
      kept.set(file, entry);
    }
    return entry.value;
  };
}

/** Size and modification time of a file ('' when it is missing): what tells a replaced file. */
function fileVersion(file: string): string {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
}
