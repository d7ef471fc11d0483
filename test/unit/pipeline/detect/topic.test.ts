import { expect } from 'chai';
import { keyPhrases } from '@trendscope/pipeline/detect/key-phrases';
import { phraseInHeadlines } from '@trendscope/pipeline/detect/noun-phrase';
import {
  abridges,
  balanced,
  beforeCut,
  chooseTopic,
  cleanHeadline,
  endsCut,
  hasDateOrTime,
  isFurniture,
  isReadableTopic,
  namesNoEvent,
  saysWhatHappened,
  uncutPart,
  consensusFigure,
  isReviewHeadline,
  namesOnlyAThing,
  endsDangling,
  isBareTitle,
  wordingsHolding,
  withoutSectionLabel,
  isTalkPiece,
  labelledTitle,
  reviewsLastUnlessMost,
  isShouting,
  shoutingLast,
} from '@trendscope/pipeline/detect/topic';
import { moneyFigures } from '@trendscope/pipeline/detect/money-amounts';

const flatIdf = (): number => 1;

describe('chooseTopic', () => {
  it('uses a multi-word key phrase shared by the titles', () => {
    const titles = [
      'Ebola outbreak in Guinea spreads to capital',
      'Doctors race to contain Ebola outbreak',
      'What the Ebola outbreak means for West Africa',
    ];
    expect(chooseTopic(keyPhrases(titles, flatIdf), ['fallback headline'])).to.equal('Ebola outbreak');
  });

  it('gives a central headline, not a bare name of capitalised words only (a company, a title, a person)', () => {
    // Real demo topics a reader objected to: an analyst upgrade served as "JC Penney", a bare
    // "Panama Papers", a name the tagger does not know as a person's ("Rooney Mara").
    const penney = [
      "Citi upgrades JC Penney, says it's a comeback story",
      'JC Penney gains as Citigroup analyst upgrades chain to buy',
      'Why Citigroup Thinks JC Penney Is a Buy Now',
    ];
    expect(chooseTopic(keyPhrases(penney, flatIdf), penney)).to.equal(penney[0]);
    for (const name of [
      'Goldman Sachs',
      'Urban Outfitters',
      'Candy Crush',
      'Rooney Mara',
      'Hawaiian Airlines Flight',
    ]) {
      const phrases = [{ key: name.toLowerCase(), display: name, score: 3 }];
      expect(chooseTopic(phrases, [`${name} in the news today again`]), name).to.equal(
        `${name} in the news today again`,
      );
    }
  });

  it('takes no phrase that stops inside a longer name or a title-case piece of a headline', () => {
    // Real demo topics: "Fund Point72 Asset", "Justin Timberlake's Super", "Infinity War Super".
    const point72 = [
      'Steve Cohen renames fund Point72 Asset Management',
      'SAC Capital to rename as Point72 Asset Management, memo says',
      'Cohen Changes SAC Name to Point72 in Family Office Shift',
    ];
    const fund = [{ key: 'fund point72 asset', display: 'fund Point72 Asset', score: 3 }];
    expect(chooseTopic(fund, point72)).to.equal(point72[0]);
    const timberlake = [
      "Justin Timberlake's Super Bowl halftime show",
      "Justin Timberlake's Super Bowl performance: a forgettable but flashy medley of hits",
      'This is how Justin Timberlake lost the Super Bowl',
    ];
    expect(chooseTopic(keyPhrases(timberlake, flatIdf), timberlake)).to.equal(timberlake[0]);
    const avengers = ['Avengers: Infinity War Super Bowl trailer', "New Trailer: 'Avengers: Infinity War'"];
    const infinity = [{ key: 'infin war super', display: 'Infinity War Super', score: 3 }];
    expect(chooseTopic(infinity, avengers)).to.equal(avengers[0]);
  });

  it('falls back to the central headline when no phrase has two words', () => {
    const phrases = [
      { key: 'drug', display: 'drug', score: 3 },
      { key: 'compani', display: 'company', score: 2 },
    ];
    const headline = 'Drug company agrees to give dying boy experimental drug';
    expect(chooseTopic(phrases, [headline])).to.equal(headline);
  });

  it('skips an amount and takes the next readable phrase', () => {
    const phrases = [
      { key: '121 billion', display: '121 billion', score: 3 },
      { key: 'tax hike', display: 'tax hike', score: 2 },
    ];
    expect(chooseTopic(phrases, ['x'])).to.equal('Tax hike');
  });

  it('never ends a phrase on a stray quote', () => {
    const titles = ["Police arrest a 'Nigerian prince'", "The 'Nigerian prince' arrest", "'Nigerian prince' arrest"];
    expect(chooseTopic(keyPhrases(titles, flatIdf), ['x'])).to.equal('Nigerian prince arrest');
  });

  it('takes the noun phrase a key phrase stands for in its headline, never a verb at either end', () => {
    const phrases = [{ key: 'enabl pixel visual', display: 'Enables Pixel Visual', score: 3 }];
    const headline = 'Google enables Pixel Visual Core chip for third-party apps';
    expect(phraseInHeadlines('Enables Pixel Visual', [headline])?.nounPhrase).to.equal('Pixel Visual Core chip');
    // A chip is a thing, not an event: the headline says what happened to it.
    expect(chooseTopic(phrases, [headline])).to.equal(headline);
    const launch = [{ key: 'enabl pixel visual core launch', display: 'Enables Pixel Visual Core launch', score: 3 }];
    expect(
      chooseTopic(launch, [
        'Google enables Pixel Visual Core launch for apps',
        'Google enables Pixel Visual Core launch in Android 8.1',
      ]),
    ).to.equal('Pixel Visual Core launch');
  });

  it("gives the central headline, not a person's bare name, for a lone surname on top", () => {
    const phrases = [{ key: 'lohan', display: 'Lohan', score: 3 }];
    expect(chooseTopic(phrases, ['Lindsay Lohan shows off her wedding dress'])).to.equal(
      'Lindsay Lohan shows off her wedding dress',
    );
  });

  it('gives a phrase of what happened, not the name every headline holds, to a story about one person', () => {
    // UCI March 2014: two reports of Neil Young's player (its launch at SXSW, its Kickstarter
    // campaign) joined into one trend; each headline names him, each phrase of the story only some.
    const pono = [
      "Neil Young's Pono music player launches at SXSW",
      'Neil Young Announces Launch of PonoMusic, Kickstarter Campaign',
      'Hear Neil Young Explain His Pono Music Player At SXSW',
      "Neil Young's Pono music player raises $2 million on Kickstarter",
      'Neil Young Addresses SXSW and Launches Pono',
      "Kickstarter campaign for Neil Young's PonoMusic system starts strongly",
      'Neil Young Builds a Boom Box for 21st Century',
      'Can Neil Young and Pono Music Unseat Apple iPod and iTunes?',
    ];
    const topic = chooseTopic(keyPhrases(pono, flatIdf), pono);
    expect(topic).to.not.equal('Neil Young');
    expect(topic).to.equal("Neil Young's Pono music player launches at SXSW");
    // "Swift" the tagger reads as an adjective: the name is still a bare name.
    const swift = [
      "Taylor Swift tops Billboard's money-makers list",
      'Taylor Swift named highest-paid singer',
      "Taylor Swift, Kenny Chesney Top Billboard's Money-Maker List",
      "Taylor Swift Tops Music's Rich List",
      'Taylor Swift is the top earner in music',
    ];
    expect(chooseTopic(keyPhrases(swift, flatIdf), swift)).to.equal("Taylor Swift tops Billboard's money-makers list");
  });

  it('gives the headline, not a piece of it, when one wording alone holds the phrase', () => {
    // The in-process demo: two outlets' copies of one AP headline; "McDonnell bid" says little.
    const copies = [
      'Prosecutors oppose McDonnell bid for more details',
      'Prosecutors oppose McDonnell bid for more details',
    ];
    expect(chooseTopic(keyPhrases(copies, flatIdf), copies)).to.equal(copies[0]);
    expect(wordingsHolding('McDonnell bid', copies)).to.deep.equal([copies[0]]);
    // The headline that holds the phrase, not the central one: a live blog and two copies of the
    // report the phrase is from.
    const alibaba = [
      'Business news and markets: live',
      'Alibaba reveals plan for US stock market listing',
      'Alibaba reveals plan for US stock market listing',
    ];
    const listing = [{ key: 'stock market list', display: 'Stock market listing', score: 3 }];
    expect(chooseTopic(listing, alibaba)).to.equal(alibaba[1]);
    // One report alone holding it: the phrase stays (a lone report may be another story's).
    expect(chooseTopic(listing, alibaba.slice(0, 2))).to.equal('Stock market listing');
    // Wordings that share the phrase keep it.
    const three = [
      'Ebola outbreak in Guinea spreads to capital',
      'Doctors race to contain Ebola outbreak',
      'What the Ebola outbreak means for West Africa',
    ];
    expect(wordingsHolding('Ebola outbreak', three)).to.have.length(3);
    expect(chooseTopic(keyPhrases(three, flatIdf), three)).to.equal('Ebola outbreak');
  });

  it('skips a phrase that is a clause in its headline', () => {
    const phrases = [
      { key: 'korea launch rocket', display: 'Korea launches rocket', score: 3 },
      { key: 'satellit launch', display: 'satellite launch', score: 2 },
    ];
    const headlines = ['North Korea launches rocket', 'Satellite launch sparks fears', 'Satellite launch condemned'];
    expect(chooseTopic(phrases, headlines)).to.equal('Satellite launch');
  });

  it('takes no phrase whose head names no event: a thing, a group or a title is no topic', () => {
    // Topics a real make demo served (UCI March 2014), each with headlines of its trend.
    const cases: [string, string[]][] = [
      [
        'Crush maker',
        ['Candy Crush maker King files for IPO to raise $532.8mn', 'Candy Crush maker sees $7.6bn IPO valuation'],
      ],
      [
        'Board nominees',
        [
          'EBay rejects Icahn board nominees, asks investors to do same',
          'EBay asks shareholders to vote against Icahn board nominees',
        ],
      ],
      [
        'Game of Thrones',
        ["'Game Of Thrones': New Season 4 Trailer Debuts", 'New Game Of Thrones Trailer: Daenerys Has Massive Dragons'],
      ],
      [
        'Urban Outfitters (URBN)',
        [
          'Urban Outfitters PT Lowered to $40.00 (URBN)',
          'Urban Outfitters Price Target Cut to $38.00 by Analysts at UBS AG (URBN)',
        ],
      ],
      ['Bull market', ['Bull market turns five: what next for stocks', 'Five years on, the bull market shows its age']],
    ];
    for (const [phrase, headlines] of cases) {
      const phrases = [{ key: phrase.toLowerCase(), display: phrase, score: 3 }];
      expect(chooseTopic(phrases, headlines), phrase).to.equal(cleanHeadline(headlines[0]!));
    }
    expect(saysWhatHappened('Ebola outbreak')).to.equal(true);
    expect(saysWhatHappened('Costa Rica plane crash')).to.equal(true);
    expect(saysWhatHappened('Icahn board nominees')).to.equal(false);
  });

  it('gives the headline an outlet abridged from, not the abridgement ("China industrial output growth at low")', () => {
    // Headlines of the trend in the in-process make demo (UCI March 1-15 2014), central first.
    const headlines = [
      'China industrial output growth at low',
      "China's value-added industrial output up 8.6% in Jan-Feb",
      "China's industrial output growth at five-year low",
      'China Jan-Feb factory output up 8.6 pct y/y, a five-year low',
    ];
    expect(chooseTopic([], headlines)).to.equal("China's industrial output growth at five-year low");
    expect(abridges('China industrial output growth at low', headlines[2]!)).to.equal(true);
    // A shorter headline that ends early, or opens otherwise, abridges nothing: it is a headline of its own.
    expect(abridges('Asia shares find steadier footing', 'Asia shares find steadier footing, China worries')).to.equal(
      false,
    );
    expect(abridges('Gas prices up', 'AAA: Gas prices up another four cents this week')).to.equal(false);
    // Words left out further in leave a headline that reads whole (UCI March 16-31 2014 rows 40-50k).
    expect(
      abridges('Wal-Mart sues Visa over card swipe fees', 'Wal-Mart sues Visa over credit card swipe fees'),
    ).to.equal(false);
    expect(abridges('Oil prices hit high', 'Oil prices hit six-month high')).to.equal(true);
    expect(abridges('Stocks fall', 'Stocks fall as investors worry about China growth data')).to.equal(false);
  });

  it('gives the headline that completes a phrase another stops inside ("listed as threatened" + "species")', () => {
    // UCI March 16-31 2014 rows 40-50k: most headlines holding the shorter go on with "species".
    const headlines = [
      'Lesser prairie chicken listed as threatened',
      'Feds grant "threatened" status compromise for lesser prairie chickens',
      'Lesser prairie chicken listed as threatened species, 5 states affected',
    ];
    expect(chooseTopic([], headlines)).to.equal(
      'Lesser prairie chicken listed as threatened species, 5 states affected',
    );
  });

  it('cuts a headline cut off by its outlet back to its last comma when it has no clause mark', () => {
    const cut = 'US consumer spending rose modest 0.3 percent in February, reflecting impacts ...';
    expect(chooseTopic([], [cut, cut])).to.equal('US consumer spending rose modest 0.3 percent in February');
    expect(beforeCut('Stocks rise, and ...')).to.equal(undefined);
  });

  it('takes no key phrase cut from a headline\'s subject ("Work trains", "Crush maker")', () => {
    const cases: [string, string[]][] = [
      [
        'Work trains',
        [
          'NYC subway work trains collide in tunnel, 1 worker injured',
          'NYC Subway Work Trains Collide in Tunnel, 1 Worker Injured',
        ],
      ],
      [
        'Crush maker',
        ['"Candy Crush" maker sees up to $7.6 billion IPO valuation', 'Candy Crush maker King files for IPO'],
      ],
    ];
    for (const [phrase, headlines] of cases) {
      const phrases = [{ key: phrase.toLowerCase(), display: phrase, score: 3 }];
      expect(chooseTopic(phrases, headlines), phrase).to.equal(cleanHeadline(headlines[0]!));
    }
  });

  it('takes no page furniture for a headline ("(click the phrases to see a list)")', () => {
    const phrases = [{ key: 'click the phrase', display: 'Click the phrases', score: 3 }];
    const headlines = ['(click the phrases to see a list)', 'Tanker carrying Libyan rebel oil escapes to sea'];
    expect(chooseTopic(phrases, headlines)).to.equal('Tanker carrying Libyan rebel oil escapes to sea');
    // Only furniture: the phrase is all there is (a headline would be the furniture itself).
    expect(chooseTopic(phrases, [headlines[0]!, headlines[0]!])).to.equal('Click the phrases');
    expect(isFurniture('Click here for the full list')).to.equal(true);
    expect(isFurniture('Watch the Game of Thrones season 4 trailer')).to.equal(false);
  });

  it('takes no roundup column edition title for the topic while a member headline reports', () => {
    const headlines = [
      'Monday Evening Business Brief',
      'Business in Brief',
      'How the Dow Jones industrial average did Monday',
      'Asian shares start week with drop',
    ];
    expect(chooseTopic([], headlines)).to.equal('How the Dow Jones industrial average did Monday');
    expect(namesNoEvent('10 Things You Need To Know Before The Opening Bell')).to.equal(true);
    expect(namesNoEvent('Business briefs: Sprint chief wants to take over T-Mobile')).to.equal(false);
    // Only editions: a title is all there is.
    expect(chooseTopic([], headlines.slice(0, 2))).to.equal('Monday Evening Business Brief');
  });

  it('takes the date out of a headline used as the topic', () => {
    expect(chooseTopic([], ['Health Matters 03/12/14'])).to.equal('Health Matters');
  });

  it('prefers a headline with no date to one that reads cut where its date was taken out', () => {
    const headlines = [
      'Twitter #Music Pulled From App Store, Shutting Down April 18',
      'Twitter Music pulled from App Store today, will be shut down',
    ];
    expect(chooseTopic([], headlines)).to.equal('Twitter Music pulled from App Store today, will be shut down');
    expect(chooseTopic([], [headlines[0]!])).to.equal('Twitter #Music Pulled From App Store, Shutting Down');
  });

  it('takes a headline carrying the money figure most members carry, or none', () => {
    // UCI March 2014: one of many reports of King's IPO valuation says $9.6 billion, the rest $7.6 billion.
    const headlines = [
      "'Candy Crush' maker sees up to $9.6 billion IPO valuation",
      'Candy Crush maker sees $7.6bn IPO valuation',
      'Candy Crush maker eyes $7.6 billion IPO',
      'Candy Crush maker valued at $7.6 billion?',
      'King, maker of Candy Crush, files for IPO',
    ];
    expect(chooseTopic([], headlines)).to.equal('Candy Crush maker sees $7.6bn IPO valuation');
    // No figure most carry (a tie): the central headline stays.
    expect(chooseTopic([], headlines.slice(0, 2))).to.equal(
      "'Candy Crush' maker sees up to $9.6 billion IPO valuation",
    );
    expect(moneyFigures('sees up to US$7.6bil, $7.6 Billion, $7.6B, $7.6-billion, £500m')).to.deep.equal([
      'usd7600000000',
      'gbp500000000',
    ]);
    expect(consensusFigure(headlines)).to.equal('usd7600000000');
  });

  it('reads review-labelled headlines last when most of the trend is no review', () => {
    // UCI March 1-15 2014: a few reviews near the centre of a film's release (216 reports on the demo).
    const headlines = [
      'Film Review: Veronica Mars',
      "'Veronica Mars' review: Fan-made, otherwise forgotten",
      "'Veronica Mars' Finds New Life on the Big Screen",
      "With help from thousands on Kickstarter, 'Veronica Mars' reborn",
      "Kristen Bell Rocks Dress With High Slit At 'Veronica Mars' Premiere",
    ];
    expect(chooseTopic([], headlines)).to.equal("'Veronica Mars' Finds New Life on the Big Screen");
    // A trend of reviews keeps the label: it says what the reports are.
    const reviews = [
      "'Draft Day' review: Costner scores",
      "Review: 'Draft Day' is a winner",
      "Kevin Costner talks 'Draft Day'",
    ];
    expect(chooseTopic([], reviews)).to.equal(reviews[0]);
    expect(isReviewHeadline('Veronica Mars, review: more TV pilot than big-screen reunion')).to.equal(true);
    expect(isReviewHeadline("'Oculus' review")).to.equal(true);
    expect(isReviewHeadline('Noah Movie Review [WATCH VIDEO]')).to.equal(true);
    // A review label after a title or column name with a colon of its own (UCI headlines).
    expect(isReviewHeadline('Disney In Depth: Movie Review: Muppets Most Wanted')).to.equal(true);
    expect(isReviewHeadline('Captain America: The Winter Soldier Review: Cap Grows Up')).to.equal(true);
    expect(isReviewHeadline("Jay Leno Reviews New 'Tonight Show' with Host Jimmy Fallon")).to.equal(false);
    expect(isReviewHeadline('Fed to review bank capital rules')).to.equal(false);
  });

  it('takes a headline that says what happened before one that only names a thing', () => {
    // UCI March 2014: three outlets titled a page "Colon Cancer Awareness".
    expect(
      chooseTopic(
        [],
        ['Colon Cancer Awareness', 'American Cancer Society Urges Increased Colon Cancer Screening to Save Lives'],
      ),
    ).to.equal('American Cancer Society Urges Increased Colon Cancer Screening to Save Lives');
    expect(namesOnlyAThing('Colon Cancer Awareness')).to.equal(true);
    expect(namesOnlyAThing('Apple Removes Telegram')).to.equal(false);
    expect(namesOnlyAThing('Costa Rica Plane Crash')).to.equal(false);
    expect(chooseTopic([], ['Colon Cancer Awareness'])).to.equal('Colon Cancer Awareness');
    // A column's title gathering other reports: no headline of its own thing says more.
    expect(chooseTopic([], ['Business Highlights', 'Pa. Maple Festival antique auto show judging'])).to.equal(
      'Business Highlights',
    );
  });

  it('falls back when there is no phrase at all', () => {
    expect(chooseTopic([], ['Only headline'])).to.equal('Only headline');
  });
});

