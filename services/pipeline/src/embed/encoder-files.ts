import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root';

/** How a sentence encoder turns its token embeddings into one vector, and what it reads. */
export interface EncoderSpec {
  /** The folder name under .cache/encoder (infra/local/encoder-model.sh's NAME). */
  name: string;
  /** The Maven Central version of the langchain4j jar that packages it. */
  version: string;
  /** 'mean' (sentence-transformers models) or 'cls' (the [CLS] token's vector, as BGE prescribes). */
  pooling: 'mean' | 'cls';
  /** Put before every text (e5 reads "query: " before a text to embed for classification). */
  prefix: string;
}

/**
 * The encoders infra/local/encoder-model.sh can fetch (a unit test keeps the two in step). The
 * service uses all-MiniLM-L6-v2; PIPELINE_ENCODER names another for lab measurements.
 */
export const ENCODER_SPECS: Readonly<Record<string, EncoderSpec>> = {
  'all-minilm-l6-v2-q': { name: 'all-minilm-l6-v2-q', version: '1.19.0-beta29', pooling: 'mean', prefix: '' },
  /** The same model unquantised (float32 weights, 90 MB): a lab measurement of what int8 costs. */
  'all-minilm-l6-v2': { name: 'all-minilm-l6-v2', version: '1.19.0-beta29', pooling: 'mean', prefix: '' },
  'bge-small-en-v15-q': { name: 'bge-small-en-v15-q', version: '0.36.2', pooling: 'cls', prefix: '' },
  'e5-small-v2-q': { name: 'e5-small-v2-q', version: '0.36.2', pooling: 'mean', prefix: 'query: ' },
};

/** The encoder this process uses: PIPELINE_ENCODER when set (one of ENCODER_SPECS), else MiniLM. */
export function activeEncoder(env: NodeJS.ProcessEnv = process.env): EncoderSpec {
  const name = env.PIPELINE_ENCODER || 'all-minilm-l6-v2-q';
  const spec = ENCODER_SPECS[name];
  if (!spec) throw new Error(`PIPELINE_ENCODER=${name}: not one of ${Object.keys(ENCODER_SPECS).join(', ')}`);
  return spec;
}

/** The Maven Central version of the jar that packages the active encoder. */
export const ENCODER_VERSION = activeEncoder().version;

/** Names the encoder a model's embedding features were learnt with (stored in the category model). */
export const ENCODER_ID = `${activeEncoder().name} ${ENCODER_VERSION}`;

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
    : path.join(cache, 'encoder', `${activeEncoder(env).name}-${activeEncoder(env).version}`);
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
