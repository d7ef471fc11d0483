import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { embeddingCosine, embeddingLookup, embedTexts } from '@trendscope/pipeline/embed/embed-texts';
import { activeEncoder, ENCODER_SPECS, encoderFiles, ENCODER_VERSION } from '@trendscope/pipeline/embed/encoder-files';
import { EMBEDDING_DIMENSIONS, MAX_TOKENS, SentenceEncoder } from '@trendscope/pipeline/embed/sentence-encoder';
import { REPO_ROOT } from '@trendscope/pipeline/repo-root';

interface Reference {
  text: string;
  ids: number[];
  vector: number[];
}

const { references } = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'reference-embeddings.json'), 'utf8'),
) as {
  references: Reference[];
};

describe('sentence encoder (all-MiniLM-L6-v2, int8 ONNX)', function () {
  this.timeout(30_000);
  let single: SentenceEncoder;
  before(async () => {
    single = await SentenceEncoder.load(encoderFiles(), { batchSize: 1 });
  });
  after(async () => {
    await single.dispose();
  });

  it('tokenizes the pinned texts to the pinned word pieces', () => {
    for (const ref of references) expect(single.tokenIds(ref.text), ref.text).to.deep.equal(ref.ids);
  });

  it('embeds the pinned texts one at a time as the stored reference vectors (cosine > 0.999)', async () => {
    const vectors = await single.embed(references.map((r) => r.text));
    references.forEach((ref, i) => {
      expect(vectors[i]!.length).to.equal(EMBEDDING_DIMENSIONS);
      expect(embeddingCosine(vectors[i]!, ref.vector), ref.text).to.be.greaterThan(0.999);
    });
  });

  it('answers unit-length vectors where a paraphrase is near and another story far', async () => {
    const [dunham, paraphrase, satellite] = await embedTexts(references.slice(0, 3).map((r) => r.text));
    expect(embeddingCosine(dunham!, dunham!)).to.be.closeTo(1, 1e-5);
    expect(embeddingCosine(dunham!, paraphrase!)).to.be.greaterThan(0.9);
    expect(embeddingCosine(dunham!, satellite!)).to.be.lessThan(0.3);
  });

  it('keeps the order of a batch, each vector within quantisation noise of its one-at-a-time vector', async () => {
    const texts = [...references.map((r) => r.text), 'Stocks fell on Wall Street', 'x'].reverse();
    const batched = await embedTexts(texts);
    const alone = await single.embed(texts);
    expect(batched).to.have.length(texts.length);
    // The int8 model quantises activations with one scale per batch tensor, so batch-mates (and the
    // padding of a short text among long ones, as 'x' here) move a vector a little.
    texts.forEach((t, i) => expect(embeddingCosine(batched[i]!, alone[i]!), t).to.be.greaterThan(0.97));
    expect(await embedTexts([])).to.deep.equal([]);
  });

  it('reads at most MAX_TOKENS word pieces: what follows does not change the vector', async () => {
    const long = 'The central bank raised interest rates again. '.repeat(40);
    expect(single.tokenIds(long)).to.have.length(MAX_TOKENS);
    expect(single.tokenIds('x'.repeat(1_000_000)).length).to.be.at.most(MAX_TOKENS);
    const [a, b] = await single.embed([long, `${long} Then the markets crashed and the minister resigned.`]);
    expect(embeddingCosine(a!, b!)).to.be.closeTo(1, 1e-6);
  });

  it('gives a synchronous lookup of the texts it embedded', async () => {
    const lookup = await embeddingLookup(['Lena Dunham may quit acting', 'Lena Dunham may quit acting', 'other']);
    expect(embeddingCosine(lookup('Lena Dunham may quit acting')!, references[1]!.vector)).to.be.greaterThan(0.98);
    expect(lookup('never embedded')).to.equal(undefined);
  });

  it('refuses a text that is not a string', () => {
    expect(() => single.tokenIds(42 as unknown as string)).to.throw(TypeError, 'expected a string');
  });

  it('says how to get the model when its files are missing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'no-encoder-'));
    const files = encoderFiles({ PIPELINE_ENCODER_DIR: dir });
    expect(files.model).to.equal(path.join(dir, 'model.onnx'));
    let error: Error | undefined;
    await SentenceEncoder.load(files).catch((e: Error) => (error = e));
    expect(error?.message).to.contain(`sentence encoder file missing: ${files.model}`).and.contain('make install');
  });

  it('reads the version that infra/local/encoder-model.sh fetches', () => {
    const script = readFileSync(path.join(REPO_ROOT, 'infra', 'local', 'encoder-model.sh'), 'utf8');
    expect(script).to.contain(`VERSION=${ENCODER_VERSION}\n`);
    expect(encoderFiles({}).dir).to.contain(`all-minilm-l6-v2-q-${ENCODER_VERSION}`);
    for (const spec of Object.values(ENCODER_SPECS)) {
      const block = script.slice(script.indexOf(`  ${spec.name})\n`));
      expect(block, spec.name).to.match(new RegExp(`^  ${spec.name}\\)\\n    VERSION=${spec.version}\\n`));
    }
  });

  it('names the lab encoders by PIPELINE_ENCODER and refuses an unknown one', () => {
    expect(activeEncoder({}).name).to.equal('all-minilm-l6-v2-q');
    expect(encoderFiles({ PIPELINE_ENCODER: 'bge-small-en-v15-q' }).dir).to.match(/bge-small-en-v15-q-0\.36\.2$/);
    expect(activeEncoder({ PIPELINE_ENCODER: 'bge-small-en-v15-q' }).pooling).to.equal('cls');
    expect(() => activeEncoder({ PIPELINE_ENCODER: 'nope' })).to.throw('not one of');
  });
});