describe('topic rules', () => {
  it('drops an opening urgency or wire tag from a headline, not a first word that is its own', () => {
    expect(cleanHeadline('BREAKING: Company is Giving 7-Year-Old Boy Lifesaving Drug')).to.equal(
      'Company is Giving 7-Year-Old Boy Lifesaving Drug',
    );
    expect(cleanHeadline('UPDATE 2-FDA bans imports from Sun Pharma plant in India crackdown')).to.equal(
      'FDA bans imports from Sun Pharma plant in India crackdown',
    );
    expect(cleanHeadline('WRAPUP 3-China premier warns on economic slowdown')).to.equal(
      'China premier warns on economic slowdown',
    );
    expect(cleanHeadline('Update on the search for the missing jet')).to.equal(
      'Update on the search for the missing jet',
    );
    expect(cleanHeadline('FDA-approved headband prevents migraines')).to.equal(
      'FDA-approved headband prevents migraines',
    );
  });

  it('drops a "<Place> Report:" or "<Schedule> Report:" column label, not a report\'s source or a bare "Report:"', () => {
    // UCI April 1-15 2014 (the demo's "London Report: ..." topic).
    expect(cleanHeadline('London Report: Carney to face questions over Bank oversight')).to.equal(
      'Carney to face questions over Bank oversight',
    );
    expect(withoutSectionLabel('Daily Report: Yen Tumbled as S&P 500 Hits Record High')).to.equal(
      'Yen Tumbled as S&P 500 Hits Record High',
    );
    expect(withoutSectionLabel("Friday Report: 'Rio 2' Narrowly Defeats 'Captain America'")).to.equal(
      "'Rio 2' Narrowly Defeats 'Captain America'",
    );
    // A place the tagger knows though the country gazetteer does not (no country or capital).
    expect(withoutSectionLabel('New York Report: Falls in bank shares drag Wall St lower')).to.equal(
      'Falls in bank shares drag Wall St lower',
    );
    expect(withoutSectionLabel('Hong Kong Report: Shares rise on China hopes')).to.equal('Shares rise on China hopes');
    for (const kept of [
      'IPCC Report: Climate change to hit food supplies',
      'Pew Report: Total Value of Station Acquisitions Hits 7-Year High',
      'Congressional Report: Regulate E-Cigs',
      'White House Report: Climate change already hitting US',
      'Box Office Report: Captain America still on top',
      'Report: Toyota to Reach $1 Billion Settlement with Justice Dept.',
      'Study: Most Americans getting enough sleep',
      'Film Review: Veronica Mars is a solid cinematic turn',
      // A capital's name opening a person's name is no place ("Paris" in the gazetteer).
      'Paris Hilton Report: Heiress launches new fragrance',
    ])
      expect(withoutSectionLabel(kept)).to.equal(kept);
  });

  it('drops a closing label in brackets whose medium words are joined by punctuation', () => {
    // UCI headlines: "[Clip + Pictures]" (the demo's 'Chef' trend), "(+video)" 11, "(w/video)" 8, "(VIDEO/PHOTOS)".
    expect(withoutSectionLabel("Jon Favreau's 'Chef' gets a new trailer [Clip + Pictures]")).to.equal(
      "Jon Favreau's 'Chef' gets a new trailer",
    );
    expect(withoutSectionLabel('Storm hits the coast (+video)')).to.equal('Storm hits the coast');
    expect(withoutSectionLabel('Storm hits the coast (w/video)')).to.equal('Storm hits the coast');
    expect(withoutSectionLabel('Storm hits the coast (VIDEO/PHOTOS)')).to.equal('Storm hits the coast');
    expect(withoutSectionLabel('Zynga shares fall [Zynga Inc]')).to.equal('Zynga shares fall [Zynga Inc]');
  });

  it('drops an opening desk, section or medium label, not a label that says what kind of report it is', () => {
    // UCI April 1-15 2014 (the demo's "Premarket: ..." topic).
    expect(cleanHeadline('Premarket: World shares capped by China data, Ukraine worries')).to.equal(
      'World shares capped by China data, Ukraine worries',
    );
    expect(withoutSectionLabel('Stock Update: General Motors recall probe team')).to.equal(
      'General Motors recall probe team',
    );
    expect(withoutSectionLabel('MARKET SNAPSHOT: US Stocks End Week With Losses')).to.equal(
      'US Stocks End Week With Losses',
    );
    expect(withoutSectionLabel('Forex - Euro holds gains after weak euro zone inflation data')).to.equal(
      'Euro holds gains after weak euro zone inflation data',
    );
    expect(withoutSectionLabel('VIDEO: First Look - Shailene Woodley in New DIVERGENT Preview Clips')).to.equal(
      'Shailene Woodley in New DIVERGENT Preview Clips',
    );
    expect(withoutSectionLabel("UPDATE 2-McDonald's US sales continue to struggle")).to.equal(
      "McDonald's US sales continue to struggle",
    );
    // A label of what kind of report it is, a subject before a colon, and a label with nothing after it stay.
    expect(withoutSectionLabel('Study: Coffee drinkers live longer')).to.equal('Study: Coffee drinkers live longer');
    expect(withoutSectionLabel('Heartbleed: Banks check their servers')).to.equal(
      'Heartbleed: Banks check their servers',
    );
    expect(withoutSectionLabel('Sector Update: Financials')).to.equal('Sector Update: Financials');
    expect(withoutSectionLabel('Stock market rallies - Reuters')).to.equal('Stock market rallies - Reuters');
    // A news agency's desk slug, and a label closing the headline.
    expect(withoutSectionLabel('GLOBAL MARKETS-World stocks, copper, oil dip after weak China export data')).to.equal(
      'World stocks, copper, oil dip after weak China export data',
    );
    expect(withoutSectionLabel('TIAA-CREF buys stake in office tower')).to.equal(
      'TIAA-CREF buys stake in office tower',
    );
    expect(withoutSectionLabel("ECB's Noyer not Happy With Euro Strength -- Update")).to.equal(
      "ECB's Noyer not Happy With Euro Strength",
    );
    expect(withoutSectionLabel('Coldplay’s “Magic” Video: Watch')).to.equal('Coldplay’s “Magic” Video');
    expect(withoutSectionLabel('Zac Efron Confirms a Reunion May Happen! (VIDEO)')).to.equal(
      'Zac Efron Confirms a Reunion May Happen!',
    );
    // UCI March 16-31 2014 (a label of two words in brackets).
    expect(withoutSectionLabel('Noah Movie Review [WATCH VIDEO]')).to.equal('Noah Movie Review');
    expect(withoutSectionLabel('JC Penney Gains as Citigroup Analyst Upgrades Chain to Buy (1)')).to.equal(
      'JC Penney Gains as Citigroup Analyst Upgrades Chain to Buy',
    );
  });

  it('tells a text cut off with an ellipsis', () => {
    expect(endsCut('She’s Not The Only ...')).to.equal(true);
    expect(endsCut('Keibler weds…”')).to.equal(true);
    expect(endsCut('Stacy Keibler marries Jared Pobre')).to.equal(false);
    expect(endsCut('What... a night for Keibler')).to.equal(false);
  });

  it('reads 2-8 words, no bare amount, no date, balanced quotes', () => {
    expect(isReadableTopic('Panama Papers')).to.be.true;
    expect(isReadableTopic('iPhone 6 release')).to.be.true;
    expect(isReadableTopic('Panama')).to.be.false;
    expect(isReadableTopic('one two three four five six seven eight nine')).to.be.false;
    expect(isReadableTopic('121 billion')).to.be.false;
    expect(isReadableTopic('$5 million')).to.be.false;
    expect(isReadableTopic('Health Matters 03/12/14')).to.be.false;
    expect(isReadableTopic("Nigerian prince'")).to.be.false;
    expect(isReadableTopic('Captain America (sequel')).to.be.false;
    expect(isReadableTopic('Broadcom raises')).to.be.false;
    expect(isReadableTopic('Employers posted')).to.be.false;
    expect(isReadableTopic('Panama Papers')).to.be.true;
  });

  it('finds dates and times', () => {
    expect(hasDateOrTime('March 11, 2014, 2:02 am')).to.be.true;
    expect(hasDateOrTime('News at Nine, 31 March')).to.be.true;
    expect(hasDateOrTime('2014-03-12 results')).to.be.true;
    expect(hasDateOrTime('March Madness brackets')).to.be.false;
    expect(hasDateOrTime('Boeing 787 battery')).to.be.false;
  });

  it('tells quotes from apostrophes', () => {
    expect(balanced("Obama's 'red line' speech")).to.be.true;
    expect(balanced('Parents’ group don’t agree')).to.be.true;
    expect(balanced("'red line speech")).to.be.false;
    expect(balanced('"Noah" premiere')).to.be.true;
    expect(balanced('"Noah premiere')).to.be.false;
    expect(balanced('Noah (film')).to.be.false;
    // A closing quote followed by punctuation still closes (real demo headlines).
    expect(balanced("'Ban bossy'? Suck it up, girls")).to.be.true;
    expect(balanced("'Cosmos': Watch President Barack Obama's video introduction")).to.be.true;
  });

  it('cleans a headline: publisher suffix, dates, unpaired quotes', () => {
    expect(cleanHeadline('GM recalls 1.5 million cars - Reuters')).to.equal('GM recalls 1.5 million cars');
    expect(cleanHeadline('Stocks to watch, March 12')).to.equal('Stocks to watch');
    expect(cleanHeadline('"Noah tops box office')).to.equal('Noah tops box office');
  });
});

