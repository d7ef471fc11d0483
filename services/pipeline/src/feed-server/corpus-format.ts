import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { CorpusFormat } from './corpus-item';

const FEED_EXTENSIONS = /\.(xml|rss|atom|rdf|json|feed)$/i;

/**
 * Recognises a corpus folder by its files, not its name, so another folder in the same format is
 * served too: news-please JSON lines, UCI-style headline TSV.gz (8 tab-separated columns), an
 * extraction benchmark (`html/*.html.gz` + `ground-truth.json`), or plain feed files.
 */
export async function detectCorpusFormat(dir: string): Promise<CorpusFormat> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`not a folder: ${dir}`);
  const files = readdirSync(dir);
  if (existsSync(join(dir, 'ground-truth.json')) && existsSync(join(dir, 'html'))) return 'extraction-benchmark';
  const jsonl = files.filter((f) => f.endsWith('.jsonl'));
  if (jsonl.length > 0) {
    const line = await firstLine(join(dir, jsonl[0]!), false);
    const rec = JSON.parse(line) as Record<string, unknown>;
    if (typeof rec.url === 'string' && 'title' in rec && ('text' in rec || 'maintext' in rec)) {
      return 'news-please-jsonl';
    }
  }
  const tsv = files.filter((f) => f.endsWith('.tsv.gz'));
  if (tsv.length > 0) {
    const cols = (await firstLine(join(dir, tsv[0]!), true)).split('\t');
    if (cols.length === 8 && /^https?:/.test(cols[2] ?? '') && /^\d{10,}$/.test(cols[7] ?? '')) return 'uci-tsv-gz';
  }
  if (listFeedFiles(dir).length > 0) return 'raw-feeds';
  throw new Error(`no recognisable corpus in ${dir} (news-please .jsonl, UCI .tsv.gz, benchmark html/, feed files)`);
}

/** Feed-like files under `dir` (recursive), relative paths. */
export function listFeedFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...listFeedFiles(dir, rel));
    else if (FEED_EXTENSIONS.test(name)) out.push(rel);
  }
  return out;
}

async function firstLine(path: string, gz: boolean): Promise<string> {
  const input = gz ? createReadStream(path).pipe(createGunzip()) : createReadStream(path);
  const rl = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of rl) if (line.trim() !== '') return line;
  } finally {
    rl.close();
    input.destroy();
  }
  return '';
}
