import { expect } from 'chai';
import { detectEmbeddings, type EmbeddedMember } from '@trendscope/pipeline/detect/detect-embeddings';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { memberText } from '@trendscope/pipeline/detect/trend-category';
import { encodeEmbedding } from '@trendscope/pipeline/embed/compact-embedding';
import { REOPEN_SILENCE_HOURS } from '@trendscope/pipeline/detect/reopened-wave';
import { sampleText, TOPIC_SAMPLE, topicSample } from '@trendscope/pipeline/detect/topic-centre';
import { normaliseText } from '@trendscope/pipeline/text/normalise-text';

/** A member with the given headline and lead, published `hour` hours into the day. */
function member(id: string, title: string, description: string, hour: number): EmbeddedMember {
  const time = Date.parse('2026-11-20T00:00:00Z') + hour * 3_600_000;
  return {
    id,
    title,
    description,
    body: null,
    url: `https://example.com/${id}`,
    publisher: 'Example',
    domain: 'example.com',
    author: null,
    published_date: new Date(time).toISOString(),
    word_count: 0,
    fetch_method: 'feed',
    language: 'en',
    simhash: null,
    content_retained: false,
    time,
  };
}

/** A distinct unit vector per text: what the stored embeddings hold in this test. */
function planted(seed: number): Float32Array {
  const v = new Float32Array(384);
  v[seed % 384] = 1;
  return v;
}

describe('detection embeddings read back from the articles', () => {
  const needsAll = { needsEmbedding: () => true };
  const members = [
    member('a1', 'Central bank raises rates', 'The bank raised its rate by half a point.', 1),
    member('a2', 'Bank raises interest rates again', 'Markets had expected the move.', 2),
  ];

  it('runs no encoder when every text a trend reads is stored, and reads the stored vectors', async () => {
    const stored = members.map((m, i) => ({
      ...m,
      detect_embeddings: {
        voter: encodeEmbedding(memberText(m), planted(i)),
        headline: encodeEmbedding(normaliseText(m.title), planted(10 + i)),
      },
    }));
    const warned: unknown[] = [];
    const { embedText, fresh } = await detectEmbeddings([stored], backgroundIdf(), needsAll, {
      warn: (e: unknown) => warned.push(e),
    });
    // Nothing embedded: the planted vectors, not the encoder's, are what the trend reads.
    expect(warned).to.deep.equal([]);
    expect(fresh.size).to.equal(0);
    expect(embedText(memberText(members[1]!))![1]).to.equal(1);
    expect(embedText(normaliseText(members[0]!.title))![10]).to.equal(1);
  });

  it('embeds what is missing or was stored for another text, and hands it back to store', async function () {
    this.timeout(60_000);
    const stored: EmbeddedMember[] = [
      // Its lead changed since its embedding was stored: read again.
      { ...members[0]!, detect_embeddings: { voter: encodeEmbedding('an older lead', planted(0)) } },
      members[1]!,
    ];
    const { embedText, fresh } = await detectEmbeddings([stored], backgroundIdf(), needsAll, { warn: () => undefined });
    expect([...fresh.keys()].sort()).to.deep.equal(['a1', 'a2']);
    expect(fresh.get('a1')!.voter).to.be.a('string');
    expect(fresh.get('a2')!.voter).to.be.a('string');
    expect(Object.keys(fresh.get('a1')!).concat(Object.keys(fresh.get('a2')!))).to.include('headline');
    expect(embedText(memberText(members[0]!))![0]).to.not.equal(1);
  });

  it("reads the headlines of a large trend's new wave as well as its whole sample (the topic may be read from either)", async () => {
    // 60 reports, a silence, then 140: the wave's sample holds members the whole trend's sample of 200 skips.
    const large = Array.from({ length: 200 }, (_, i) => {
      const m = member(
        `w${i}`,
        `Flood report number ${i} from the river towns`,
        '',
        i < 60 ? i / 60 : REOPEN_SILENCE_HOURS + 1 + i / 600,
      );
      const text = sampleText(m.title);
      return {
        ...m,
        detect_embeddings: {
          topic: encodeEmbedding(text, planted(i)),
          headline: encodeEmbedding(normaliseText(m.title), planted(i)),
        },
      };
    });
    const { embedText, fresh } = await detectEmbeddings(
      [large],
      backgroundIdf(),
      { needsEmbedding: () => false },
      {
        warn: () => undefined,
      },
    );
    expect(fresh.size).to.equal(0);
    const whole = new Set(topicSample(200));
    const waveOnly = topicSample(140)
      .map((k) => 60 + k)
      .filter((i) => !whole.has(i));
    expect(TOPIC_SAMPLE).to.be.below(200);
    expect(waveOnly.length).to.be.above(0);
    for (const i of [...whole, ...waveOnly])
      expect(embedText(sampleText(large[i]!.title)), `member ${i}`).to.not.equal(undefined);
  });
});
