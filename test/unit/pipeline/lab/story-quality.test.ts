import { expect } from 'chai';
import type { TrendDoc } from '@trendscope/core';
import type { DemoTrend } from '@trendscope/pipeline/lab/evaluate/trends/demo-trends';
import {
  leadingGold,
  NO_GOLD,
  repeatsTopic,
  storyQuality,
  textArtifacts,
} from '@trendscope/pipeline/lab/metrics/story-quality';

/** A listed trend (three publishers) of the given member headlines and their gold stories. */
function listedTrend(topic: string, titles: string[], gold: string[], summary = 'x y z'): DemoTrend {
  return {
    trend: { topic, summary, source_count: 3 } as TrendDoc,
    titles,
    domains: titles.map((_, i) => `d${i}.example`),
    gold,
  };
}

/** A listed trend whose member headlines name their gold story ("<gold> headline <i>"). */
function headlineTrend(topic: string, gold: string[]): DemoTrend {
  return listedTrend(
    topic,
    gold.map((g, i) => `${g} headline ${i}`),
    gold,
  );
}

describe('text artifacts a reader sees (story quality)', () => {
  it('flags a topic or summary its outlet cut off with an ellipsis', () => {
    expect(
      textArtifacts("George Clooney's Ex Stacy Keibler Marries Jared Pobre: She's Not The Only ..."),
    ).to.deep.equal(['ends in an ellipsis']);
    expect(textArtifacts('Keibler weds…')).to.deep.equal(['ends in an ellipsis']);
    expect(textArtifacts('Keibler weds. . .”')).to.deep.equal(['ends in an ellipsis']);
  });

  it('passes complete texts, an ellipsis inside one among them', () => {
    expect(textArtifacts('Stacy Keibler marries Jared Pobre')).to.deep.equal([]);
    expect(textArtifacts('Wait... Keibler is married?')).to.deep.equal([]);
  });

  it('flags the artifacts it already knew', () => {
    expect(textArtifacts('King seeks IPO valuation up to $7. 6 Billion')).to.deep.equal(['split decimal']);
    expect(textArtifacts('Keith Richards writes children`s book')).to.deep.equal(['backtick apostrophe']);
    expect(
      textArtifacts(
        'The streak of light was spotted across the region and captured on video The streak of light was spotted across the region and captured on video A possible meteor was seen.',
      ),
    ).to.deep.equal(['repeated words']);
    expect(
      textArtifacts(
        'NEW YORK — Authorities say two subway trains collided. Authorities say two subway trains collided in a tunnel.',
      ),
    ).to.deep.equal(['repeated words']);
    // Five words said twice are a phrase the story repeats, not a text said twice.
    expect(textArtifacts('Fed holds rates steady; markets say the Fed holds rates steady again')).to.deep.equal([]);
    expect(textArtifacts("Taylor Swift named Billboard's `Top Money Maker`")).to.deep.equal(['backtick quote']);
  });
});

describe('summaries of another story (story quality)', () => {
  const titles = [
    'Sbarro again files for Ch. 11 reorganization',
    'Sbarro again files for Chapter 11 reorganization',
    'EBay rejects Icahn slate of directors',
  ];

  it('counts a summary that is the headline of a member of another story than the majority one', () => {
    const q = storyQuality([listedTrend(titles[0]!, titles, ['s', 's', 'e'], 'EBay rejects Icahn slate of directors')]);
    expect(q.offStorySummaries.map((o) => o.headline)).to.deep.equal(['EBay rejects Icahn slate of directors']);
  });

  it('passes a summary of the majority story, and one that is no member headline', () => {
    expect(storyQuality([listedTrend(titles[0]!, titles, ['s', 's', 'e'], titles[1])]).offStorySummaries).to.deep.equal(
      [],
    );
    expect(
      storyQuality([listedTrend(titles[0]!, titles, ['s', 's', 'e'], '3 reports by 3 publishers within an hour.')])
        .offStorySummaries,
    ).to.deep.equal([]);
  });
});

describe('trends no story holds a majority of (story quality)', () => {
  it('counts a trend whose largest story holds half of its members or fewer, not one with a majority', () => {
    const q = storyQuality([
      headlineTrend('Juanes To Perform on the Tonight Show', [
        'juanes',
        'juanes',
        'woodley',
        'woodley',
        'eichner',
        'putin',
      ]),
      headlineTrend('Toyota settlement', ['toyota', 'toyota', 'gm']),
      headlineTrend('Two halves', ['a', 'a', 'b', 'b']),
    ]);
    expect(q.noMajorityStory.map((n) => [n.topic, n.share])).to.deep.equal([
      ['Juanes To Perform on the Tonight Show', 2 / 6],
      ['Two halves', 0.5],
    ]);
  });
});

describe('trends that carry a second story (story quality)', () => {
  it('counts a second story of three or more members and 15 % or more, not a stray pair or unlabelled members', () => {
    const q = storyQuality([
      headlineTrend('Cocaine use down', [...Array(15).fill('rand'), ...Array(12).fill('genome')]),
      headlineTrend('Toyota settlement', [...Array(10).fill('toyota'), 'gm', 'gm']),
      headlineTrend('A large story', [...Array(30).fill('big'), 'other', 'other', 'other']),
      headlineTrend('Served members', ['a', 'a', 'a', NO_GOLD, NO_GOLD, NO_GOLD]),
    ]);
    expect(q.mixed.map((m) => [m.topic, m.gold, m.members, m.headline])).to.deep.equal([
      ['Cocaine use down', 'genome', 12, 'genome headline 15'],
    ]);
  });
});

