import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { eventKinds } from '@trendscope/pipeline/detect/event-kinds';
import { businessImpact } from '@trendscope/pipeline/detect/impact';
import { IMPACT_FEATURES, impactFeatures, meanEmbedding } from '@trendscope/pipeline/detect/impact-features';
import { embedTexts } from '@trendscope/pipeline/embed/embed-texts';
import { impactScore, rubricBounds } from '@trendscope/pipeline/detect/impact-model';
import { largestAmount, moneyAmounts, moneyFigures } from '@trendscope/pipeline/detect/money-amounts';

describe('money amounts', () => {
  const usd = (t: string): number | undefined => largestAmount(t)?.usd;

  it('reads amounts with their currency and scale, in US dollars', () => {
    expect(usd('Broadcom raises Qualcomm hostile bid to about $121 billion')).to.equal(121e9);
    expect(usd('Bank plans €2bn capital raise')).to.equal(2.4e9);
    expect(usd('BoA pays US$9.3b to settle claims')).to.equal(9.3e9);
    expect(usd('Vodafone agrees 7.2 bln euro deal to buy Ono')).to.be.closeTo(8.64e9, 1);
    expect(usd('Weir in £3.3B merger talks')).to.be.closeTo(4.62e9, 1);
    expect(usd('National Bank of Greece to plan EU2.1 Billion capital boost')).to.be.closeTo(2.52e9, 1);
    expect(usd('Los Angeles sues Time Warner for $10M in unpaid fees')).to.equal(1e7);
    expect(usd('The deal is worth $7. 6 Billion')).to.equal(7.6e9);
    expect(usd('Bitcoin falls below $6,000')).to.equal(6000);
  });

  it('reads the currency written after the dollar sign, a hyphened scale and "bil" / "mil"', () => {
    // UCI headlines: the Australian press writes "$US1bn"; Asian outlets "US$2bil", "US$96.2 mil".
    expect(usd('Citigroup to pay $US1bn to settle investor claims')).to.equal(1e9);
    expect(usd('Caterpillar dodged taxes of $US2.4b, inquiry finds')).to.equal(2.4e9);
    expect(usd('Qantas posts A$2.5bn loss')).to.be.closeTo(1.875e9, 1);
    expect(usd('Qantas posts $A2.5bn loss')).to.be.closeTo(1.875e9, 1);
    expect(usd('Fonterra pays NZ$1bn')).to.be.closeTo(0.7e9, 1);
    expect(usd('Apple, Samsung trade barbs as US$2bil patent trial opens')).to.equal(2e9);
    expect(usd("'Captain America' sets April record with US$96.2 mil.")).to.be.closeTo(96.2e6, 1);
    expect(usd('King sees $7.6-billion valuation')).to.equal(7.6e9);
    // One figure in its spellings, and another currency's apart.
    const spellings = ['$US1bn', 'US$1bn', '$1 billion', '$1-billion', 'US$1bil'].map(moneyFigures);
    expect(new Set(spellings.flat())).to.deep.equal(new Set(['usd1000000000']));
    expect(moneyFigures('A$1bn')).to.deep.equal(['aud1000000000']);
    // A dollar sign before a word is no currency code ("$Apple").
    expect(moneyAmounts('the $Apple bet')).to.deep.equal([]);
  });

  it('does not read bare numbers as money', () => {
    expect(moneyAmounts('GM recalls 1.6 million cars')).to.deep.equal([]);
    expect(moneyAmounts('iOS 7.1 brings 3 new features')).to.deep.equal([]);
  });
});

