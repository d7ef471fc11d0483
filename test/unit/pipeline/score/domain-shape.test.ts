import { expect } from 'chai';
import { SHAPE_FEATURES, shapeValues } from '@trendscope/pipeline/score/domain-shape';

describe('domain shape features', () => {
  it('measures headline style as shares of headlines', () => {
    const v = shapeValues(
      'example.com',
      ['SHOCKING: You Won’t Believe This!', 'Central bank holds rates', 'Why is the market down?', 'Budget vote ...'],
      [],
    );
    expect(v.exclamation).to.equal(0.25);
    expect(v.question).to.equal(0.25);
    expect(v.colon).to.equal(0.25);
    expect(v.ellipsis).to.equal(0.25);
    expect(v.clickbait).to.equal(0.5);
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
    expect(v.url_date).to.equal(0.5);
    expect(v.url_depth).to.equal(3.5);
    expect(v.url_query).to.equal(0.5);
    expect(v.url_html).to.equal(0.5);
    expect(v.url_script).to.equal(0.5);
    expect(v.url_long_id).to.equal(0);
    expect(v.url_https).to.equal(0.5);
    expect(v.sub_host).to.equal(0.5);
    expect(v.log_hosts).to.be.closeTo(Math.log(3), 1e-12);
    expect(v.url_slug_words).to.equal(3);
  });

  it('reads the domain name: length, digits, hyphens, public suffix and broadcast call signs', () => {
    const tv = shapeValues('kcra.com', [], []);
    expect(tv.call_sign).to.equal(1);
    expect(tv.tld_com).to.equal(1);
    expect(tv.name_chars).to.equal(4);
    const uk = shapeValues('belfast-telegraph24.co.uk', [], []);
    expect(uk.tld_uk).to.equal(1);
    expect(uk.tld_other).to.equal(0);
    expect(uk.name_digits).to.equal(1);
    expect(uk.name_hyphen).to.equal(1);
    expect(uk.call_sign).to.equal(0);
    expect(shapeValues('news24.co.za', [], []).tld_other).to.equal(1);
  });

  it('answers finite zeros for a domain with no headlines or URLs', () => {
    const v = shapeValues('example.org', [], []);
    for (const f of SHAPE_FEATURES) expect(Number.isFinite(v[f]), f).to.equal(true);
    expect(v.title_chars).to.equal(0);
    expect(v.tld_org).to.equal(1);
  });
});
