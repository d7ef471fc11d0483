import { expect } from 'chai';
import { pageDomain } from '@trendscope/pipeline/lab/evaluate/trends/demo-trends';

// Giveme5W1H page ids (the records' dId) and the page each is.
const RT_PANAMA_NEWS = '1b031a941a53179cc222ed0071f54d0b9df0919f5f19a9588462b740'; // rt.com/news/338270-...
const RT_PANAMA_OP_EDGE = 'da1d344cd166b552054f4a26ba4b414c2f3095a7c527be99aa7cd38f'; // rt.com/op-edge/338388-...
const HINDU_NICE_84 = '92d91defca2f56f5519d79fd9b828c494a405a19284d1ca1e2703a68'; // thehindu.com (undated)
const HINDU_NICE_BASTILLE = 'd6c50fd4ec658690d7f7e4eb9e8d7fff6666ed92d92530f584334c71'; // thehindu.com (undated)
const USA_CHINADAILY_NICE = '6134ba149dcae1612e7639a2004f94bc6b540a8e08bb7a4b2ad928af'; // usa.chinadaily.com.cn
const NPR_PANAMA = 'a24d26ed3e10f886bf718acdc97edd838808a2891d102f2891be2ed4'; // www.npr.org

describe("the in-process demo's publishers (demo-trends.ts pageDomain)", () => {
  it("gives one outlet's Giveme5W1H pages one publisher, as a real demo's article documents do", () => {
    // Each page was a publisher of its own: the two RT pages on the Panama Papers and The Hindu's
    // two undated pages on Nice were listed as two-publisher trends, which a real demo does not list.
    expect(pageDomain(RT_PANAMA_NEWS)).to.equal('rt.com');
    expect(pageDomain(RT_PANAMA_OP_EDGE)).to.equal('rt.com');
    expect(pageDomain(HINDU_NICE_84)).to.equal('thehindu.com');
    expect(pageDomain(HINDU_NICE_BASTILLE)).to.equal('thehindu.com');
    expect(pageDomain(USA_CHINADAILY_NICE), 'the registrable domain, not the host').to.equal('chinadaily.com.cn');
  });

  it('keeps two outlets two publishers, and a page of no record a publisher of its own', () => {
    expect(pageDomain(NPR_PANAMA)).to.equal('npr.org');
    expect(pageDomain(NPR_PANAMA)).not.to.equal(pageDomain(RT_PANAMA_NEWS));
    expect(pageDomain('no-such-page-1')).not.to.equal(pageDomain('other-page-2'));
  });
});
