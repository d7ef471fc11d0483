import { expect } from 'chai';
import { SHAPE_FEATURES, shapeValues } from '@trendscope/pipeline/score/domain-shape';

describe('domain shape features', () => {
  it('measures headline style as shares of headlines', () => {
    const v = shapeValues(
      'example.com',
      ['SHOCKING: You Won’t Believe This!', 'Central bank holds rates', 'Why is the market down?', 'Budget vote ...'],
      [],
    );
    expect(v).to.include({ exclamation: 0.25, question: 0.25, colon: 0.25, ellipsis: 0.25, clickbait: 0.5 });
    expect(v.sensational).to.equal(0.25);
    expect(v.caps_words).to.be.closeTo(0.2 / 4, 1e-12);
  });

  it('reads URL structure: dates, depth, queries, ids, scripts and sub-hosts', () => {
    const v = shapeValues(
      'example.com',
      [],
      [
        'http://www.example.com/news/2014/03/10/story-slug-here.html',
        'https://m.example.com/amp/article.php?id=123456',
      ],
    );
    expect(v).to.include({ url_date: 0.5, url_depth: 3.5, url_query: 0.5, url_html: 0.5, url_script: 0.5 });
    expect(v).to.include({ url_long_id: 0, url_https: 0.5, sub_host: 0.5 });
    expect(v.log_hosts).to.be.closeTo(Math.log(3), 1e-12);
    expect(v.url_slug_words).to.equal(3);
  });

  it('reads the domain name: length, digits, hyphens, public suffix and broadcast call signs', () => {
    const tv = shapeValues('kcra.com', [], []);
    expect(tv).to.include({ call_sign: 1, tld_com: 1, name_chars: 4 });
    const uk = shapeValues('belfast-telegraph24.co.uk', [], []);
    expect(uk).to.include({ tld_uk: 1, tld_other: 0, name_digits: 1, name_hyphen: 1, call_sign: 0 });
    expect(shapeValues('news24.co.za', [], []).tld_other).to.equal(1);
  });

  it('answers finite zeros for a domain with no headlines or URLs', () => {
    const v = shapeValues('example.org', [], []);
    for (const f of SHAPE_FEATURES) expect(Number.isFinite(v[f]), f).to.equal(true);
    expect(v.title_chars).to.equal(0);
    expect(v.tld_org).to.equal(1);
  });
});