describe('chooseTopic on cut-off phrases of real headlines', () => {
  const topicOf = (titles: string[]): string => chooseTopic(keyPhrases(titles, flatIdf), titles);
  /** The noun phrase the best key phrase completes to (a title's whole name), before chooseTopic's choice. */
  const phraseOf = (titles: string[]): string | undefined =>
    phraseInHeadlines(keyPhrases(titles, flatIdf)[0]!.display, titles)?.nounPhrase;

  it('keeps the number that ends a title ("Star Wars Episode 7", not "Star Wars Episode")', () => {
    const titles = [
      "'Star Wars Episode 7' Cast: 5 Actors Have Met With J.J. Abrams",
      "'Star Wars Episode 7' filming to begin in May",
      "'Star Wars Episode 7' adds Max von Sydow",
    ];
    expect(phraseOf(titles)).to.equal('Star Wars Episode 7');
    // A bare title says what, not what happened: the central headline is the topic.
    expect(topicOf(titles)).to.equal(titles[0]);
  });

  it('names a season by a headline, not a cut title ("Thrones Season") nor a bare one', () => {
    const titles = [
      'Watch the Game of Thrones season 4 trailer',
      "'Game of Thrones' Season 4 premiere",
      'Game of Thrones season 4 premiere date',
    ];
    // A season is no event: the central headline says what happened.
    expect(topicOf(titles)).to.equal(titles[0]);
  });

  it('keeps an ampersand inside a title ("Fast & Furious", not "Fast Furious")', () => {
    const titles = [
      "'Fast & Furious 7' Release Date, Cast & News Updates",
      "'Fast & Furious 7' to resume shooting",
      "Universal sets 'Fast & Furious 7' for April",
    ];
    expect(phraseOf(titles)).to.match(/^Fast & Furious/);
    expect(topicOf(titles)).to.equal(titles[0]);
  });

  it("gives a person's whole name inside a phrase, not a first name and surname cut from a longer one", () => {
    const headline = 'Cardinals QB Carson Palmer retires after 15 NFL seasons';
    expect(phraseInHeadlines('Cardinals QB Carson', [headline])?.nounPhrase).to.equal('Cardinals QB Carson Palmer');
    const phrases = [{ key: 'cardin qb carson', display: 'Cardinals QB Carson', score: 3 }];
    expect(chooseTopic(phrases, [headline])).to.equal(headline);
  });

  it('never stops a phrase before the noun that continues it ("Chicago Bears fire", "Astros first base")', () => {
    const bears = [{ key: 'chicago bear fire', display: 'Chicago Bears fire', score: 3 }];
    expect(chooseTopic(bears, ['Chicago Bears fire coach John Fox after 5-11 season'])).to.equal(
      'Chicago Bears fire coach John Fox after 5-11 season',
    );
    const astros = [{ key: 'astro first base', display: 'Astros first base', score: 3 }];
    expect(
      chooseTopic(astros, ['How Astros first base coach Rich Dauer escaped near-death after World Series parade']),
    ).to.not.equal('Astros first base');
  });

  it('takes no phrase across a quote ("Zone for women" of "safe zone’ for women")', () => {
    const phrases = [{ key: 'zone for women', display: 'Zone for women', score: 3 }];
    expect(chooseTopic(phrases, ['German police union chief slams NYE ‘safe zone’ for women'])).to.equal(
      'German police union chief slams NYE ‘safe zone’ for women',
    );
  });

  it('takes no phrase or headline made only of generic words ("Things to Know")', () => {
    const phrases = [{ key: 'thing to know', display: 'Things to Know', score: 3 }];
    expect(
      chooseTopic(phrases, ['10 things to know for Thursday', 'Vegas fire: 1 person dead; several police treated']),
    ).to.equal('Vegas fire: 1 person dead; several police treated');
  });

  it('prefers a headline its outlet did not cut off ("..."), else the complete part of a cut one', () => {
    const cut = "George Clooney's Ex Stacy Keibler Marries Jared Pobre: She's Not The Only ...";
    expect(chooseTopic([], [cut, 'Stacy Keibler weds Jared Pobre in Mexico'])).to.equal(
      'Stacy Keibler weds Jared Pobre in Mexico',
    );
    expect(chooseTopic([], [cut, 'Keibler and Pobre wed…'])).to.equal(
      "George Clooney's Ex Stacy Keibler Marries Jared Pobre",
    );
    // Else what it says before the cut, dangling words and an open quote off.
    expect(chooseTopic([], ['Stacy Keibler marries Jared Pobre and ...'])).to.equal(
      'Stacy Keibler marries Jared Pobre',
    );
    // UCI April 1-15 2014 rows 30-40k: the longest uncut part, not a short cut aside ("Damn. This was good…").
    expect(
      chooseTopic(
        [],
        [
          'Damn. This was good…',
          "Video - Samuel L. Jackson Seen Carrying His Suit Outside 'Good Morning  ...",
          'The things they say:',
        ],
      ),
    ).to.equal('Samuel L. Jackson Seen Carrying His Suit Outside');
    expect(uncutPart('Damn. This was good…')).to.equal(undefined);
    expect(chooseTopic([], ['Keibler weds…'])).to.equal('Keibler weds…');
  });
});

