import { expect } from 'chai';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { furnitureKind, isScriptLike, withoutFurniture } from '@trendscope/pipeline/sanitise/page-furniture';

const FURNITURE: [string, string][] = [
  ['advertising', 'Advertisement Continue reading the main story'],
  ['advertising', 'Advertisement - Continue Reading Below'],
  ['advertising', 'Anzeige'],
  [
    'newsletter',
    "Newsletter Sign Up Continue reading the main story Please verify you're not a robot by clicking the box. Invalid email address. Please re-enter.",
  ],
  ['newsletter', 'Sign up for BREAKING NEWS Emails privacy policy Thanks for subscribing!'],
  ['newsletter', 'Newsletter abonnieren und nichts verpassen'],
  ['newsletter', 'Suscríbete a nuestro boletín'],
  ['caption', 'Enlarge this image toggle caption Alastair Grant/AP Alastair Grant/AP'],
  ['caption', 'Image copyright Getty Images Image caption The tram derailed near an underpass'],
  ['caption', 'Facebook Twitter Pinterest Justin Timberlake performs during half-time. Photograph: Matt York/AP'],
  ['highlights', 'Story highlights Four hours into flight, plane returned to LAX after "administrative mix-up"'],
  [
    'copyright',
    'Copyright 2017 The Associated Press. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.',
  ],
  ['copyright', '© 2024 Beispiel Verlag GmbH. Alle Rechte vorbehalten.'],
  ['copyright', 'Copyright © 2018 NPR. All rights reserved. Visit our website terms of use.'],
  [
    'call-out',
    'We pay for your stories! Do you have a story for The Sun Online news team? Email us at tips@the-sun.co.uk.',
  ],
  ['share-related', 'Read or Share this story: https://usat.ly/2Cc6gQo'],
  [
    'share-related',
    'Read the original article on INSIDER. Follow INSIDER on Facebook. Copyright 2018. Follow INSIDER on Twitter.',
  ],
  ['share-related', 'Follow USA TODAY reporter Mike Snider on Twitter: @MikeSnider.'],
  [
    'share-related',
    'Craving even more? Like us on Facebook or Follow us on Twitter. Have a suggestion? Send us a note.',
  ],
  ['call-out', 'We pay for videos too. Click here to upload yours.'],
  ['newsletter', 'Could not subscribe, try again later Invalid Email'],
  ['newsletter', 'Get daily updates directly to your inbox + Subscribe Thank you for subscribing!'],
  ['share-related', 'READ MORE: Two large meteors caught on camera in northwestern Russia (VIDEO)'],
  ['share-related', 'China: the new space superpower Read more'],
  ['share-related', 'Lesen Sie auch: Der Haushalt steht'],
  ['share-related', 'Lire aussi : la réforme des retraites'],
  ['share-related', 'Czytaj także: Sejm przyjął ustawę'],
];

const PROSE = [
  'Shown in the advertisement are women, men and a person who uses the pronoun they.',
  'Facebook announced last week that it would no longer allow advertisements for virtual currency projects.',
  '"It is coming from like the 50th floor! It is coming out a window." said a witness.',
  'The company said the decline was related to weaker demand, and read more into the figures than analysts did.',
  'Sign up for the Disney+ bundle using the same email as your Hulu account.',
  'Highlights of the match included two goals in the final ten minutes, the coach said.',
  'Follow the money, the senator said on Twitter, and you will find who paid for the campaign.',
  'Readers who follow the team on Twitter saw the announcement an hour before the press release.',
  'The document (released on Monday) shows that var and let are words in the report, she said; nothing more.',
];

describe('page furniture', () => {
  for (const [kind, line] of FURNITURE) {
    it(`reads "${line.slice(0, 50)}" as ${kind}`, () => {
      expect(furnitureKind(line)).to.equal(kind);
    });
  }

  it('keeps prose that mentions the same words', () => {
    for (const line of PROSE) {
      expect(furnitureKind(line), line).to.equal(null);
      expect(isScriptLike(line), line).to.equal(false);
    }
  });

  it('reads script and style source as script text', () => {
    expect(
      isScriptLike(
        "window._taboola = window._taboola || []; _taboola.push({ mode: 'thumbnails-c', container: 'taboola-below' });",
      ),
    ).to.equal(true);
    expect(isScriptLike('var googletag = googletag || {}; googletag.cmd = googletag.cmd || [];')).to.equal(true);
    expect(isScriptLike('.ad-slot { display: none; } #header { color: red; }')).to.equal(true);
  });

  it('drops furniture lines and keeps the prose around them', () => {
    const text = `${PROSE[0]}\n\nAdvertisement Continue reading the main story\n\n${PROSE[1]}`;
    expect(withoutFurniture(text)).to.equal(`${PROSE[0]}\n\n${PROSE[1]}`);
  });

  it('leaves furniture out of stored bodies, from a page and from plain text alike', () => {
    const prose = Array.from({ length: 4 }, (_, i) => `<p>${PROSE[1]} Paragraph ${i + 1} of the story goes on.</p>`);
    const html = `<html><body><article>${prose[0]}<p>Advertisement Continue reading the main story</p>${prose[1]}<p>Enlarge this image toggle caption Jane Roe/AP Jane Roe/AP</p>${prose[2]}<p>window._taboola = window._taboola || []; _taboola.push({ mode: 'thumbnails-c' });</p>${prose[3]}<p>Copyright 2017 The Associated Press. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.</p></article></body></html>`;
    const article = extractArticle(html, { url: 'https://news.example.org/2026/11/27/story' });
    for (const body of [article.body_html ?? '', cleanBody(html).text]) {
      expect(body).to.include('Paragraph 4 of the story');
      expect(body).not.to.match(/Advertisement|toggle caption|_taboola|Associated Press/);
    }
  });
});
