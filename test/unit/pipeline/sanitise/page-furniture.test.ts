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
  ['share-related', 'This article originally appeared on CNET.'],
  ['share-related', 'If you like this story, share it with a friend!'],
  ['share-related', 'Like this story? Share it with a friend!'],
  ['share-related', 'Like Washington Post World on Facebook and stay updated on foreign news'],
  ['advertising', 'Anzeige:'],
  [
    'caption',
    '•Stock market turmoil – live coverage The price rose by 900% last year. Photograph: Jane Roe/Getty Images',
  ],
  ['caption', 'Michael Sheen and Sarah Silverman in 2016. (Photo: Jane Roe, WireImage)'],
  ['caption', 'GETTY Bitcoin has fallen to its lowest point since November'],
  ['caption', 'Chart on phone image via Shutterstock'],
  ['caption', 'Media playback is unsupported on your device Media caption Fireworks as barge explodes'],
  ['call-out', 'Email the author.'],
  ['call-out', 'Jane Roe can be reached at jane.roe@example.com.'],
  ['call-out', 'The leader in its field, Example News is an independent outlet. Contact us at news@example.com.'],
  ['copyright', 'Disclaimer: This article should not be taken as investment advice.'],
  ['date-byline', '2026-10-31'],
  ['date-byline', 'Dec. 29, 2017'],
  ['date-byline', 'Updated: 29 December 2017, 18:26'],
  ['date-byline', 'By Enrique Andres Pretel'],
  ['date-byline', 'By Jane Roe and John Doe'],
  ['date-byline', 'By Reuters'],
  ['media-control', 'more-in'],
  ['media-control', 'Photo'],
  ['media-control', 'Now Playing:'],
  ['media-control', 'SaveSaveSave'],
  ['media-control', 'CLOSE A group of former employees explain why they started the campaign. Video by Jane Roe'],
  [
    'media-control',
    'Photo: Jane Roe, AP Image 1 of / 8 Caption Close Image 1 of 8 The float makes its way along the route',
  ],
  ['media-control', 'Photos: Celebrity splits The couple split in 2005. Hide Caption 56 of 57'],
  ['media-control', 'Skip in Skip x Embed x Share CLOSE WHAT YOU NEED TO KNOW ABOUT THE LAUNCH | 2:30'],
  // News photos' captions by the wires' shape (the demo's bodies, 2026-12-06).
  [
    'caption',
    'FILE - In this Dec. 13, 2016, file photo, the logo for the bank appears above a trading post on the floor of the New York Stock Exchange. The bank said Friday, Dec. 29, 2017, that the charge was due to changes in repatriation taxes. (AP Photo/Jane Roe, File)',
  ],
  [
    'caption',
    'File - In this Thursday, Dec. 28, 2017 file photo, a teenager is brought to a courtroom inside a military prison near Jerusalem.',
  ],
  [
    'caption',
    'FILE PHOTO: Traders work on the floor of the New York Stock Exchange in New York, U.S., December 5, 2017.',
  ],
  [
    'caption',
    'This photo released by the Public Safety Ministry shows smoke rising from the site of a plane crash in Punta Islita, Costa Rica, Sunday, Dec. 31, 2017. (Public Safety Ministry via AP) ( /Associated Press)',
  ],
  [
    'caption',
    'This Dec. 28, 2017 photo made available by SpaceX shows a Falcon Heavy rocket in Cape Canaveral, Fla. With more than 5 million pounds of liftoff thrust it will lift super-size satellites.',
  ],
  [
    'caption',
    'An image taken from a August 14, 2016 video posted on social media shows a masked man and the kidnapped schoolgirls.',
  ],
  ['caption', 'Grab from a video obtained via CNN footage shows 15 of the schoolgirls abducted on April 14, 2016'],
  [
    'caption',
    'FILE - In this Dec. 31, 2016 file photo visitors stand in front of the stage at the Brandenburg Gate. (Jane Roe/dpa via AP, file) (Associated Press)',
  ],
  [
    'caption',
    "Police cordon off the area in preparation for New Year's Eve celebrations at the Brandenburg Gate in Berlin. (Jane Roe/EPA)",
  ],
  [
    'caption',
    'Sarah Silverman said she is “consciously uncoupled” from Michael Sheen. (Jane Roe/Jane Roe/Invision/AP)',
  ],
  [
    'caption',
    'Paul Simon, photographed in 2016, will embark on his farewell tour starting May 16 in Vancouver, B.C. (Jane Roe / Los Angeles Times)',
  ],
  ['caption', 'The trail of a flying object is seen from the Chinese border city of Dandong on Feb. 7. (Reuters)'],
  ['caption', 'Offshore firms created by the law firm ©Jane Roe (AFP/File)'],
  ['caption', 'The Mandalay Bay hotel in Las Vegas | Photo Credit: Reuters'],
  [
    'caption',
    'Some of the released girls are seen during a meeting in Abuja, Nigeria, October 13, 2016. [Photo/Agencies]',
  ],
  ['caption', 'A body lies on the ground on Friday in Nice after a truck ran into a crowd. Photo: Reuters'],
  ['caption', 'The singer had just spent the holiday with her cousin. Jane Roe/Getty Images'],
  ['caption', 'Jane Roe/The Verge'],
  [
    'caption',
    'The app was removed from the store after the company said it had found “inappropriate content” Jane Roe/Reuters',
  ],
  ['caption', 'A man follows a news programme about the missile launch, in Seoul on Friday.AFP'],
  ['caption', 'A sign on the campus is seen in San Diego, California, U.S. November 6, 2017. REUTERS/Jane Roe'],
  [
    'caption',
    'Getty - Contributor Hackers obtained partial credit card details, phone numbers and driving licence numbers',
  ],
  ['caption', 'AFP or licensors It is feared many victims will not be aware of the hack'],
  ['caption', "Reuters Equifax claimed that they 'had no knowledge that an intrusion'"],
  ['caption', 'EPA Despot Kim Jong-un threatened to "sink" Japan'],
  ['caption', 'Reuters'],
  ['wire-credit', '(Reporting by Jane Roe; Editing by John Doe)'],
  ['wire-credit', '(Additional reporting by Jane Roe in SEOUL. Editing by John Doe and Richard Roe)'],
  ['wire-credit', '(China Daily USA 07/15/2016 page1)'],
  [
    'wire-credit',
    'NPR transcripts are created on a rush deadline by a contractor. This text may not be in its final form and may be updated or revised in the future.',
  ],
  [
    'wire-credit',
    'The station is out of control originally appeared on BGR.com on Mon, 1 Jan 2018 at 10:05:01 EDT. Please see our terms for use of feeds.',
  ],
  [
    'share-related',
    "Related Stories 'WORST YET TO COME' Group leader mocks injury claims saying 'I'm in a happy state' BABY BOMBERS Who are they",
  ],
  [
    'share-related',
    "Related What Do the Grammys Have Against Women? Why the academy's so-called welcome mat isn't quite enough",
  ],
  ['share-related', 'Read more about the letter obtained by the NYT here.'],
  [
    'share-related',
    "MOST READ IN NEWS 'I'M MADDIE!' Student jokes she is the missing girl PRINCE MARRY! Prince Harry ENGAGED with royal wedding set for this spring BUM'S CRUSH Student wins 'best bum 2017'",
  ],
  ['share-related', 'More from The New York Times:'],
  ['share-related', 'Trending Right Now:'],
  [
    'newsletter',
    "The Morning After is a new daily newsletter from Engadget designed to help you fight off FOMO. Who knows what you'll miss if you don't Subscribe.",
  ],
  ['date-byline', 'By Agence France-Presse, Jane Roe, John Doe, Telegraph View, Richard Roe'],
  ['date-byline', 'Jane Roe, CTVNews.ca'],
  ['date-byline', 'Xinhua | Updated: 2017-09-15 17:52'],
  ['date-byline', 'Updated at 9:50 p.m. ET Thursday'],
  // Teasers, follow lines, flattened menus, aggregator cards and gallery cards (2026-12-06, late).
  ['share-related', 'Continue reading…'],
  ['call-out', 'Email Jane Roe at jroe@example.com or follow her @janeroe.'],
  [
    'link-list',
    'Categories Categories Select Category 2015 MAINS SELF STUDY GUIDE 2015 TEST SERIES 2016 INTEGRATED STRATEGY',
  ],
  ['link-list', 'Archives Archives Select Month January 2018 December 2017 November 2017 October 2017'],
  [
    'link-list',
    "Example News'Council agrees budget': How the Vote Was WonExample NewsThe council voted late. Jane Roe. 1 min ago. Budget ...Other PaperCouncil Budget RecapThe Daily -Evening Post -Example.comall 371 news articles »...",
  ],
  ['date-byline', '60 Published By - Google News - Entertainment - 2017.12.30. 18:26'],
  [
    'media-control',
    "Console update 5.50 changes: supersampling, custom wallpapers MAKER has detailed the changes coming in the console's update. 1 / 18",
  ],
  [
    'media-control',
    '22 AMAZING games for 2018 and beyond Take a look at 22 of the biggest new games coming in 2018 and beyond. 1 / 22 MAKER Spider-Man',
  ],
  [
    'call-out',
    'To reach the reporter behind this story, contact jroe@example.org. To reach the editor, contact jdoe@example.org',
  ],
  ['call-out', 'To reach the reporter behind this story, contact [email]. To reach the editor, contact [email]'],
  // Credits alone, by place before a caption, and after a caption's bar (2026-12-07, later).
  ['caption', 'Jane Roe/WireImage via Getty Images'],
  ['caption', 'John Doe/WireImage via Getty Images, FILE'],
  ['caption', 'Twitter/JaneRoe via Storyful'],
  [
    'caption',
    'Photos, Top: Jane Roe/Xinhua/Alamy; Bottom: John Doe/Xinhua/Getty Images Moon Shot: The Long March 5 rocket [bottom photo] will be used for a lunar sample-return mission.',
  ],
  ['caption', 'Waren gute Freunde: Jane Roe und John Doe. | © PGA of America via Getty Images'],
  ['caption', 'Logo des Beispielpreises von Bankmagazin und Versicherungsmagazin | © Springer'],
  // Gallery captions under counter and date, print captions closing on an agency, editors' initials.
  [
    'media-control',
    "6/34 25 November 2017 Jane Roe gives her leader's speech during the annual party conference Getty Images",
  ],
  ['caption', 'Police forces stand next to a truck on Thursday that ran into a crowd in Nice, France. Reuters'],
  ['caption', 'AP - AFP'],
  ['wire-credit', 'jm/dm (AFP, dpa)'],
  ['media-control', '16 show all Example: Between Hope and Fear'],
  ['media-control', "+ show all Example's most stunning pictures of space"],
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
  'Close to 200 people attended the hearing, which ran late into the evening.',
  'CLOSE friends of the singer said she had been planning the move for months.',
  'By the end of the year, the company expects to have hired 300 people.',
  'By Monday, the water had receded from most of the town.',
  'Next year the council will vote again on the plan.',
  'Photo finishes decided two of the races, the organisers said.',
  'The photo, taken on 29 December 2017, shows the ship off Yeosu.',
  'Readers can email the author of the report, the ministry said, but few have done so.',
  // Prose sharing words with the caption, credit, related and byline rules.
  'In this photo, taken by a neighbour, the car can be seen leaving the driveway before dawn.',
  'This photo of the Earth was taken by astronauts aboard Apollo 17 in 1972.',
  'An image from a security video shows the moment the bridge collapsed, police said.',
  'The file photo showed the ship off Yeosu, prosecutors said.',
  'Shares rose 4% in the session (to $10/share)',
  'The agencies worked together (and/or)',
  'The band played “Highway to Hell” AC/DC',
  'Related charges against two others were dropped on Monday.',
  'Read more about it in the report, the minister said.',
  'Readers of the newsletter were urged to subscribe.',
  'By June 2013, lawyers at the firm still had not learned of his role.',
  'The company was criticised by Reporters Without Borders (Paris).',
  'Reuters reported that the talks had stalled',
  'Reuters was unable to independently confirm the reports.',
  'EPA officials said on Monday that the rule would change.',
  'Most read the report before the vote, the speaker said.',
  'More from the same donors arrived in March.',
  // Prose sharing words with the teaser, follow, menu, aggregator and gallery rules.
  'Continue reading the report, the judge told the jury, before you decide.',
  'Email Jane Roe at the office or follow her to the meeting, the memo said.',
  'The Select Committee on Intelligence met on Tuesday.',
  'In all, 371 news articles were published on the topic that week.',
  'Published by Penguin in 2017, the book sold 2 million copies.',
  'The vote passed. 1 / 3 of members abstained, the clerk said.',
  // Prose sharing words with the contact line.
  'To reach the editor, contact the desk by phone, the memo said.',
  'To reach the reporters, contact lenses were not enough: she needed glasses.',
  // Prose sharing words with the credit rules.
  'Photos, top left, show the crater: a hole ten metres wide.',
  'Pictures of the left bank: the exhibition opens in May.',
  'Jane Roe/John Doe via the court, the lawyers said, would settle.',
  'The table lists prices | © marks a licensed product, the editor said.',
  '1/2 Today we transferred 21 of the girls and handed them to the authorities.',
  '6/34 of the members voted on 25 November 2017 for the plan.',
  'The figures were first reported by the AP',
  'He said he was leaving. AP reporters saw him go.',
  'and/or (AFP, dpa) are the sources',
  '16 shows, all of them sold out, were added in May.',
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

  it("drops a wire credit closing the body's last sentence, and keeps one that does not close it", () => {
    const closing = `${PROSE[0]}\n\n${PROSE[1]} (Writing by Jane Roe; Editing by John Doe and Richard Roe)`;
    expect(withoutFurniture(closing)).to.equal(`${PROSE[0]}\n\n${PROSE[1]}`);
    const inside = `${PROSE[1]} (Reporting by Jane Roe; Editing by John Doe)\n\n${PROSE[0]}`;
    expect(withoutFurniture(inside)).to.equal(inside);
  });

  it("drops a wire photo's caption opening a page's article, and keeps the story under it", () => {
    const prose = Array.from({ length: 4 }, (_, i) => `<p>${PROSE[1]} Paragraph ${i + 1} of the story goes on.</p>`);
    const caption =
      '<p>FILE - In this Dec. 13, 2016, file photo, the logo for the bank appears above a trading post on the floor of the New York Stock Exchange. The bank said Friday that two thirds of the charge are due to changes in repatriation taxes. (Jane Roe, File/Associated Press)</p>';
    const html = `<html><body><article>${caption}${prose.join('')}<p>Timberlake performs during the halftime show. (Jane Roe/Getty Images)</p></article></body></html>`;
    const article = extractArticle(html, { url: 'https://news.example.org/2026/12/06/story' });
    for (const body of [article.body_html ?? '', cleanBody(html).text]) {
      expect(body).to.include('Paragraph 4 of the story');
      expect(body).not.to.match(/FILE - In this|Associated Press|halftime show/);
    }
  });

  it('cuts promo sentences glued into prose paragraphs, and keeps prose that tells of signing up or following', () => {
    const cases: [string, string][] = [
      [
        'The Water Coolest is the preferred reading of finance professionals. Sign up for the free daily newsletter.',
        'The Water Coolest is the preferred reading of finance professionals.',
      ],
      [
        'Jane Roe\'s book, "Out There" (Example Press, 2018), is out now. Follow her on Twitter @janeroe. Follow us on Twitter @Example or Facebook.',
        'Jane Roe\'s book, "Out There" (Example Press, 2018), is out now.',
      ],
      [
        'Jane Roe is a columnist and a former correspondent. Follow her @JaneRoe . The opinions expressed are hers.',
        'Jane Roe is a columnist and a former correspondent. The opinions expressed are hers.',
      ],
      ['Get the latest updates right in your inbox. Subscribe to Example.com’s newsletters.', ''],
      ['Get the day’s top headlines delivered to your inbox every morning by subscribing to our newsletter.', ''],
      ['Email Jane Roe at jroe@example.com or follow her @janeroe. Follow us on Twitter @Example and on Facebook.', ''],
    ];
    for (const [paragraph, kept] of cases) {
      const text = `${PROSE[0]}\n\n${paragraph}\n\n${PROSE[1]}`;
      const expected = kept === '' ? `${PROSE[0]}\n\n${PROSE[1]}` : `${PROSE[0]}\n\n${kept}\n\n${PROSE[1]}`;
      expect(withoutFurniture(text), paragraph).to.equal(expected);
    }
    for (const prose of [
      'He asked readers to follow him on Twitter. Few did.',
      'Subscribers who sign up for the newsletter get a discount, the company said.',
      'Sign up for the Disney+ bundle using the same email as your Hulu account.',
      'The mayor said residents should follow us to the meeting. Follow the money, she added.',
      'Get the report into the hands of every member, she said.',
    ]) {
      expect(withoutFurniture(prose), prose).to.equal(prose);
    }
  });

  it('cuts an update label glued before the first sentence, and only there', () => {
    expect(withoutFurniture(`Updated | ${PROSE[0]}\n\n${PROSE[1]}`)).to.equal(`${PROSE[0]}\n\n${PROSE[1]}`);
    expect(withoutFurniture(`Published 10:05 AM ET | ${PROSE[0]}`)).to.equal(PROSE[0]);
    for (const prose of [
      `Updated figures show the deficit grew. ${PROSE[0]}`,
      `${PROSE[0]}\n\nUpdated | ${PROSE[1]}`,
      'Posted | returned to sender, the label read.',
    ]) {
      expect(withoutFurniture(prose), prose).to.equal(prose);
    }
  });

  it("cuts a book excerpt's reprint credit closing a paragraph, and keeps prose that tells of a reprint", () => {
    const credit =
      'Copyright © 2019 by Jane Roe. Reprinted by permission of Example Books, New York, NY. All rights reserved.';
    const cases: [string, string][] = [
      [`From the book The Great Plan by Jane Roe. ${credit}`, ''],
      [`Adapted from "The Great Plan" by Jane Roe. ${credit}`, ''],
      [`${PROSE[1]} ${credit}`, PROSE[1] as string],
      ['Reprinted with permission from Example Press. All rights reserved.', ''],
    ];
    for (const [paragraph, kept] of cases) {
      const text = `${PROSE[0]}\n\n${paragraph}`;
      expect(withoutFurniture(text), paragraph).to.equal(kept === '' ? PROSE[0] : `${PROSE[0]}\n\n${kept}`);
    }
    for (const prose of [
      'The letter was reprinted by permission of the family. All rights reserved, she joked, were hers.',
      'From the book fair in Frankfurt, the publisher said the essay was reprinted by permission of its author.',
      'The poem is used with permission of the estate. All rights reserved by the estate are listed below.',
    ]) {
      expect(withoutFurniture(`${PROSE[0]}\n\n${prose}`), prose).to.equal(`${PROSE[0]}\n\n${prose}`);
    }
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

  describe('by position', () => {
    const URL = 'https://news.example.org/2026/11/28/story';
    const STORY = Array.from(
      { length: 4 },
      (_, i) =>
        `The council met on Tuesday to discuss the budget, and part ${i + 1} of the story says what it decided.`,
    );
    const page = (paragraphs: string[], title = 'Council agrees budget after a long night of talks') =>
      `<html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;
    // Without the block classifier, so that each rule is what keeps or drops a line.
    const stored = (html: string) => cleanBody(extractArticle(html, { url: URL, blockModel: null }).body_html);

    it("drops a closing run of other stories' headlines, and the same lines as plain text", () => {
      const related = [
        'Mayor wants your help to name the new bridge over the river',
        'How well do you know the council?',
        'City plans to provide free internet in every public library',
        'Like Example News on Facebook and stay updated on local news',
      ];
      const text = stored(page([...STORY, ...related])).text;
      expect(text).to.include('part 4 of the story');
      expect(text).not.to.match(/Mayor wants|know the council|free internet|Facebook/);
      expect(withoutFurniture([...STORY, ...related].join('\n\n'))).to.equal(STORY.join('\n\n'));
    });

    it("drops one other story's headline closing the body after the article's last sentence", () => {
      for (const last of [
        'Scientists discover ‘the holy grail of dinosaurs’ in Africa',
        'Strangers caught on a flight could face felony charges, authorities say',
        "Hollywood star Jane Roe backs new push to help Scotland's poorest being ripped off when taking loans",
      ]) {
        const text = stored(page([...STORY, last])).text;
        expect(text, last).to.match(/part 4 of the story says what it decided\.$/);
        expect(withoutFurniture([...STORY, last].join('\n\n')), last).to.equal(STORY.join('\n\n'));
      }
    });

    it('keeps closing lines without a full stop that are no headline, and a closing verse of short lines', () => {
      for (const last of [
        'The vote is expected in March. The mayor did not say when',
        '"No-one wants to be known as the council that gave up," she said. µ',
        'You can’t solve a problem with the same thinking that created it (Albert Einstein)',
        'I wish you all a lovely Sunday with the family <3',
        'More about the plan on the council’s site at council.example.org',
        'The budget passes to the mayor for signing at https://council.example.org',
        'Additional reporting from agencies',
      ]) {
        expect(withoutFurniture([...STORY, last].join('\n\n')), last).to.include(last);
      }
      const verse = ['Blue moon!', "Now I'm no longer alone", 'Without a dream in my heart'];
      expect(withoutFurniture([...STORY, ...verse].join('\n\n'))).to.include('Without a dream in my heart');
      // A body of a few lines may close on a line of its own.
      const short = [STORY[0] as string, 'The vote on the final budget is expected at the next meeting in March'];
      expect(withoutFurniture(short.join('\n\n'))).to.equal(short.join('\n\n'));
    });

    it('drops a closing run of headlines with two-sentence headlines between them', () => {
      const related = [
        'Airline apologizes after passengers say flight left them ‘covered in bites’',
        'A man got a middle seat on a 13-hour flight. Passengers recorded his rage.',
        'A man in a red hat was kicked off a flight as a crowd chanted: ‘Out!’',
        'Strangers caught on a flight could face felony charges, authorities say',
      ];
      expect(withoutFurniture([...STORY, ...related].join('\n\n'))).to.equal(STORY.join('\n\n'));
      // A short sentence closing the body is the article's: the run must close on a headline.
      const own = [...STORY, related[0] as string, 'The airline said it would review its cleaning schedule.'];
      expect(withoutFurniture(own.join('\n\n'))).to.equal(own.join('\n\n'));
    });

    it('drops a closing run of headlines that closes on a short headline, and keeps short lines inside a fact box', () => {
      const related = [
        'Mayor reacts to rumor that he sold the bridge',
        'Raw: City introduces new electric bus',
        'Council budget vote fails',
      ];
      expect(withoutFurniture([...STORY, ...related].join('\n\n'))).to.equal(STORY.join('\n\n'));
      expect(stored(page([...STORY, ...related])).text).to.match(/part 4 of the story says what it decided\.$/);
      // A fact box: its short lines sit inside the run, not only at its close.
      const box = [
        'Targets Ministries of Finance, of Education and of Labour, the post office',
        'Damage Theft, publication and encryption of records',
        'Ransom $10 million',
        'Deadline of payment April 23',
      ];
      expect(withoutFurniture([...STORY, ...box].join('\n\n'))).to.equal([...STORY, ...box].join('\n\n'));
      // One full headline and a short line: no run.
      const one = [...STORY, related[0] as string, related[2] as string];
      expect(withoutFurniture(one.join('\n\n'))).to.include('Council budget vote fails');
    });

    it('drops a headline of two sentences above a lone closing headline, and keeps such lines of the article', () => {
      const twoSentences = 'NASA lost contact with a satellite 12 years ago. An amateur just found its signal.';
      const last = 'Scientists discover ‘the holy grail of dinosaurs’ in Africa';
      expect(withoutFurniture([...STORY, twoSentences, last].join('\n\n'))).to.equal(STORY.join('\n\n'));
      expect(stored(page([...STORY, twoSentences, last])).text).to.match(/part 4 of the story says what it decided\.$/);
      for (const own of [
        twoSentences, // no headline closes the body under it
        '“It was luck,” he said. “We found the signal by chance.”',
        'The vote is expected in March. It could be delayed. Nobody knows.',
        'He agreed. The vote is expected at the next meeting in March.',
      ]) {
        const body = own === twoSentences ? [...STORY, own] : [...STORY, own, last];
        const expected = own === twoSentences ? body : [...STORY, own];
        expect(withoutFurniture(body.join('\n\n')), own).to.equal(expected.join('\n\n'));
      }
    });

    it('drops the headlines under a teaser\'s "Continue reading" and under a short label', () => {
      const tail = [
        'Continue reading…',
        'Example Top Deals:',
        'Anyone who upgraded to a new phone should have this $13 accessory There’s a $48 camera with the best feature',
        'Trending Right Now:',
        'How to take advantage of the battery program right now Brand new renders show the same design',
      ];
      expect(stored(page([...STORY, ...tail])).text).to.match(/part 4 of the story says what it decided\.$/);
      expect(withoutFurniture([...STORY, ...tail].join('\n\n'))).to.equal(STORY.join('\n\n'));
    });

    it("keeps an embedded post and a schedule under a label, and the article's sentences under a label", () => {
      for (const tail of [
        [
          'She wrote:',
          'What a night for the council #budget pic.twitter.com/abc — Jane Roe (@janeroe) January 1, 2018',
        ],
        ['Tour dates:', 'June 9 -- Coral Sky Amphitheatre, West Palm Beach', 'June 10 -- Amphitheatre, Tampa'],
        ['What comes next:', 'The mayor signs the budget in March', 'The council meets again in April.'],
      ]) {
        const text = [...STORY, ...tail].join('\n\n');
        expect(withoutFurniture(text), tail[0]).to.equal(text);
      }
    });

    it("retains no page of a site's menus, nor a news aggregator's card", () => {
      const menus = [
        'FREE TEST SERIES',
        'Subscribe to Updates',
        'PRELIMS TEST SERIES – 2018 (CSAT + GS Total 47 Tests)',
        `Categories Categories Select Category ${'MAINS SELF STUDY GUIDE TEST SERIES '.repeat(20)}`,
        `Archives Archives Select Month ${'January 2018 December 2017 '.repeat(20)}`,
      ];
      expect(stored(page(menus)).retained).to.equal(false);
      const card = [
        '60 Published By - Google News - Entertainment - 2017.12.30. 18:26',
        `Example News'Council agrees budget': How the Vote Was WonExample NewsThe council voted late on Tuesday after a long night of talks about the budget. Jane Roe. 1 min ago. Share This Article; Reddit · LinkedIn; Email; Print. Budget ...Other PaperCouncil Budget RecapThe Daily -Evening Post -Example.comall 371 news articles »...`,
      ];
      expect(stored(page(card)).retained).to.equal(false);
    });

    it("keeps the article's own closing list, and drops a closing list of links to other stories", () => {
      const items = [
        'Tuples save a bit of memory when replacing lists',
        'Generators save memory only for large tuples, but are faster to iterate',
        'Slotted classes save a lot of memory in every case we measured',
      ];
      const list = (linked: boolean) =>
        `<ul>${items.map((t) => `<li>${linked ? `<a href="/other">${t}</a>` : t}</li>`).join('')}</ul>`;
      const html = (linked: boolean) => page(STORY).replace('</article>', `${list(linked)}</article>`);
      expect(stored(html(false)).text).to.include(items[2]);
      expect(cleanBody(list(false) + STORY.map((p) => `<p>${p}</p>`).join('')).text).to.include(items[2]);
      expect(stored(html(true)).text).not.to.include(items[2]);
    });

    it('drops a gallery read as text: its captions counted 1/N to N/N, its title above its show-all control', () => {
      const gallery = [
        'UK news in pictures',
        '3 show all UK news in pictures',
        '1/3 30 November 2017 A supporter wears a mask as he protests in front of the court in London AP',
        '2/3 2002 Jane Roe stands against a wall, waiting to be seen at a clinic. (Kabul, March 1, 2002) John Doe',
        '3/3 Earth from the station An engineer took this photograph of the coast from orbit',
      ];
      const [a, b, c, d] = STORY as [string, string, string, string];
      for (const body of [
        stored(page([a, b, ...gallery, c, d])).text,
        withoutFurniture([a, b, ...gallery, c, d].join('\n\n')),
      ]) {
        expect(body).to.equal([a, b, c, d].join('\n\n'));
      }
      for (const kept of [
        // A thread of two posts, an incomplete count (a recipe's amounts), posts with their attribution, a title not repeated.
        ['1/2 Today we transferred 21 of the girls to the authorities.', '2/2 They are now with their families.'],
        ['1/3 cup sugar', '2/3 cup flour', '1 egg'],
        [
          '1/3 The vote is today. — Jane Roe (@janeroe) May 1, 2018',
          '2/3 Polls close at eight. — Jane Roe (@janeroe) May 1, 2018',
          '3/3 Results by midnight. — Jane Roe (@janeroe) May 1, 2018',
        ],
        ['Budget in pictures: what the council funds'],
      ]) {
        const text = [a, b, ...kept, c, d].join('\n\n');
        expect(withoutFurniture(text), kept[0]).to.equal(text);
      }
    });

    it('drops a wire tail under a separator line', () => {
      const text = stored(page([...STORY, '___', 'Online:', 'Example Council: http://council.example.org/'])).text;
      expect(text).to.match(/part 4 of the story says what it decided\.$/);
    });

    it("drops the page's header read as the first paragraph: a section label, the headline, the standfirst", () => {
      const title = 'Council agrees budget after a long night of talks';
      const header = `Politics ${title} Members voted 12 to 3 after the mayor's late concession`;
      const text = stored(page([header, ...STORY], title)).text;
      expect(text).not.to.include('Members voted');
      expect(text.startsWith(STORY[0] as string)).to.equal(true);
    });

    it('keeps a first paragraph that only shares its opening words with a short headline', () => {
      const lead = 'Budget agreed: the council met on Tuesday and voted for the plan after a long night of talks.';
      expect(stored(page([lead, ...STORY], 'Budget agreed')).text).to.include(lead);
    });

    it('retains no body made only of headlines, and says it is boilerplate', () => {
      const headlines = [
        'Peace talks suspended following new attacks in the north',
        'Leaders open to meet under the right conditions, officials say',
        'Military admits role in killing 10 people found in grave',
        'Separatists agree on a coalition led by the ousted leader',
        'Minister urges union to break its silence on future ties',
        'Hopes fading for 100 migrants missing in shipwreck off coast',
        'Champion wins again as the veteran’s Olympic dream appears over',
        'Man rams military transporter into store and tries to steal wine',
      ];
      const result = stored(page(headlines));
      expect(result.retained).to.equal(false);
      expect(result.reason).to.equal('boilerplate');
    });
  });
});