describe('topics that end on a complete phrase and say what happened to a title', () => {
  it('takes the next headline when one ends on an article or a determiner', () => {
    // UCI April 1-15 2014: the episode is titled "A", unquoted, so the headline reads cut.
    const headlines = [
      'Walking Dead Season Four Finale Recap: A',
      "AMC's 'Walking Dead' Packs Yet Another Ratings Punch With Its Season Finale",
    ];
    expect(chooseTopic([], headlines)).to.equal(headlines[1]);
    expect(endsDangling('Walking Dead Season Four Finale Recap: A')).to.equal(true);
    expect(endsDangling('Apple to buy the')).to.equal(true);
    for (const whole of ['Plan A', 'Hepatitis A', "Season finale 'A'", 'Apple buys Beats']) {
      expect(endsDangling(whole)).to.equal(false);
    }
  });

  it('gives the headline that says what happened to a work whose bare title is central', () => {
    // UCI March 16-31 2014 (held out: "Muppets Most Wanted" was served) and the demo's Cosmos trend.
    const muppets = [
      'Muppets Most Wanted',
      "Review: 'Muppets Most Wanted' isn't brilliant but is pleasant enough",
      '“Divergent” Dominates, Mild “Muppets Most Wanted” at the box office',
      "Ricky Gervais and Constantine Talk 'Muppets Most Wanted' & Sequels",
    ];
    expect(chooseTopic([], muppets)).to.equal('“Divergent” Dominates, Mild “Muppets Most Wanted” at the box office');
    expect(isBareTitle('Muppets Most Wanted', muppets)).to.equal(true);
    const cosmos = [
      "'COSMOS: A Spacetime Odyssey'",
      'Cosmos: A SpaceTime Odyssey Premieres To Low Ratings On Fox',
      "'Cosmos: A Spacetime Odyssey' is newest effort to bring science to TV",
    ];
    expect(chooseTopic([], cosmos)).to.equal('Cosmos: A SpaceTime Odyssey Premieres To Low Ratings On Fox');
    // A name no headline quotes, and a headline with a quote inside, are no bare titles.
    expect(
      isBareTitle('Muppets Most Wanted', ['Muppets Most Wanted', 'Muppets Most Wanted at the box office']),
    ).to.equal(false);
    expect(isBareTitle("'Noah' sinks, 'Divergent' floats", [])).to.equal(false);
    // The title with a word or a tag says no more than the title (UCI April 10-20k, a tuning set).
    const infamous = [
      'Infamous: Second Son – First Impressions',
      'Infamous Second Son: Powerful',
      'Infamous Second Son for PS4',
      "'inFamous: Second Son' could boost PS4 sales",
    ];
    expect(chooseTopic([], infamous)).to.equal("'inFamous: Second Son' could boost PS4 sales");
    // A title alone, with no headline of what happened, stays.
    expect(chooseTopic([], ["'COSMOS: A Spacetime Odyssey'", "'COSMOS: A Spacetime Odyssey'"])).to.equal(
      "'COSMOS: A Spacetime Odyssey'",
    );
  });

  it('reads a plural that names places ("settlements") as naming no event', () => {
    // Giveme5W1H (the demo): a 2-article trend served "West Bank settlements".
    const headlines = [
      'Israel approves transfer of $11 million in funding for West Bank settlements',
      'Israeli politicians oppose Likud resolution to annex parts of West Bank',
    ];
    const phrases = [{ key: 'west bank settlement', display: 'West Bank settlements', score: 1 }];
    expect(chooseTopic(phrases, headlines)).to.equal(headlines[0]);
    expect(saysWhatHappened('West Bank settlements')).to.equal(false);
    expect(saysWhatHappened('Toyota settlement')).to.equal(true);
    expect(saysWhatHappened('Ebola outbreaks')).to.equal(true);
  });
});