describe('the gold story a tied trend is counted under (story quality)', () => {
  const titles = [
    "NBC puts kids front and center in 'About a Boy' and 'Growing Up Fisher'",
    "Kid actors lead NBC's new comedies",
    "What's on TV: 'The Bachelor' finale",
    "Tonight's TV picks: 'The Bachelor'",
  ];

  it('takes the largest story; in a tie, the one the topic names, not the first id', () => {
    expect(leadingGold(listedTrend(titles[0]!, titles, ['z', 'z', 'a', 'a']))).to.equal('z');
    expect(leadingGold(listedTrend("What's on TV: 'The Bachelor' finale", titles, ['z', 'z', 'a', 'a']))).to.equal('a');
    expect(leadingGold(listedTrend(titles[0]!, titles, ['z', 'a', 'a', 'a']))).to.equal('a');
  });

  it('does not count a tied trend as a second trend of the story its topic does not name', () => {
    const finale = listedTrend(
      "'The Bachelor' finale: Juan Pablo picks Nikki",
      ["'The Bachelor' finale: Juan Pablo picks Nikki"],
      ['a'],
    );
    const q = storyQuality([finale, listedTrend(titles[0]!, titles, ['z', 'z', 'a', 'a'])]);
    expect(q.goldRepeats).to.deep.equal([]);
    const named = storyQuality([finale, listedTrend(titles[2]!, titles, ['z', 'z', 'a', 'a'])]);
    expect(named.goldRepeats.map((r) => r.gold)).to.deep.equal(['a']);
  });
});

describe("summaries of the topic's story (story quality)", () => {
  // A loosely drawn trend: the topic names one show's guest, two members tell another part of it.
  const titles = [
    "Juanes To Perform 'The Tonight Show Starring Jimmy Fallon'",
    "Juanes performs 'La Luz' on Tonight Show",
    "Jay Leno Reviews New 'Tonight Show' with Host Jimmy Fallon",
    'Leno gives Fallon a review',
  ];
  const gold = ['juanes', 'juanes', 'leno', 'leno'];

  it("counts a summary from a member of another story than the topic's best member, not one of its story", () => {
    const apart = storyQuality([listedTrend(titles[0]!, titles, gold, titles[2])]);
    expect(apart.summaryTraced).to.equal(1);
    expect(apart.summaryOfTopicStory).to.equal(0);
    expect(apart.summaryApart.map((a) => a.headline)).to.deep.equal([titles[0]]);
    const same = storyQuality([listedTrend(titles[0]!, titles, gold, titles[1])]);
    expect([same.summaryOfTopicStory, same.summaryApart.length]).to.deep.equal([1, 0]);
  });

  it('traces a summary to a member lead, and leaves a report line untraced', () => {
    const leads = ['', '', '', 'The former host said the new show was off to a strong start.'];
    const fromLead = storyQuality([
      {
        ...listedTrend(titles[0]!, titles, gold, 'The former host said the new show was off to a strong start.'),
        leads,
      },
    ]);
    expect([fromLead.summaryTraced, fromLead.summaryApart.length]).to.deep.equal([1, 1]);
    const line = storyQuality([listedTrend(titles[0]!, titles, gold, '4 reports by 3 publishers within an hour.')]);
    expect([line.summaryTraced, line.summaryOfTopicStory]).to.deep.equal([0, 1]);
  });

  it('counts a traced summary far in meaning from its topic when embeddings are given', () => {
    const vectors = new Map([
      [titles[0]!, new Float32Array([1, 0])],
      [titles[1]!, new Float32Array([0.9, 0.1])],
      [titles[2]!, new Float32Array([0.1, 0.9])],
    ]);
    const far = storyQuality([listedTrend(titles[0]!, titles, gold, titles[2])], (t) => vectors.get(t));
    expect(far.farSummaries.map((f) => f.summary)).to.deep.equal([titles[2]]);
    const near = storyQuality([listedTrend(titles[0]!, titles, gold, titles[1])], (t) => vectors.get(t));
    expect(near.farSummaries).to.deep.equal([]);
  });

  it("counts a summary that only tells the topic again: one content word added, or most of its words the topic's", () => {
    expect(repeatsTopic("China's CSI300 index at near 9-month low", "China's CSI300 index at near 9-mth low")).to.equal(
      true,
    );
    expect(
      repeatsTopic('Japan, Australia reach free trade deal', 'Japan, Australia agree on free-trade deal'),
    ).to.equal(true);
    const topic = 'Chris Hemsworth and wife Elsa Pataky welcome twin boys to their family';
    // Two words added to the topic's nine: 82 % of its words are the topic's.
    expect(
      repeatsTopic(topic, 'Chris Hemsworth and wife Elsa Pataky welcome twin boys to their family in Los Angeles'),
    ).to.equal(true);
    expect(repeatsTopic(topic, 'Chris Hemsworth and Elsa Pataky name their twin boys Sasha and Tristan')).to.equal(
      false,
    );
    const q = storyQuality([
      listedTrend(titles[0]!, titles, gold, titles[0]),
      listedTrend(titles[0]!, titles, gold, titles[1]),
    ]);
    expect(q.topicRepeats.map((t) => t.summary)).to.deep.equal([titles[0]]);
  });
});
