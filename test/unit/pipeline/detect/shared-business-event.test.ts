import { expect } from 'chai';
import { sharedBusinessEvent } from '@trendscope/pipeline/detect/shared-business-event';

// Central headlines of trends the story rejoin weighs (UCI March 2014, read by hand:
// data/story-joins/held-out-pairs.tsv and read-pairs.tsv).
describe('sharedBusinessEvent', () => {
  it('finds the company event two trends of one story both report', () => {
    expect(
      sharedBusinessEvent(
        ['US House committee will probe GM recall', 'GM faces probe in US Congress over slow recall'],
        ['GM to offer loaner cars, cash to owners for ignition recall'],
      ),
    ).to.deep.equal({ kinds: ['recall'], companies: ['gm'] });
    expect(
      sharedBusinessEvent(
        [
          "SoftBank's Son: We can start a 'massive price war' following a Sprint/T-Mobile deal",
          "Sprint's Son on T-Mobile Merger: 'I Want to Be No. 1'",
        ],
        ['T-Mobile CFO and Softbank CEO Make Cases for Merger of Sprint and T-Mobile'],
      ),
    ).to.deep.equal({ kinds: ['deal'], companies: ['softbank', 'sprint', 't-mobile'] });
  });

  it('finds none without a company event both name, or without a company both name', () => {
    // One company, no event: the Galaxy S5's features and its unveiling (two stories by reading).
    expect(
      sharedBusinessEvent(['Samsung Galaxy S5 gets anti-theft features'], ['Samsung to unveil Galaxy S5']),
    ).to.equal(undefined);
    // A memory is no recall.
    expect(
      sharedBusinessEvent(['Keith Richards Recalls Childhood'], ['Keith Richards recalls his first guitar']),
    ).to.equal(undefined);
    // One kind of event, two companies.
    expect(sharedBusinessEvent(['GM recalls 1.5 million cars'], ['Toyota recalls 6 million vehicles'])).to.equal(
      undefined,
    );
    // Market moves are no company event.
    expect(sharedBusinessEvent(['Apple shares fall'], ['Apple stock slides as investors sell'])).to.equal(undefined);
  });
});
