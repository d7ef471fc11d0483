import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parseFeed, type ParsedFeed } from '@trendscope/pipeline/sources/parse-feed';
import { corpusPath } from '@trendscope/pipeline/lab/corpus/corpus-path';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function load(file: string): ParsedFeed {
  return parseFeed(readFileSync(corpusPath('real-feeds', file)), { url: `https://feeds.example.org/${file}` });
}

/** Expected format and entry count of every file (counts checked against the raw files). */
const EXPECTED: Record<string, { format: ParsedFeed['format']; entries: number; title: string | null }> = {
  'rsparser/3960.json': { format: 'json-feed', entries: 20, title: 'fboës - Der Blog | Startseite' },
  'rsparser/DaringFireball.atom': { format: 'atom', entries: 48, title: 'Daring Fireball' },
  'rsparser/DaringFireball.json': { format: 'json-feed', entries: 48, title: 'Daring Fireball' },
  'rsparser/DaringFireball.rss': { format: 'atom', entries: 47, title: 'Daring Fireball' },
  'rsparser/EMarley.rss': { format: 'rss', entries: 10, title: 'Stories by Liz Marley on Medium' },
  'rsparser/ScriptingNews.json': { format: 'rss', entries: 50, title: 'Scripting News' },
  'rsparser/aktuality.rss': { format: 'rss', entries: 30, title: 'Aktuality.sk - aktuálne spravodajstvo' },
  'rsparser/allthis.json': { format: 'json-feed', entries: 12, title: 'And now it’s all this' },
  'rsparser/bio.rdf': { format: 'rdf', entries: 30, title: 'bioRxiv Subject Collection: Plant Biology' },
  'rsparser/cloudblog.rss': { format: 'rss', entries: 20, title: 'Cloud Blog' },
  'rsparser/donthitsave.xml': { format: 'rss', entries: 10, title: "Don't Hit Save" },
  'rsparser/inessential.json': { format: 'json-feed', entries: 20, title: 'inessential.com' },
  'rsparser/kc0011.rss': { format: 'rss', entries: 20, title: '投资资讯网交易在线--流通纪念币最新20篇论坛主题-全文' },
  'rsparser/livemint.xml': { format: 'rss', entries: 25, title: 'Livemint - News' },
  'rsparser/macworld.rss': { format: 'rss', entries: 30, title: 'Macworld' },
  'rsparser/monkeydom.rss': { format: 'rss', entries: 13, title: 'cocoa-dom' },
  'rsparser/pxlnv.json': { format: 'json-feed', entries: 20, title: 'Pixel Envy' },
  'rsparser/rubenerd.rss': { format: 'rss', entries: 10, title: 'Rubenerd' },
  'rsparser/scriptingNews.rss': { format: 'rss', entries: 50, title: 'Scripting News' },
  'rsparser/theomnishow.rss': { format: 'rss', entries: 4, title: 'The Omni Show' },
  'rss-parser/content-encoded.rss': { format: 'rss', entries: 7, title: 'Food in Invironment on Medium' },
  'rss-parser/craigslist.rss': {
    format: 'rdf',
    entries: 25,
    title: 'craigslist SF bay area | apts/housing for rent search',
  },
  'rss-parser/encoding.rss': { format: 'rss', entries: 40, title: 'Jornal de Notícias - Últimas Notícias' },
  'rss-parser/feedburner.atom': { format: 'atom', entries: 25, title: 'Google Ads Developer Blog' },
  'rss-parser/guardian.rss': { format: 'rss', entries: 55, title: 'The Guardian' },
  'rss-parser/heise.atom': { format: 'atom', entries: 15, title: 'heise developer neueste Meldungen' },
  'rss-parser/heraldsun.rss': { format: 'rss', entries: 2, title: 'RSS0.92 Example' },
  'rss-parser/incomplete-fields.atom': { format: 'atom', entries: 0, title: null },
  'rss-parser/missing-fields.atom': { format: 'atom', entries: 1, title: null },
  'rss-parser/reddit.rss': { format: 'rss', entries: 24, title: 'reddit: the front page of the internet' },
  'rss-parser/rss-1.rss': { format: 'rdf', entries: 69, title: 'Science twis' },
  'rss-parser/uolNoticias.rss': { format: 'rss', entries: 15, title: 'UOL Noticias' },
  'node-feedparser/category-feed.xml': { format: 'rss', entries: 1, title: 'NYT > Home Page' },
  'node-feedparser/guid-dupes.xml': { format: 'rss', entries: 1, title: "Braingle's Newest Brain Teasers and Riddles" },
  'node-feedparser/iconv.xml': { format: 'rss', entries: 10, title: 'Новости Оренбурга и области / Раздел Новости' },
  'node-feedparser/illegally-nested.xml': {
    format: 'rss',
    entries: 10,
    title: 'PCMag.com: the Official John C. Dvorak RSS Feed',
  },
  'node-feedparser/intertwingly.atom': { format: 'atom', entries: 20, title: 'Sam Ruby' },
  'node-feedparser/invalid-characters-gzipped.xml': { format: 'rss', entries: 25, title: 'NSHipster' },
  'node-feedparser/mediacontent-dupes.xml': { format: 'rss', entries: 1, title: 'Home | Mail Online' },
  'node-feedparser/relative-channel-image-url.xml': {
    format: 'rss',
    entries: 1,
    title: 'Oracle VM VirtualBox: Ticket #10860: Full resolution not exposed to Linux guest',
  },
  'node-feedparser/rss-with-relative-html-urls.xml': { format: 'rss', entries: 1, title: 'Relative HTML URLs' },
  'node-feedparser/rss-with-relative-urls.xml': { format: 'rss', entries: 2, title: 'Neverwinter' },
  'node-feedparser/rss2sample.xml': { format: 'rss', entries: 4, title: 'Liftoff News' },
  'node-feedparser/saxerror.xml': { format: 'rss', entries: 3, title: 'SAXError Test Feed' },
  'node-feedparser/tpm.atom': { format: 'atom', entries: 20, title: 'All TPM News' },
  'node-feedparser/wapowellness.xml': {
    format: 'rss',
    entries: 29,
    title: 'Wellness: Health, Fitness, Nutrition & More - The Washington Post',
  },
};

describe('parseFeed over every file of shared/corpus/real-feeds', () => {
  const files = ['rsparser', 'rss-parser', 'node-feedparser'].flatMap((dir) =>
    readdirSync(corpusPath('real-feeds', dir)).map((f) => `${dir}/${f}`),
  );

  it('has an expectation for every feed file of the corpus', () => {
    const feeds = files.filter((f) => !f.endsWith('notafeed.html'));
    expect(feeds.sort()).to.deep.equal(Object.keys(EXPECTED).sort());
  });

  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`parses ${file} as ${expected.format} with ${expected.entries} entries`, () => {
      const feed = load(file);
      expect(feed.format).to.equal(expected.format);
      expect(feed.title).to.equal(expected.title);
      expect(feed.entries).to.have.length(expected.entries);
      const ids = feed.entries.map((e) => e.id);
      expect(new Set(ids).size, 'ids are unique').to.equal(ids.length);
      for (const entry of feed.entries) {
        if (entry.url !== null) expect(entry.url).to.match(/^https?:\/\//);
        if (entry.published !== null) expect(entry.published).to.match(ISO_UTC);
        for (const field of [entry.title, entry.author, entry.summary_html, entry.content_html]) {
          expect(field ?? '').not.to.match(/<script|<iframe|javascript:\S|<[^>]*\son\w+\s*=/i);
        }
      }
    });
  }
});
