import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { decodePageBytes } from '../../extract/decode-page-bytes';
import { extractArticle } from '../../extract/extract-article';
import { cleanBody, countWords, MIN_BODY_WORDS, type CleanBodyResult } from '../../sanitise/clean-body';
import { gunzipIfNeeded } from '../../sources/decode-feed-bytes';

/** One output line of `trendscope extract`. */
export interface ExtractLine {
  file: string;
  title?: string | null;
  author?: string | null;
  published_date?: string | null;
  publisher?: string;
  /** The extracted, sanitised text, shown even when the pipeline would not store it. */
  body?: string | null;
  /** Whether the pipeline would store this body; when not, `reason` and `note` say why. */
  retained?: boolean;
  reason?: CleanBodyResult['reason'];
  note?: string;
  error?: string;
}

/** What a rejection means, in words. */
function rejectionNote(reason: NonNullable<CleanBodyResult['reason']>, words: number): string {
  if (reason === 'too_short')
    return `${words} words, below the ${MIN_BODY_WORDS}-word retention threshold: the pipeline stores no body for this page`;
  if (reason === 'boilerplate') return 'mostly menu, link or notice text: the pipeline stores no body for this page';
  return 'no text was extracted';
}

/** A local file has no URL of its own; the page's canonical URL, when it has one, wins over this. */
function pageUrl(file: string): string {
  return pathToFileURL(file).href;
}

async function extractFile(file: string): Promise<ExtractLine> {
  const bytes = gunzipIfNeeded(await readFile(file));
  const article = extractArticle(decodePageBytes(bytes), { url: pageUrl(file) });
  const body = cleanBody(article.body_html);
  return {
    file,
    title: article.title,
    author: article.author,
    published_date: article.published_date,
    publisher: article.publisher,
    // The text is shown whether or not it would be stored, with the retention decision beside it.
    body: body.text === '' ? null : body.text,
    retained: body.retained,
    ...(body.reason ? { reason: body.reason, note: rejectionNote(body.reason, countWords(body.text)) } : {}),
  };
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return 'broken gzip data';
  return error instanceof Error ? error.message : String(error);
}

/**
 * `trendscope extract <html-file>...`: one JSON line per file with the extracted, sanitised
 * article; a file that cannot be read or extracted gives `{file, error}`. Resolves to the exit
 * code: 0 when every file worked, 1 otherwise.
 */
export async function runExtractCommand(files: string[], out: NodeJS.WritableStream): Promise<number> {
  let failures = 0;
  for (const file of files) {
    let line: ExtractLine;
    try {
      line = await extractFile(file);
    } catch (error) {
      failures += 1;
      line = { file, error: describe(error) };
    }
    out.write(`${JSON.stringify(line)}\n`);
  }
  return failures === 0 ? 0 : 1;
}