describe('personal sums', () => {
  const values = (headlines: string[]): number[] =>
    impactFeatures({ headlines, summary: '', domains: [], reports: 5, categories: {} }).values;
  const at = (v: number[], name: string): number => v[IMPACT_FEATURES.indexOf(name)]!;

  it("reads someone's bill, a prize or an object's price as no deal size", () => {
    const bill = values(['Man finds $1.2 billion water bill in his mailbox', 'Family gets $9 million phone bill']);
    expect(at(bill, 'money')).to.equal(0);
    expect(at(bill, 'money_10b')).to.equal(0);
    expect(at(bill, 'money_personal')).to.equal(1);
    expect(at(values(['Lottery winner claims $400 million Powerball jackpot']), 'money')).to.equal(0);
    expect(at(values(['Picasso painting sells for $180 million at auction']), 'money')).to.equal(0);
  });

  it("keeps a budget's, a company's or a deal's amount", () => {
    expect(at(values(['Senate passes $1.1 trillion spending bill']), 'money')).to.be.above(0);
    expect(at(values(['Verizon to refund $90 million over phone bill charges']), 'money')).to.be.above(0);
    expect(at(values(['Vodafone agrees 7.2 bln euro deal to buy Ono']), 'money_personal')).to.equal(0);
  });
});