describe('stray counts, critics’ review labels, capitals media tags and talk pieces', () => {
  it('drops a feed’s stray closing "0", not a number the headline needs', () => {
    // UCI April 1-15 2014 (a tuning set): the topic of a 32-report trend closed on the feed's "0".
    const heathers = [
      "'Heathers: The Musical' receives mixed reviews 0",
      "'Heathers: The Musical' receives mixed reviews 0",
      'Winona Ryder - Heathers: The Musical Receives Mixed Reviews',
    ];
    expect(chooseTopic([], heathers)).to.equal("'Heathers: The Musical' receives mixed reviews");
    expect(withoutSectionLabel('Elephants can gauge threat from human voices: Study 0')).to.equal(
      'Elephants can gauge threat from human voices: Study',
    );
    for (const kept of [
      'Microsoft ends support for Windows 8',
      'Apple unveils the iPhone 5',
      'Tom Hanks remembers Apollo 13',
      'American Idol crowns its Top 10',
      'Shares of Zynga close at $5',
      'Dow closes up 3%',
      'Frankie Knuckles dies at 59',
      'Fed holds rates close to 0',
      '10 Things: Whales - 1, Scientific Whaling - 0',
    ]) {
      expect(withoutSectionLabel(kept)).to.equal(kept);
    }
  });

  it('reads only a critic’s review as a review label, not a report of reviews or a body’s review', () => {
    for (const notCritics of [
      "'Heathers: The Musical' receives mixed reviews",
      'Google Glass explorers get positive reviews',
      'Gilead hepatitis C drug combo lands promise of quick FDA review',
      'RBI keeps rates unchanged in its first bi-monthly policy review',
      'RBI monetary policy review: Rajan delivers no surprises, holds interest rates',
      'GM Recalls 1.3M More Cars Following Internal Review',
      'Urban Outfitters (URBN) - Daily Trading Review',
      'American Idol Rankings: Top 12 Week In Review',
    ]) {
      expect(isReviewHeadline(notCritics), notCritics).to.equal(false);
    }
    for (const critics of [
      'Film Review | Veronica Mars (2014)',
      "Movie Review | 'Captain America' is thrilling spectacle",
      'Samsung Galaxy S5 review',
      'Noah – Review',
      "'Heathers: The Musical,' theater review",
      'How I Met Your Mother: the final episode, reviews round-up',
      'Titanfall Review (Xbox One / 360 / PC)',
      'Neighbors Review [SXSW 2014]',
    ]) {
      expect(isReviewHeadline(critics), critics).to.equal(true);
    }
    // The Gilead trend (UCI March 16-31, held out) keeps its central headline first.
    const gilead = [
      'Gilead hepatitis C drug combo lands promise of quick FDA review',
      'Backlash builds against $1000-per-pill cost of Gilead hepatitis C drug',
      'Gilead hepatitis C drug wins FDA priority status',
    ];
    expect(reviewsLastUnlessMost(gilead)).to.deep.equal(gilead);
  });

  it('drops a closing media tag in capitals, not a ticker or a name in capitals', () => {
    // UCI April 1-15 and March 1-15 2014 headlines.
    expect(withoutSectionLabel('Bachelor Finale Air Date Ends Without A Proposal [VIDEO + REPORT]')).to.equal(
      'Bachelor Finale Air Date Ends Without A Proposal',
    );
    expect(withoutSectionLabel('Celebs At SXSW: Stars Invade Austin (PHOTOS, VIDEO)')).to.equal(
      'Celebs At SXSW: Stars Invade Austin',
    );
    expect(withoutSectionLabel('Watch Miley Cyrus Hilariously Fight Avril Lavigne [NSFW VIDEO]')).to.equal(
      'Watch Miley Cyrus Hilariously Fight Avril Lavigne',
    );
    expect(withoutSectionLabel('Every Death In Game of Thrones So Far [SPOILERS]')).to.equal(
      'Every Death In Game of Thrones So Far',
    );
    for (const kept of [
      'Urban Outfitters shares fall (URBN)',
      'Ebola outbreak spreads to Liberia (WHO)',
      'Apple in talks with Comcast [WSJ]',
      'Zynga shares fall [Zynga Inc]',
    ]) {
      expect(withoutSectionLabel(kept)).to.equal(kept);
    }
  });

  it('gives the headline that says what happened when the central one invites a talk', () => {
    // The real demo served "Let's talk about “Cosmos: A Spacetime Odyssey”" for its 151-report trend.
    const cosmos = [
      'Let’s talk about “Cosmos: A Spacetime Odyssey”',
      "'Cosmos: A Spacetime Odyssey' is newest effort to bring science to TV",
      'Cosmos: A SpaceTime Odyssey Premieres To Low Ratings On Fox',
    ];
    expect(isTalkPiece(cosmos[0]!)).to.equal(true);
    expect(isTalkPiece('Johnny Depp talks Transcendence')).to.equal(false);
    expect(chooseTopic([], cosmos)).to.equal(cosmos[1]);
    // Nor does a talk piece say more after a bare title (the real demo's central headlines, in order).
    const served = [
      "'COSMOS: A Spacetime Odyssey'",
      "Let's talk about “Cosmos: A Spacetime Odyssey”",
      'Cosmos: A Spacetime Odyssey',
      'Cosmos: A Spacetime Odyssey: Ratings',
      "'Cosmos: A Spacetime Odyssey': A Triumph for Science",
    ];
    expect(chooseTopic([], served)).to.equal(served[4]);
  });
});

