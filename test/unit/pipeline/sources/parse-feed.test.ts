import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { FeedParseError, parseFeed, type ParsedFeed } from '@trendscope/pipeline/sources/parse-feed';
import { corpusPath } from '../../../support/corpus';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function load(file: string, url = `https://feeds.example.org/${file}`, contentType?: string): ParsedFeed {
  return parseFeed(readFileSync(corpusPath('real-feeds', file)), { url, contentType });
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

describe('parseFeed quirks named in real-feeds/PROVENANCE.md', () => {
  it('synthesises 32-character ids for macworld.rss, which has no guid', () => {
    const feed = load('rsparser/macworld.rss');
    for (const entry of feed.entries) expect(entry.id).to.match(/^[0-9a-f]{32}$/);
    expect(feed.entries[0]?.author).to.equal('Christopher Null');
  });

  it('reads the date inside CDATA with trailing space in livemint.xml', () => {
    expect(load('rsparser/livemint.xml').entries[0]?.published).to.equal('2019-05-29T10:16:00Z');
  });

  it('does not take the <image> title inside aktuality.rss items as the item title', () => {
    const feed = load('rsparser/aktuality.rss');
    expect(feed.entries[0]?.title).to.equal('Analytici Goldman Sachs zvýšili odhad rastu ekonomiky USA');
    const raw = readFileSync(corpusPath('real-feeds', 'rsparser/aktuality.rss'), 'utf8');
    expect(raw.match(/<image>/g)?.length ?? 0).to.be.greaterThan(1);
    // Titles are the item's own, trimmed of the CDATA padding, and none went missing.
    for (const entry of feed.entries) expect(entry.title).to.match(/^\S.*\S$/);
    expect(new Set(feed.entries.map((e) => e.title)).size).to.equal(30);
  });

  it('takes the author name from Atom author elements inside RSS items (cloudblog.rss)', () => {
    const entry = load('rsparser/cloudblog.rss').entries[0];
    expect(entry?.author).to.equal('Diane Chaleff');
    expect(entry?.published).to.equal('2019-09-03T18:00:00Z');
  });

  it('sniffs DaringFireball.rss as Atom by content, not by its extension', () => {
    expect(load('rsparser/DaringFireball.rss').format).to.equal('atom');
  });

  it('gives the same items for DaringFireball.atom and DaringFireball.json', () => {
    const atom = load('rsparser/DaringFireball.atom').entries;
    const json = load('rsparser/DaringFireball.json').entries;
    expect(atom.map((e) => e.title)).to.deep.equal(json.map((e) => e.title));
    expect(atom.map((e) => e.published)).to.deep.equal(json.map((e) => e.published));
  });

  it('accepts the http:// JSON Feed version URL of pxlnv.json and JSON Feed 1.1 of 3960.json', () => {
    expect(load('rsparser/pxlnv.json').format).to.equal('json-feed');
    const german = load('rsparser/3960.json');
    expect(german.entries[0]?.title).to.equal('Lecker, lecker');
    expect(german.entries[0]?.published).to.equal('2020-02-21T17:08:06Z');
  });

  it('reads RSS-in-JSON (ScriptingNews.json) as RSS, not as a JSON Feed', () => {
    const feed = load('rsparser/ScriptingNews.json');
    expect(feed.format).to.equal('rss');
    expect(feed.link).to.equal('http://scripting.com/');
    expect(feed.entries[0]).to.include({
      id: 'http://scripting.com/2017/06/26.html#a080605',
      url: 'http://scripting.com/2017/06/26.html#a080605',
      published: '2017-06-26T12:20:05Z',
      title: null,
    });
  });

  it('keeps items without <title> in scriptingNews.rss with a null title', () => {
    const feed = load('rsparser/scriptingNews.rss');
    expect(feed.entries.filter((e) => e.title === null).length).to.be.greaterThan(10);
    expect(feed.entries.every((e) => e.summary_html !== null || e.title !== null)).to.be.true;
  });

  it('keeps guid values that claim to be permalinks but are not URLs, and the real link (monkeydom.rss)', () => {
    const entry = load('rsparser/monkeydom.rss').entries[0];
    expect(entry?.id).to.equal('cocoa-dom:tcmportmapper');
    expect(entry?.url).to.equal('https://github.com/monkeydom/TCMPortMapper');
  });

  it('reads donthitsave.xml despite its UTF-8 byte order mark', () => {
    const bytes = readFileSync(corpusPath('real-feeds', 'rsparser/donthitsave.xml'));
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    expect(load('rsparser/donthitsave.xml').entries[0]?.title).to.equal('Skipping Around');
  });

  it('reads date-only dc:date values of bio.rdf as midnight UTC', () => {
    expect(load('rsparser/bio.rdf').entries[0]?.published).to.equal('2019-08-27T00:00:00Z');
  });

  it('decodes GB2312 (kc0011.rss) and reads its 2020/1/10 14:33:00 dates', () => {
    const entry = load('rsparser/kc0011.rss').entries[0];
    expect(entry?.title).to.equal('建国35周年纪念，华表，和平鸽');
    expect(entry?.author).to.equal('大鱼儿');
    expect(entry?.published).to.equal('2020-01-10T14:33:00Z');
  });

  it('does not take the <textInput> title of rubenerd.rss as the feed title, and mixes date styles', () => {
    const feed = load('rsparser/rubenerd.rss');
    expect(feed.title).to.equal('Rubenerd');
    expect(feed.entries.every((e) => e.published !== null)).to.be.true;
  });

  it('decodes ISO-8859-1 (encoding.rss) and windows-1251 (iconv.xml)', () => {
    expect(load('rss-parser/encoding.rss').entries[0]?.title).to.equal(
      'Mãe de utente é a nova presidente da Raríssimas',
    );
    expect(load('node-feedparser/iconv.xml').entries[0]?.title).to.equal(
      'В Бузулуке главные стройплощадки – детсад и Ледовый дворец',
    );
  });

  it('reads undeclared ISO-8859-1 bytes and Portuguese day/month names (uolNoticias.rss)', () => {
    const entry = load('rss-parser/uolNoticias.rss').entries[0];
    expect(entry?.title).to.equal('Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno');
    expect(entry?.published).to.equal('2018-09-24T22:42:40Z');
  });

  it('takes the Content-Type charset when the document declares none', () => {
    const latin1 = Buffer.from('<rss version="2.0"><channel><title>Notícias</title></channel></rss>', 'latin1');
    const feed = parseFeed(latin1, {
      url: 'https://example.com/f',
      contentType: 'application/rss+xml; charset=ISO-8859-1',
    });
    expect(feed.title).to.equal('Notícias');
  });

  it('leaves items without dates undated (heraldsun.rss, RSS 0.92)', () => {
    const feed = load('rss-parser/heraldsun.rss');
    expect(feed.entries.map((e) => e.published)).to.deep.equal([null, null]);
    expect(feed.entries[0]?.url).to.equal('http://www.oreilly.com/example/001.html');
  });

  it('keeps an Atom entry that has only an <id> (missing-fields.atom)', () => {
    expect(load('rss-parser/missing-fields.atom').entries[0]).to.deep.equal({
      id: 'tag:github.com,2008:Repository/11167738/v3.9.0',
      url: null,
      title: null,
      summary_html: null,
      content_html: null,
      author: null,
      published: null,
      categories: [],
    });
  });

  it('decodes &gt; in the channel title and reads categories (category-feed.xml)', () => {
    const feed = load('node-feedparser/category-feed.xml');
    expect(feed.title).to.equal('NYT > Home Page');
    expect(feed.entries[0]?.categories).to.include('Water Pollution');
  });

  it('reads EST dates as UTC-5 (wapowellness.xml)', () => {
    const raw = readFileSync(corpusPath('real-feeds', 'node-feedparser/wapowellness.xml'), 'utf8');
    expect(raw).to.match(/EST<\/pubDate>/);
    for (const entry of load('node-feedparser/wapowellness.xml').entries) expect(entry.published).to.match(ISO_UTC);
  });

  it('gunzips invalid-characters-gzipped.xml and drops the characters XML forbids', () => {
    const bytes = readFileSync(corpusPath('real-feeds', 'node-feedparser/invalid-characters-gzipped.xml'));
    expect([bytes[0], bytes[1]]).to.deep.equal([0x1f, 0x8b]);
    const feed = load('node-feedparser/invalid-characters-gzipped.xml');
    expect(feed.entries[0]?.title).to.equal('NSOperation');
  });

  it('resolves relative item links against the feed URL (rss-with-relative-urls.xml)', () => {
    const feed = load(
      'node-feedparser/rss-with-relative-urls.xml',
      'http://www.arcgames.com/en/games/neverwinter/news/rss',
    );
    expect(feed.entries.map((e) => e.url)).to.deep.equal([
      'http://www.arcgames.com/en/games/neverwinter/news/detail/10743874-neverwinter-%26-jingle-jam-humble-bundle%21',
      'http://www.arcgames.com/en/games/neverwinter/news/detail/10738994-2x-underdark-currency-%26-15%25-off-bags%21',
    ]);
    expect(feed.entries[0]?.published).to.equal('2017-12-07T18:00:29Z');
  });

  it('resolves URLs inside item HTML through nested xml:base (href, src, srcset, poster)', () => {
    const html = load('node-feedparser/rss-with-relative-html-urls.xml').entries[0]?.summary_html ?? '';
    expect(html).to.include('href="https://example.com/posts/post-1"');
    expect(html).to.include('href="https://example.com/posts/post-1#comments"');
    expect(html).to.include('src="https://example.com/images/post-1.png"');
    expect(html).to.include('https://example.com/posts/small.png 480w, https://example.com/large.png 2x');
    expect(html).to.include('poster="https://example.com/posts/poster.png"');
  });

  it('resolves Atom links against the document URL (intertwingly.atom)', () => {
    const feed = load('node-feedparser/intertwingly.atom', 'http://intertwingly.net/blog/index.atom');
    expect(feed.link).to.equal('http://intertwingly.net/blog/');
    expect(feed.entries[0]?.url).to.equal('http://intertwingly.net/blog/2012/07/16/Inhibiting-Suspend');
    // Its inline SVG is not carried into the stored HTML.
    expect(feed.entries.some((e) => /<svg/i.test(e.content_html ?? ''))).to.be.false;
  });

  it('keeps all three items of saxerror.xml, including the one with a raw ampersand', () => {
    expect(load('node-feedparser/saxerror.xml').entries.map((e) => e.url)).to.deep.equal([
      'http://example.com/good',
      'http://example.com/bad?foo=1&bar=2',
      'http://example.com/after',
    ]);
  });

  it('makes repeated guids unique instead of letting one entry overwrite another', () => {
    const xml = `<rss version="2.0"><channel><title>t</title>
      <item><title>One</title><guid>same</guid></item><item><title>Two</title><guid>same</guid></item>
    </channel></rss>`;
    const ids = parseFeed(Buffer.from(xml), { url: 'https://example.com/f' }).entries.map((e) => e.id);
    expect(ids[0]).to.equal('same');
    expect(ids[1]).to.match(/^same#[0-9a-f]{32}$/);
  });

  it('reads the RSS 2.0 sample with an item without title (rss2sample.xml)', () => {
    const feed = load('node-feedparser/rss2sample.xml');
    expect(feed.entries.filter((e) => e.title === null)).to.have.length(1);
    expect(feed.entries[0]?.published).to.equal('2003-06-03T09:39:21Z');
  });
});

describe('parseFeed errors and envelopes', () => {
  it('throws FeedParseError for an HTML page (notafeed.html)', () => {
    expect(() => load('node-feedparser/notafeed.html')).to.throw(FeedParseError, /HTML page/);
  });

  for (const [label, body] of [
    ['an empty body', ''],
    ['plain text', 'hello world'],
    ['JSON that is no feed', '{"hello": "world"}'],
    ['broken JSON', '{"version": '],
    ['an unknown XML document', '<?xml version="1.0"?><kml><Document/></kml>'],
  ] as const) {
    it(`throws FeedParseError for ${label}`, () => {
      expect(() => parseFeed(Buffer.from(body), { url: 'https://example.com/' })).to.throw(
        FeedParseError,
        /not a feed/,
      );
    });
  }

  it('throws FeedParseError for truncated gzip data', () => {
    const gz = gzipSync(Buffer.from('<rss><channel><title>x</title></channel></rss>')).subarray(0, 12);
    expect(() => parseFeed(gz, { url: 'https://example.com/' })).to.throw(FeedParseError, /gzip/);
  });

  it('gunzips a gzip body whatever its name or Content-Type', () => {
    const gz = gzipSync(readFileSync(corpusPath('real-feeds', 'node-feedparser/rss2sample.xml')));
    expect(parseFeed(gz, { url: 'https://example.com/feed', contentType: 'text/plain' }).entries).to.have.length(4);
  });
});
