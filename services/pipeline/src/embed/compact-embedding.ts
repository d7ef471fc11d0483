import { createHash } from 'node:crypto';
import { unit } from '../text/word-vectors';
import { ENCODER_ID } from './encoder-files';

/** Bytes of the text key that opens a compact embedding (a truncated SHA-256). */
const KEY_BYTES = 8;
/** Bytes of the float32 scale that follows the key. */
const SCALE_BYTES = 4;

/** Which encoder read which text: a compact embedding is used only for the same text and encoder. */
function textKey(text: string): Buffer {
  return createHash('sha256').update(`${ENCODER_ID}\n${text}`).digest().subarray(0, KEY_BYTES);
}

/**
 * A sentence embedding stored compactly (base64, 8 + 4 + d bytes: 528 characters for 384
 * dimensions, against about 3 KB as JSON numbers): a key of the text and encoder it was read from,
 * the float32 scale, then each dimension as int8 (value / scale rounded, scale = max |value| / 127).
 */
export function encodeEmbedding(text: string, v: Float32Array): string {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 1;
  const buf = Buffer.alloc(KEY_BYTES + SCALE_BYTES + v.length);
  textKey(text).copy(buf, 0);
  buf.writeFloatLE(scale, KEY_BYTES);
  for (let i = 0; i < v.length; i++) buf.writeInt8(Math.round(v[i]! / scale), KEY_BYTES + SCALE_BYTES + i);
  return buf.toString('base64');
}

/**
 * The unit-length embedding a compact one holds, or undefined when it was read from another text
 * or by another encoder (the article changed, or the encoder did), or is not one at all.
 */
export function decodeEmbedding(text: string, stored: unknown): Float32Array | undefined {
  if (typeof stored !== 'string') return undefined;
  const buf = Buffer.from(stored, 'base64');
  if (buf.length <= KEY_BYTES + SCALE_BYTES || !buf.subarray(0, KEY_BYTES).equals(textKey(text))) return undefined;
  const scale = buf.readFloatLE(KEY_BYTES);
  const v = new Float32Array(buf.length - KEY_BYTES - SCALE_BYTES);
  for (let i = 0; i < v.length; i++) v[i] = buf.readInt8(KEY_BYTES + SCALE_BYTES + i) * scale;
  return unit(v);
}