describe('a column’s label before a quoted title', () => {
  // The demo's UCI rows (March 1-15 2014): a real demo served "Fandom Flashback: 'Veronica Mars'"
  // for the film's 216-report trend.
  const veronica = [
    "Fandom Flashback: 'Veronica Mars'",
    'With help from thousands, ‘Veronica Mars’ reborn',
    "Kristen Bell Rocks Dress With High Slit At 'Veronica Mars' Premiere",
  ];

  it('reads the labelled title as a bare title and gives the headline that says what happened', () => {
    expect(chooseTopic([], veronica)).to.equal(veronica[1]);
    expect(labelledTitle(veronica[0]!, veronica)).to.equal('Veronica Mars');
    // Other labels of the tuning headlines, of one word to three, in capitals too.
    for (const label of ['Hot Trailer', 'The Book Reader', 'TRAILER']) {
      expect(labelledTitle(`${label}: 'Veronica Mars'`, veronica)).to.equal('Veronica Mars');
    }
    // A label's words are not what a headline adds to the title: with no other headline saying more, it stays.
    expect(chooseTopic([], [veronica[0]!, "'Veronica Mars' reborn"])).to.equal(veronica[0]);
  });

  it('leaves quoted speech, review labels, a title no other headline quotes and a report after the quote', () => {
    const speech = "Kristen Bell: 'It's Inherently More Interesting To Watch A Female'";
    const quotedSpeech = [speech, "Kristen Bell says 'It's Inherently More Interesting To Watch A Female'"];
    expect(labelledTitle(speech, quotedSpeech)).to.equal(undefined);
    expect(chooseTopic([], quotedSpeech)).to.equal(speech);
    expect(labelledTitle('Juan Pablo: "I Like You A Lot"', ['Juan Pablo says "I Like You A Lot"'])).to.equal(undefined);
    // A review's label says what the reports are (reviewsLastUnlessMost reads them).
    expect(labelledTitle("Film Review: 'Veronica Mars'", veronica)).to.equal(undefined);
    expect(labelledTitle("Movie Review: 'Veronica Mars'", veronica)).to.equal(undefined);
    // Only the labelled headline quotes the title: nothing tells it from a quote.
    expect(labelledTitle(veronica[0]!, [veronica[0]!, 'Veronica Mars reborn'])).to.equal(undefined);
    // Something after the quote, or a second quote, is a report ("Russell Crowe: 'Noah' Criticism Is 'Irrational'").
    expect(labelledTitle("Fandom Flashback: 'Veronica Mars' returns", veronica)).to.equal(undefined);
    expect(labelledTitle("Russell Crowe: 'Noah' Criticism Is 'Irrational'", ["'Noah' sinks"])).to.equal(undefined);
    // A label in lower case is a sentence's start, no column's name.
    expect(labelledTitle("fans remember: 'Veronica Mars'", veronica)).to.equal(undefined);
  });
});

