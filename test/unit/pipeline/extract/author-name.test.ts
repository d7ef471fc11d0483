import { expect } from 'chai';
import { validAuthorName, validAuthorNames } from '@trendscope/pipeline/extract/author-name';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';

const NAMES = [
  'Jane Doe',
  'Edward C. Baig',
  'K.K. Rebecca Lai',
  'Tess De La Mare',
  'Will Smith',
  'Reuters',
  'Reuters Editorial',
  'The Associated Press',
  'Agence France-Presse',
  'José María García Jr.',
  'Jean-Luc Dupont',
  '王小明',
];
const JUNK = [
  'Min Read',
  'Published A.M. Et Feb.',
  'Published P.M. Et Nov.',
  'Case Relates To Aluminium Imports',
  'What Is The Only Da Vinci Painting On The Open Market Worth',
  'A Russian Billionaire Believes He Was Swindled When He Bought It For',
  'Alex Horton Is A General Assignment Reporter',
  'Former Army Infantryman.',
  'About The Author',
  'Getty Images',
  'Image',
  'Opinion',
  'Feb',
  'Writer',
  'Special Correspondent',
  'More Stories Neil Callanan',
  '12 March 2024',
  'Name (erforderlich)',
  'Name *',
  'No Author',
  'Alle Artikel',
  'und Interview: Harald Willenbrock',
  'Last Updated',
  'Digital Technology',
];

describe('author names', () => {
  it('keeps names of people and organisations', () => {
    for (const name of NAMES) expect(validAuthorName(name), name).to.equal(name);
  });

  it('refuses sidebar headlines, reading times, dates, credits, roles and sentences', () => {
    for (const junk of JUNK) expect(validAuthorName(junk), junk).to.equal(null);
  });

  it('cuts an affiliation or a job title after the name', () => {
    expect(validAuthorName('Stewart Paterson For Mailonline')).to.equal('Stewart Paterson');
    expect(validAuthorName('Alex Raskin Sports News Editor')).to.equal('Alex Raskin');
  });

  it('keeps a user name with digits, and cuts a degree after the name', () => {
    expect(validAuthorName('freeman1984')).to.equal('freeman1984');
    expect(validAuthorName('Grant Tinsley, PhD')).to.equal('Grant Tinsley');
    expect(validAuthorName("'Luana Patriolino'")).to.equal('Luana Patriolino');
  });

  it('keeps the valid names of a comma-separated candidate', () => {
    expect(validAuthorNames('Reuters Editorial, Min Read')).to.equal('Reuters Editorial');
    expect(validAuthorNames('Mike Snider, Published A.M. Et Feb.')).to.equal('Mike Snider');
    expect(validAuthorNames('Case Relates To Aluminium Imports, What Is The Only Da Vinci Painting')).to.equal(null);
    expect(validAuthorNames('Sean Keach, Digital Technology')).to.equal('Sean Keach');
    expect(validAuthorNames('Chris Pereira, Last Updated')).to.equal('Chris Pereira');
  });

  it('leaves out an institution listed among people (a credit), but keeps one that stands alone', () => {
    expect(
      validAuthorNames('Sebastian Kettley, Zhu Congpeng, China Aerospace Science, Technology Corporation'),
    ).to.equal('Sebastian Kettley, Zhu Congpeng');
    expect(validAuthorNames('Reuters, Jane Roe')).to.equal('Reuters, Jane Roe');
    expect(validAuthorNames('Xinhua News Agency')).to.equal('Xinhua News Agency');
    expect(validAuthorNames('Jet Propulsion Laboratory, Space Science Institute')).to.equal(
      'Jet Propulsion Laboratory, Space Science Institute',
    );
  });

  it('answers no author rather than a junk one, and the byline after junk candidates', () => {
    const page = (authors: string[]) =>
      `<html><head>${authors.map((a) => `<meta name="author" content="${a}">`).join('')}</head><body><article><p>${'The council approved the plan on Monday, after months of talks. '.repeat(6)}</p></article></body></html>`;
    const url = 'https://news.example.org/2026/11/27/story';
    expect(extractArticle(page(['Case Relates To Aluminium Imports', 'Min Read']), { url }).author).to.equal(null);
    expect(extractArticle(page(['Published A.M. Et Feb.', 'Mike Snider']), { url }).author).to.equal('Mike Snider');
  });

  it('takes the part of a name that another candidate gives alone (site name beside the author)', () => {
    const html = `<html><head><meta name="author" content="unocero - Alberto Ávila"></head><body><article><p class="author">Alberto Ávila</p><p>${'The council approved the plan on Monday, after months of talks. '.repeat(6)}</p></article></body></html>`;
    expect(extractArticle(html, { url: 'https://news.example.org/a' }).author).to.equal('Alberto Ávila');
  });
});