describe('event kinds in context', () => {
  const kinds = (t: string): string[] => Object.keys(eventKinds(t));

  it('tells a product recall from a memory', () => {
    expect(kinds('Keith Richards Recalls Childhood in New Book')).to.not.include('recall');
    expect(kinds('Actor recalls how he met the Queen')).to.not.include('recall');
    expect(kinds('GM recalls 1.6 million cars over ignition switch')).to.include('recall');
    expect(kinds('Sony issues recall for Vaio laptops that may catch fire')).to.include('recall');
    expect(kinds('Spiders prompt second Mazda recall')).to.include('recall');
  });

  it('tells a product launch from a campaign or a missile', () => {
    expect(kinds('County Launches Campaign Against Littering')).to.not.include('launch');
    expect(kinds("China opposes DPRK's missile launch")).to.not.include('launch');
    expect(kinds("China opposes DPRK's missile launch")).to.include('geopolitics');
    expect(kinds('Amazon launches Fire TV streaming box')).to.include('launch');
  });

  it('tells a funding round from crowd-funding', () => {
    expect(kinds('Fans start crowd-funding for a new film')).to.not.include('funding');
    expect(kinds('Veronica Mars crowdfunding campaign succeeds')).to.not.include('funding');
    expect(kinds('Startup raises $20 million in funding round led by Sequoia')).to.include('funding');
  });

  it('reads deals, central banks and macro data', () => {
    expect(kinds('Broadcom raises hostile bid for Qualcomm')).to.include('deal');
    expect(kinds('Fed holds interest rates steady')).to.include('central_bank');
    expect(kinds('Eurozone inflation slows in February')).to.include('macro_data');
    expect(kinds('Fed up with traffic, residents protest')).to.not.include('central_bank');
    expect(kinds('Current mortgage interest rates at Wells Fargo')).to.not.include('central_bank');
  });

  it("reads a central bank's initialism in capitals as in mixed case, not its look-alikes", () => {
    // UCI headlines: 41 name the Bank of England "BOE", 54 the Bank of Japan "BOJ", 2 "PBoC".
    expect(kinds('UK Unemployment Stays at 7.2% Reinforcing BOE Guidance')).to.include('central_bank');
    expect(kinds('BOJ stands pat, keeps upbeat view despite Japan slowdown')).to.include('central_bank');
    expect(kinds('China: PBoC Widens Daily Trading Band To +/- 2%')).to.include('central_bank');
    expect(kinds('BoE Minutes Show MPC Unanimous On Policy')).to.include('central_bank');
    expect(kinds('Alfie Boe to tour with new album')).to.not.include('central_bank');
    expect(kinds('BOE Technology wins Apple display orders')).to.not.include('central_bank');
  });

  it('reads the Swiss, Australian and Swedish central banks by their names and initialisms', () => {
    // UCI: "Forex - USD/JPY flat as Ukraine events studied, AUD awaits RBA minutes" read no bank.
    expect(kinds('Forex - USD/JPY flat as Ukraine events studied, AUD awaits RBA minutes')).to.include('central_bank');
    expect(kinds('SNB keeps franc cap, warns on property')).to.include('central_bank');
    expect(kinds('Swiss National Bank keeps franc cap')).to.include('central_bank');
    expect(kinds('Riksbank leaves repo rate at 0.75%')).to.include('central_bank');
    // Sweden's parliament, a Swiss lender and the initialisms in lower case are no central bank.
    expect(kinds('Riksdag votes on defence budget')).to.not.include('central_bank');
    expect(kinds('Swiss bank UBS cuts 500 jobs')).to.not.include('central_bank');
    expect(kinds('rba and snb in a file name')).to.not.include('central_bank');
  });

  it("reads RBI as the Reserve Bank of India, not baseball's runs batted in", () => {
    // UCI's 193 "RBI" headlines are the bank; AG News's and Giveme5W1H's box scores are baseball.
    expect(kinds('RBI keeps key rate unchanged')).to.include('central_bank');
    expect(kinds('Foreign banks need to be responsive to local norms: RBI Governor')).to.include('central_bank');
    expect(kinds("Bond yields off highs after RBI's liquidity steps")).to.include('central_bank');
    expect(kinds("Carlos Santana's RBI single drew Cleveland level")).to.not.include('central_bank');
    expect(kinds('Zobrist restored the lead by hitting an RBI double')).to.not.include('central_bank');
    expect(kinds('Figgins had RBI hits in the last two innings')).to.not.include('central_bank');
    expect(kinds('Keith Ginter both had a homer and three RBI Thursday night')).to.not.include('central_bank');
  });

  it('reads a macro data release: a named statistic with its figure or move', () => {
    expect(kinds('Japan industrial production up 3.8% in January')).to.include.members([
      'macro_release',
      'major_macro_release',
    ]);
    expect(kinds('Retail sales fall at fastest pace in a year')).to.include('major_macro_release');
    expect(kinds('Job openings rise to six-year high in February')).to.include('macro_release');
    expect(kinds('Job openings rise to six-year high in February')).to.not.include('major_macro_release');
    // A statistic named in passing, and a company's figure, are no release.
    expect(kinds('How inflation hurts your savings')).to.not.include('macro_release');
    expect(kinds('Apple iPhone sales rise 10%')).to.not.include('macro_release');
  });

  it("reads a central banker's remark on policy, not the bank's decision or a namesake", () => {
    expect(kinds("Fed's Bullard says taper could speed up")).to.include('central_bank_remark');
    expect(kinds('Lacker: Fed should keep reducing bond buying')).to.include('central_bank_remark');
    expect(kinds('ECB governing council member Nowotny sees no deflation')).to.include('central_bank_remark');
    expect(kinds('Fed holds interest rates steady')).to.not.include('central_bank_remark');
    expect(kinds("Fed's Decision Could Hit Stocks")).to.not.include('central_bank_remark');
    expect(kinds('Carrie Fisher says she will return for Star Wars')).to.not.include('central_bank_remark');
  });

  it("reads a governor's remark as a central bank's for every bank the central_bank reading knows", () => {
    // UCI April 2014: the RBI's governor on the policy rate and the rupee, the RBA's chief on the currency.
    expect(kinds('Current policy rate appropriately set: RBI Governor')).to.include('central_bank_remark');
    expect(kinds('RBI chief says rupee gains to 45-50 per dollar would hit exports')).to.include('central_bank_remark');
    expect(kinds('Not worried about rupee overvaluation right now: Rajan')).to.include('central_bank_remark');
    expect(kinds('AUD under pressure as RBA chief warns on strong currency')).to.include('central_bank_remark');
    expect(kinds("Riksbank's Ingves says rates to stay low for longer")).to.include('central_bank_remark');
    expect(kinds('Swiss National Bank chairman says franc cap stays')).to.include('central_bank_remark');
    expect(kinds("People's Bank of China governor signals yuan reform")).to.include('central_bank_remark');
    expect(kinds('Bank of Canada Governor Says Rates On Hold')).to.include('central_bank_remark');
    // The bank's own decision, a box score's RBI, and a bank named beside no policymaker are no remark.
    expect(kinds('Riksbank cuts interest rates to zero')).to.not.include('central_bank_remark');
    expect(kinds('RBI keeps policy rates unchanged')).to.not.include('central_bank_remark');
    expect(kinds('Two RBI chiefs may decide the game, says coach')).to.not.include('central_bank_remark');
    expect(kinds('Reserve Bank of Australia holds rates steady')).to.not.include('central_bank_remark');
  });

  it('reads a pregnancy beside a study or a disease as medicine, not entertainment', () => {
    // The raters put three autism studies at 1.67-2.67; "pregnancy" read them as a star's news.
    expect(kinds('Antidepressant use during pregnancy linked to autism')).to.not.include('entertainment');
    expect(kinds('Autism may begin during pregnancy; rates soar, study says')).to.not.include('entertainment');
    // A star's pregnancy, or a pregnancy with no study or disease, stays entertainment.
    expect(kinds('Kim Kardashian is pregnant again')).to.include('entertainment');
    expect(kinds('Pregnant actress shows off baby bump at film premiere')).to.include('entertainment');
    expect(kinds('Reality star reveals pregnancy')).to.include('entertainment');
  });
});

