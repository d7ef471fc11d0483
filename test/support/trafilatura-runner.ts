/**
 * trafilatura (Python, installed into .cache by infra/local/trafilatura-venv.sh) run on the same
 * pages as our extractor, for side-by-side figures. A benchmark and test dependency only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@trendscope/pipeline/repo-root';

/** A pip install that hangs (no registry) counts as no Python rather than a stuck test run. */
const INSTALL_TIMEOUT_MS = 300_000;
const RUN_TIMEOUT_MS = 300_000;

/** trafilatura's output per page id and its CPU time over all pages. */
export interface TrafilaturaRun {
  version: string;
  cpuMs: number;
  output: Record<string, string | null>;
}

/** The venv's python, installing it first when needed; null when Python is not available. */
export function trafilaturaPython(): string | null {
  try {
    const script = path.join(REPO_ROOT, 'infra', 'local', 'trafilatura-venv.sh');
    return execFileSync('bash', [script], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: INSTALL_TIMEOUT_MS,
    }).trim();
  } catch {
    return null;
  }
}

/** Runs trafilatura.extract over gzip-compressed HTML files; null when Python is not available. */
export function runTrafilatura(pages: { id: string; gzPath: string }[]): TrafilaturaRun | null {
  const python = trafilaturaPython();
  if (!python) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'trafilatura-'));
  try {
    const manifest = path.join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify(pages.map((p) => ({ id: p.id, path: p.gzPath }))));
    const script = path.join(REPO_ROOT, 'test', 'support', 'run-trafilatura.py');
    const out = execFileSync(python, [script, manifest], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: RUN_TIMEOUT_MS,
    });
    const parsed = JSON.parse(out) as { version: string; cpu_ms: number; output: Record<string, string | null> };
    return { version: parsed.version, cpuMs: parsed.cpu_ms, output: parsed.output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
