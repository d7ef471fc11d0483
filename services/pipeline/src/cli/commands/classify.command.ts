import { createInterface } from 'node:readline';
import { loadClassifier, type Classifier } from '../../classify/classifier';
import { embedTexts } from '../../embed/embed-texts';

/**
 * `trendscope classify`: reads JSON lines `{"text": ...}` and writes one JSON line per input,
 * `{"category", "confidence"}`, or `{"error"}` for a line that is not such an object. Blank lines
 * are skipped. A text the model reads a sentence embedding of is embedded first, as detection does.
 * Resolves to the exit code: 1 when any line was bad, else 0.
 */
export async function runClassifyCommand(
  input: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
  classifier: Classifier = loadClassifier(),
): Promise<number> {
  let failed = false;
  let lineNo = 0;
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    const text = parseText(line);
    if (text === null) {
      failed = true;
      await write(out, { error: `line ${lineNo}: expected a JSON object with a string "text"` });
      continue;
    }
    const embedding = classifier.needsEmbedding(text) ? (await embedTexts([text]))[0] : undefined;
    await write(out, classifier.classify(text, embedding));
  }
  return failed ? 1 : 0;
}

function parseText(line: string): string | null {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const text = (value as { text?: unknown }).text;
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/** Writes one JSON line, waiting for drain when the stream asks for it (large inputs). */
function write(out: NodeJS.WritableStream, value: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (out.write(`${JSON.stringify(value)}\n`)) resolve();
    else out.once('drain', () => resolve());
  });
}
