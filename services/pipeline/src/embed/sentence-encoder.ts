import { readFileSync } from 'node:fs';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';
import { unit } from '../text/word-vectors';
import { assertEncoderFiles, type EncoderFiles } from './encoder-files';

/** Dimensions of an all-MiniLM-L6-v2 sentence embedding. */
export const EMBEDDING_DIMENSIONS = 384;
/** Word pieces per text, [CLS] and [SEP] included: the length the model was trained at. */
export const MAX_TOKENS = 128;
/** Characters of a text read at most: 128 word pieces never need more, and it bounds tokenising. */
export const MAX_CHARS = 2000;
/**
 * Texts per inference call. One: the int8 model quantises its activations per call, so a text's
 * vector moves with the texts it is batched with (up to 0.02 in a dimension, measured), and
 * detection must give the same text the same vector in every run (same input and clock, same
 * trends). Batching saved about 1.5 ms of 5 per headline (docs/lab-notes/pipeline-speed.md).
 */
export const DEFAULT_BATCH_SIZE = 1;

/** Options of a loaded encoder. */
export interface EncoderOptions {
  /** Threads one inference uses (default 1: the pipeline's workers already share the cores). */
  threads?: number;
  batchSize?: number;
  /** How token vectors become one vector (default 'mean', as all-MiniLM-L6-v2 prescribes). */
  pooling?: 'mean' | 'cls';
  /** Put before every text (default none). */
  prefix?: string;
}

/**
 * all-MiniLM-L6-v2 (int8-quantised ONNX) behind onnxruntime-node with its WordPiece tokenizer:
 * English text in, one unit-length 384-dimension vector out, as the model card prescribes (mean of
 * the token embeddings under the attention mask, then L2 normalisation), so cosine is a dot product.
 */
export class SentenceEncoder {
  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: Tokenizer,
    private readonly cls: number,
    private readonly sep: number,
    private readonly batchSize: number,
    private readonly pooling: 'mean' | 'cls',
    private readonly prefix: string,
  ) {}

  /** Loads the model and tokenizer files (a clear error when either is missing). */
  static async load(files: EncoderFiles, opts: EncoderOptions = {}): Promise<SentenceEncoder> {
    assertEncoderFiles(files);
    const threads = opts.threads ?? 1;
    const session = await ort.InferenceSession.create(files.model, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    const tokenizer = new Tokenizer(JSON.parse(readFileSync(files.tokenizer, 'utf8')) as object, {});
    const cls = tokenizer.token_to_id('[CLS]');
    const sep = tokenizer.token_to_id('[SEP]');
    if (cls === undefined || sep === undefined) throw new Error(`${files.tokenizer}: no [CLS]/[SEP] token`);
    const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH_SIZE);
    return new SentenceEncoder(session, tokenizer, cls, sep, batchSize, opts.pooling ?? 'mean', opts.prefix ?? '');
  }

  /** Word-piece ids of a text as the model reads it: [CLS], at most MAX_TOKENS - 2 pieces, [SEP]. */
  tokenIds(text: string): number[] {
    if (typeof text !== 'string') throw new TypeError(`sentence encoder: expected a string, got ${typeof text}`);
    const pieces = this.tokenizer.encode(this.prefix + text.slice(0, MAX_CHARS), { add_special_tokens: false }).ids;
    return [this.cls, ...pieces.slice(0, MAX_TOKENS - 2), this.sep];
  }

  /** One unit-length embedding per text, in the order given. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const ids = texts.map((t) => this.tokenIds(t));
    // Batches of similar lengths pad little: order by length, embed, put back in place.
    const order = ids.map((_, i) => i).sort((a, b) => ids[a]!.length - ids[b]!.length);
    const out = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const vectors = await this.embedBatch(batch.map((i) => ids[i]!));
      batch.forEach((i, k) => (out[i] = vectors[k]!));
    }
    return out;
  }

  /** Frees the native session. */
  async dispose(): Promise<void> {
    await this.session.release();
  }

  private async embedBatch(batch: readonly number[][]): Promise<Float32Array[]> {
    const n = batch.length;
    const len = Math.max(...batch.map((b) => b.length));
    const inputIds = new BigInt64Array(n * len);
    const mask = new BigInt64Array(n * len);
    batch.forEach((row, r) => {
      row.forEach((id, t) => {
        inputIds[r * len + t] = BigInt(id);
        mask[r * len + t] = 1n;
      });
    });
    const dims = [n, len];
    const result = await this.session.run({
      input_ids: new ort.Tensor('int64', inputIds, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
      token_type_ids: new ort.Tensor('int64', new BigInt64Array(n * len), dims),
    });
    const hidden = result.last_hidden_state!.data as Float32Array;
    const d = EMBEDDING_DIMENSIONS;
    // CLS pooling reads the first token's vector only: a mean over one token.
    return batch.map((row, r) => meanPoolUnit(hidden, r * len * d, this.pooling === 'cls' ? 1 : row.length, d));
  }
}

/** Mean of the first `tokens` rows of one text's token embeddings, scaled to unit length. */
export function meanPoolUnit(hidden: Float32Array, offset: number, tokens: number, d: number): Float32Array {
  const v = new Float32Array(d);
  for (let t = 0; t < tokens; t++) {
    const at = offset + t * d;
    for (let i = 0; i < d; i++) v[i]! += hidden[at + i]!;
  }
  // The mean's 1/tokens cancels under normalisation; an all-zero sum stays zero.
  return unit(v) ?? v;
}