describe('headlines set in capitals', () => {
  // The demo's FTC / Herbalife trend (UCI March 2014): its most central headline shouts.
  const herbalife = [
    'FTC OPENS INVESTIGATION INTO HERBALIFE',
    'Federal Trade Commission opens inquiry into Herbalife',
    "Herbalife says FTC now probing firm's operations",
  ];

  it('reads a headline in capitals throughout as shouting', () => {
    expect(isShouting('FTC OPENS INVESTIGATION INTO HERBALIFE')).to.equal(true);
    expect(isShouting('GLOBAL MARKETS-WORLD STOCKS DIP AFTER CHINA DATA')).to.equal(true);
  });

  it('leaves acronyms, tags, title case and scripts without case alone', () => {
    expect(isShouting('FTC opens inquiry into Herbalife')).to.equal(false);
    expect(isShouting('GLOBAL MARKETS-World stocks dip after weak China data')).to.equal(false);
    expect(isShouting('NASA TO TEST')).to.equal(false); // 10 letters: a tag, not a headline
    expect(isShouting('Federal Trade Commission Opens Inquiry Into Herbalife')).to.equal(false);
    expect(isShouting('中国经济增长放缓，出口数据疲软')).to.equal(false);
  });

  it('moves shouting headlines last unless every headline shouts', () => {
    expect(shoutingLast(herbalife)).to.deep.equal([herbalife[1], herbalife[2], herbalife[0]]);
    const all = ['FTC OPENS INVESTIGATION INTO HERBALIFE', 'HERBALIFE FACES FTC INQUIRY OVER MODEL'];
    expect(shoutingLast(all)).to.deep.equal(all);
  });

  it('tops the trend with a headline a reader would write, not the shouting one', () => {
    expect(chooseTopic([], herbalife)).to.equal('Federal Trade Commission opens inquiry into Herbalife');
    expect(
      chooseTopic([], ['FTC OPENS INVESTIGATION INTO HERBALIFE', 'FTC OPENS INVESTIGATION INTO HERBALIFE']),
    ).to.equal('FTC OPENS INVESTIGATION INTO HERBALIFE');
  });
});
