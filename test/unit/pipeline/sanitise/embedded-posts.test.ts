import { expect } from 'chai';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { isOwnPromoPost, outletKey } from '@trendscope/pipeline/sanitise/embedded-posts';
import { furnitureKind, withoutFurniture } from '@trendscope/pipeline/sanitise/page-furniture';

const PROSE = [
  'The council voted on the plan after a long debate, and the mayor said she would sign it.',
  'Residents who spoke at the hearing were divided, and the vote was closer than expected.',
  'The plan goes into force in March, and a review is due a year later, officials said.',
];

/** A post the article quotes: gold bodies keep its text and its attribution. */
const QUOTED =
  'Payload will be my midnight cherry Roadster playing Space Oddity. Destination is Mars orbit. — Jane Roe (@janeroe) December 2, 2017';

describe('embedded posts', () => {
  it("reads a picture post's credit, alone or under a caption that is a title, as a caption", () => {
    for (const line of [
      'A post shared by Jane Roe (@janeroe) on Feb 4, 2018 at 9:50pm PST',
      'A Red Car for the Red Planet A post shared by Example Space (@examplespace) on Dec 22, 2017 at 2:57pm PST',
      'Shooting at Route 91 A post shared by Jane (girl) Roe (@jane_roe_) on Oct 1, 2017 at 10:56pm PDT',
      'A post shared by Jane Roe (@jane.roe) on December 22, 2017',
    ]) {
      expect(furnitureKind(line), line).to.equal('caption');
    }
  });

  it('keeps a picture post whose caption is sentences, and prose about a post', () => {
    for (const line of [
      'I am so proud of this team. Thank you all for coming. A post shared by Jane Roe (@janeroe) on Feb 4, 2018 at 9:50pm PST',
      'A post shared by Jane Roe on Monday drew two million likes.',
      'A post shared by Jane Roe (@janeroe) on Monday drew two million likes, her agent said.',
      'The picture was a post shared by the senator (@senator) on March 3, officials said.',
    ]) {
      expect(furnitureKind(line), line).to.equal(null);
    }
  });

  it("reads an embed's skip link standing alone as a media control, and keeps prose that skips", () => {
    for (const line of ['Skip Twitter post by @janeroe', 'End of Twitter post by @janeroe', 'Skip YouTube post 2']) {
      expect(furnitureKind(line), line).to.equal('media-control');
    }
    for (const line of [
      'Skip the post office queue by booking online, the council said.',
      'End of the post-war era came in 1989.',
      'Skip Twitter posts by bots, the guide says.',
    ]) {
      expect(furnitureKind(line), line).to.equal(null);
    }
  });

  it('cuts the skip link and the report link around a quoted post, and keeps the post and its attribution', () => {
    const post =
      'We were alerted by the store that content was made available to our users. — Jane Roe (@janeroe) February 1, 2018';
    const text = `${PROSE[0]}\n\nSkip Twitter post by @janeroe ${post} Report\n\n${PROSE[1]}`;
    expect(withoutFurniture(text)).to.equal(`${PROSE[0]}\n\n${post}\n\n${PROSE[1]}`);
    const ended = `${PROSE[0]}\n\n${post} Report End of Twitter post by @janeroe\n\n${PROSE[1]}`;
    expect(withoutFurniture(ended)).to.equal(`${PROSE[0]}\n\n${post}\n\n${PROSE[1]}`);
    for (const prose of [
      `${QUOTED}`,
      'Skip Bayless said the post by Jane Roe was unfair, and the network agreed.',
      'The minister ended the briefing with one word: Report',
      'Committees publish each year. — Jane Roe, chair of the Annual Report',
    ]) {
      expect(withoutFurniture(`${PROSE[0]}\n\n${prose}`), prose).to.equal(`${PROSE[0]}\n\n${prose}`);
    }
  });

  it("reads a post of the outlet's own account that links elsewhere as a promo, and no one else's post", () => {
    const outlet = new Set(['example', 'exampleorg'].map(outletKey));
    const promo =
      "A step closer to Mars: rocket maker test fires 'world's most powerful rocket' (VIDEO) https://t.co/abc123pic.twitter.com/def456 — Example (@Example_org) May 10, 2017";
    expect(isOwnPromoPost(promo, outlet)).to.equal(true);
    expect(isOwnPromoPost(promo.replace('— Example (@Example_org)', '— The Example (@ExampleNews)'), outlet)).to.equal(
      true,
    );
    for (const line of [
      QUOTED,
      'Details on the incident at the zoo today: https://t.co/abc123 — City Zoo (@CityZoo) May 28, 2016',
      'Our reporters are at the scene and will bring you updates through the night. — Example (@Example_org) May 10, 2017',
      'Example reported the launch on its website https://example.org/launch, the company said.',
    ]) {
      expect(isOwnPromoPost(line, outlet), line).to.equal(false);
    }
    expect(isOwnPromoPost(promo, new Set())).to.equal(false);
  });

  it("leaves the outlet's promo post out of a page's body, and keeps the posts it quotes", () => {
    const other = 'Details on the incident at the zoo today: https://t.co/abc123 — City Zoo (@CityZoo) May 28, 2016';
    const promo =
      "A step closer to Mars: rocket maker test fires 'world's most powerful rocket' (VIDEO) https://t.co/abc123 — Example (@Example_org) May 10, 2017";
    const paragraphs = [PROSE[0], QUOTED, PROSE[1], promo, other, PROSE[2]];
    const html = `<html><head><meta property="og:site_name" content="Example"></head><body><article>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;
    const body = extractArticle(html, { url: 'https://www.example.org/news/2017/05/launch' }).body_html ?? '';
    const stored = cleanBody(body).text;
    expect(stored).not.to.include('A step closer to Mars');
    for (const kept of [QUOTED, other, PROSE[2]]) expect(stored).to.include(kept);
    // On another outlet's page the same post is quoted, and stays.
    const elsewhere = extractArticle(html.replace('content="Example"', 'content="Other"'), {
      url: 'https://www.other.net/news/2017/05/launch',
    }).body_html;
    expect(cleanBody(elsewhere).text).to.include('A step closer to Mars');
  });
});