describe('businessImpact', () => {
  const classifier = loadClassifier();
  const score = (headlines: string[], domains: string[], reports = 10): ReturnType<typeof businessImpact> => {
    const probs = classifier.probabilities(headlines.join('. '));
    const categories = Object.fromEntries(probs.map((p) => [p.category, p.p])) as Partial<Record<Category, number>>;
    return businessImpact({ headlines, summary: headlines[0]!, domains, reports, categories });
  };

  it('serves every feature as a part, and the parts add up to the total', () => {
    const b = score(['Vodafone agrees 7.2 bln euro deal to buy Ono'], ['reuters.com', 'ft.com']);
    expect(Object.keys(b.parts)).to.deep.equal([...IMPACT_FEATURES, 'meaning']);
    const sum = Object.values(b.parts).reduce((s, p) => s + p.points, b.baseline);
    expect(b.total).to.be.closeTo(sum, 0.2);
    expect(b.score).to.equal(impactScore(b, b.total)); // no rubric bound applies to a 7.2 bln euro deal
    expect(b.largest_amount?.text).to.equal('7.2 bln euro');
    expect(b.signal_terms).to.include('deal:deal to buy');
  });

  it('ranks market-moving events above company news, and that above gossip and reviews', () => {
    const bid = score(['Broadcom Raises Qualcomm Hostile Bid to About $121 Billion'], ['reuters.com', 'bloomberg.com']);
    const fed = score(['Fed keeps interest rates near zero, signals end of bond buying'], ['reuters.com', 'wsj.com']);
    const tips = score(['Starbucks adds digital tips to app'], ['latimes.com', 'usatoday.com'], 40);
    const review = score(["Where's our Titanfall review?"], ['polygon.com', 'kotaku.com'], 40);
    const gossip = score(['Lena Dunham Says She May Quit Acting'], ['people.com', 'eonline.com'], 60);
    const memoir = score(
      ['Keith Richards Recalls Childhood in Children’s Book'],
      ['rollingstone.com', 'people.com'],
      20,
    );
    expect(bid.score).to.be.at.least(8);
    expect(fed.score).to.be.at.least(7);
    for (const low of [tips, review, gossip, memoir]) expect(low.score).to.be.at.most(4);
    for (const low of [review, gossip, memoir]) expect(low.score).to.be.at.most(3);
  });

  it("reads no war in a film's title: a trailer stays a film trailer (1-2)", () => {
    // A real demo served this two-page trend 3, event_geopolitics 1 from "Infinity War".
    const trailer = score(
      [
        "New 'Avengers: Infinity War' trailer teases so many superheroes in one movie",
        'Avengers: Infinity War Super Bowl trailer',
      ],
      ['businessinsider.com', 'dailymail.co.uk'],
      2,
    );
    expect(trailer.parts.event_geopolitics!.value).to.equal(0);
    expect(trailer.event_kinds).to.not.have.property('geopolitics');
    expect(trailer.score).to.be.at.most(2);
  });

  it('keeps a film, a show or a star with no business event, company or amount at 2 or less', async () => {
    // A real demo served this trend 3: business_outlets 0.5 (businessinsider.com) lifted it.
    const headlines = [
      "New 'Avengers: Infinity War' trailer teases so many superheroes in one movie",
      'Avengers: Infinity War Super Bowl trailer',
    ];
    const summary =
      'The latest teaser for Avengers: Infinity War debuted during Superbowl LII on Sunday. The clip featured all of the superheroes from the various Marvel movies over the last ten years';
    const probs = classifier.probabilities([...headlines, summary].join('. '));
    const categories = Object.fromEntries(probs.map((p) => [p.category, p.p])) as Partial<Record<Category, number>>;
    const embedding = meanEmbedding(await embedTexts(headlines));
    const domains = ['businessinsider.com', 'dailymail.co.uk'];
    const trailer = businessImpact({ headlines, summary, domains, reports: 2, categories, embedding });
    expect(trailer.score).to.be.at.most(2);
    const values = (b: ReturnType<typeof businessImpact>): number[] => IMPACT_FEATURES.map((n) => b.parts[n]!.value);
    expect(rubricBounds(values(trailer))).to.deep.equal({ min: 1, max: 2 });
    // A studio's deal, a large company or an amount beside the film keep the model's score.
    for (const h of [
      'Disney buys Lucasfilm, maker of the Star Wars movies, for $4 billion',
      'Netflix film premiere draws record audience',
      'Captain America sequel sets April box office record with $96.2 million',
    ])
      expect(rubricBounds(values(score([h, h], domains))).max, h).to.equal(10);
  });

  it('judges the event, not the volume: a hundredfold coverage moves the score by at most one point', () => {
    for (const h of ['GM recalls 1.6 million cars over ignition switch', 'Lena Dunham Says She May Quit Acting']) {
      expect(
        score([h], ['a.example', 'b.example'], 200).score - score([h], ['a.example', 'b.example'], 2).score,
      ).to.be.at.most(1);
    }
  });

  it("keeps within the rubric's bounds: a $50B+ takeover is 9-10, an analyst's upgrade alone at most 4", () => {
    // A real demo served Broadcom's $121B hostile bid 8 and Citi's upgrade of JC Penney 6.
    const bid = score(
      [
        'Chip wars: Broadcom raises hostile bid for Qualcomm to $121 billion in quest to be on top',
        'Broadcom Raises Its Qualcomm Offer to $121 Billion',
        "Broadcom unveils $121 billion 'best and final' offer for Qualcomm",
      ],
      ['japantimes.co.jp', 'nytimes.com', 'uk.reuters.com'],
    );
    expect(bid.score).to.be.at.least(9);
    const upgrade = score(
      [
        "Citi upgrades JC Penney, says it's a comeback story",
        'JC Penney gains as Citigroup analyst upgrades chain to buy',
        'JC Penney Rises as Citigroup Analyst Recommends Buying Shares',
      ],
      ['reuters.com', 'bloomberg.com', 'marketwatch.com'],
    );
    expect(upgrade.score).to.be.at.most(4);
    // A smaller deal and an upgrade beside results keep the model's score.
    const values = (b: ReturnType<typeof businessImpact>): number[] => IMPACT_FEATURES.map((n) => b.parts[n]!.value);
    expect(
      rubricBounds(values(score(['Vodafone agrees 7.2 bln euro deal to buy Ono'], ['reuters.com']))),
    ).to.deep.equal({
      min: 1,
      max: 10,
    });
    expect(
      rubricBounds(values(score(['Analyst upgrades Apple after record quarterly earnings'], ['reuters.com']))),
    ).to.deep.equal({ min: 1, max: 10 });
  });

  it("keeps a listing or deal under $1B that names no large company at 6 or less (the rubric's mid-size deal)", () => {
    // The demo of 2026-11-28 served Virtu Financial's $100 million IPO filing 8.
    const values = (b: ReturnType<typeof businessImpact>): number[] => IMPACT_FEATURES.map((n) => b.parts[n]!.value);
    const virtu = score(
      [
        'Trading firm Virtu Financial plans to raise up to $100 million in IPO',
        'Virtu Financial files for IPO',
        'High-frequency trader Virtu files for $100 million IPO',
      ],
      ['reuters.com', 'bloomberg.com', 'wsj.com'],
    );
    expect(rubricBounds(values(virtu))).to.deep.equal({ min: 1, max: 6 });
    expect(virtu.score).to.be.at.most(6);
    // A large company's small deal, and a deal of $1B or more, keep the model's score.
    expect(
      rubricBounds(values(score(['Google buys drone maker Titan Aerospace for $60 million'], ['reuters.com']))),
    ).to.deep.equal({ min: 1, max: 10 });
    expect(rubricBounds(values(score(['GoPro seeks $1.5 billion in IPO'], ['reuters.com'])))).to.deep.equal({
      min: 1,
      max: 10,
    });
  });

  it('keeps a market report with no weightier event at 6 or less, and a market move beside a release or a deal free', () => {
    // The demo of 2026-12-06 served two days' index moves 7; the raters put every such story at 4-6.33.
    const values = (b: ReturnType<typeof businessImpact>): number[] => IMPACT_FEATURES.map((n) => b.parts[n]!.value);
    const wrap = score(
      [
        'S&P 500 Erases Loss as Investors Weigh Economy, Ukraine Crisis',
        'U.S. Stocks Fluctuate as Investors Weigh Economy, Ukraine Crisis',
        'Major Averages Move To The Downside In Early Trading',
        "Today's Dow Jones Industrial Average DJIA, Nasdaq, S&P 500 stock market ...",
      ],
      ['bloomberg.com', 'reuters.com', 'marketwatch.com', 'rttnews.com'],
    );
    expect(rubricBounds(values(wrap))).to.deep.equal({ min: 1, max: 6 });
    expect(wrap.score).to.be.at.most(6);
    const withResults = score(
      ['Stocks jump as Apple posts record quarterly earnings', 'Wall Street rises after Apple earnings beat'],
      ['reuters.com', 'bloomberg.com'],
    );
    expect(rubricBounds(values(withResults)).max).to.equal(10);
  });

  it("rates a person's bill a curiosity (at most 2), macro data and a central banker's view at 6-7 or more", () => {
    const values = (b: ReturnType<typeof businessImpact>): number[] => IMPACT_FEATURES.map((n) => b.parts[n]!.value);
    const bill = score(
      ['Retiree shocked by $3.7 billion gas bill', 'Pensioner receives $3.7 billion gas bill', 'Utility bill error'],
      ['kdka.com', 'nypost.com'],
    );
    expect(bill.largest_amount).to.equal(null);
    expect(rubricBounds(values(bill))).to.deep.equal({ min: 1, max: 2 });
    expect(bill.score).to.be.at.most(2);
    const gdp = score(
      ['Japan GDP grows 1.0% in first quarter', 'Japan economy expands faster than expected', 'Japan GDP up 1.0%'],
      ['reuters.com', 'bloomberg.com'],
    );
    expect(gdp.score).to.be.at.least(7);
    const openings = score(
      ['US job openings rise in February', 'Job openings up in February', 'Employers post more jobs in February'],
      ['reuters.com', 'marketwatch.com'],
    );
    expect(rubricBounds(values(openings)).min).to.equal(6);
    const remark = score(
      ["Fed's Lacker says taper pace should not change", 'Lacker: Fed should keep tapering at $10 billion a meeting'],
      ['reuters.com', 'bloomberg.com'],
    );
    expect(remark.score).to.be.at.least(7);
    // A company with a large sum, or a bill beside a weightier event, is no curiosity.
    expect(rubricBounds(values(score(['Comcast customers face $200 cable bill rise'], ['reuters.com']))).max).to.equal(
      10,
    );
  });

  it('clamps the score to 1..10', () => {
    expect(impactScore({ center: 3, stretch: 1.2 }, -20)).to.equal(1);
    expect(impactScore({ center: 3, stretch: 1.2 }, 30)).to.equal(10);
    expect(impactScore({ center: 3, stretch: 1 }, 5.5)).to.equal(6);
  });
});
