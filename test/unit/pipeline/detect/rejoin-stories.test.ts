import { expect } from 'chai';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import {
  DEFAULT_REJOIN_OPTIONS,
  keyTermsShared,
  rejoinBounds,
  rejoinCandidates,
  rejoinStories,
  rejoinTexts,
  rejoinTrends,
  stateView,
  namedSubject,
  sameStory,
  smallFragment,
  storyViews,
  subjectShared,
  type RejoinJoin,
  type StoryView,
} from '@trendscope/pipeline/detect/rejoin-stories';
import type { ActiveTrend } from '@trendscope/pipeline/detect/cluster';
import { articleVector, normalise } from '@trendscope/pipeline/detect/term-vector';
import { CONAN, FINALE, SABOTAGE, SPLIT, TERMINATOR, WINNERS } from '../../../support/read-headlines';

const H = 3_600_000;
const idf = (): number => 1;
const quiet = { warn: (): void => undefined };

/** Embeddings in which the first side's headlines and the second's agree at `cosine`. */
const agreeing =
  (second: readonly string[], cosine: number) =>
  (text: string): Float32Array =>
    second.includes(text) ? Float32Array.of(cosine, Math.sqrt(1 - cosine * cosine)) : Float32Array.of(1, 0);

/**
 * Key terms every `view` holds: two views pair as the cheap gates let a pair through (rejoinCandidates),
 * so the joining tests alone decide (one short of shared key terms is judged at rejoinTermsMeaning).
 */
const SHARED_KEYS = normalise(new Map(['story', 'report', 'told'].map((t) => [t, 1])));

/** A story view of six reports at `hour` whose central headlines are `central`. */
const view = (id: string, central: string[], hour: number): StoryView => ({
  id,
  first_seen: hour * H,
  last_seen: hour * H,
  article_count: 6,
  centroid: SHARED_KEYS,
  entities: new Set(),
  central,
});

/** A trend of `n` articles from `hour` on, one a minute, all with the given headline, entities and lead. */
function trend(
  id: string,
  hour: number,
  title: string,
  entities: string[],
  n = 6,
  text = '',
): [string, DetectArticle[]] {
  return [
    id,
    Array.from({ length: n }, (_, i) => ({
      id: `${id}-${i}`,
      title,
      text,
      time: hour * H + i * 60_000,
      entities,
    })),
  ];
}

/** Embeddings by the story a headline tells (unit vectors): one story, one direction. */
function storyEmbedding(stories: Record<string, number>): (text: string) => Float32Array | undefined {
  return (text) => {
    const axis = Object.entries(stories).find(([word]) => text.includes(word))?.[1];
    if (axis === undefined) return undefined;
    const v = new Float32Array(4);
    v[axis] = 1;
    return v;
  };
}

const QUIT = 'Lena Dunham says she may quit acting after Girls ends';
const QUIT_AGAIN = 'Lena Dunham may quit acting once Girls ends';
const SNL = 'Lena Dunham acting on SNL: Dunham says Girls jokes end';
const embed = storyEmbedding({ quit: 0, SNL: 1 });

describe('rejoinStories', () => {
  it('joins two large trends of one story founded a day apart, the earlier surviving', () => {
    const trends = new Map([trend('late', 30, QUIT_AGAIN, ['Lena Dunham']), trend('early', 2, QUIT, ['Lena Dunham'])]);
    const pairs = rejoinCandidates(storyViews(trends, idf));
    expect(pairs.map(([a, b]) => [a.id, b.id])).to.deep.equal([['early', 'late']]);
    expect(rejoinTexts(pairs)).to.have.members([QUIT, QUIT_AGAIN]);
    expect([...rejoinStories(pairs, embed)]).to.deep.equal([['late', 'early']]);
  });

  it('keeps apart two stories about one person whose headlines say different things', () => {
    const trends = new Map([trend('quit', 2, QUIT, ['Lena Dunham']), trend('snl', 30, SNL, ['Lena Dunham'])]);
    const pairs = rejoinCandidates(storyViews(trends, idf));
    expect(pairs, 'names and words in common: a candidate').to.have.length(1);
    expect(rejoinStories(pairs, embed).size).to.equal(0);
  });

  it('keeps apart trends too small, too far apart, or without embeddings', () => {
    const early = trend('early', 2, QUIT, ['Lena Dunham']);
    const views = (later: [string, DetectArticle[]]) => storyViews(new Map([early, later]), idf);
    const noLate = { ...DEFAULT_REJOIN_OPTIONS, rejoinLateMeaning: 1 };
    const small = storyViews(new Map([early, trend('late', 30, QUIT_AGAIN, ['Lena Dunham'], 4)]), idf, noLate);
    expect(rejoinCandidates(small, noLate)).to.have.length(0);
    expect(rejoinCandidates(views(trend('late', 30, QUIT_AGAIN, ['Lena Dunham'], 1)))).to.have.length(0);
    expect(rejoinCandidates(views(trend('late', 80, QUIT_AGAIN, ['Lena Dunham'])))).to.have.length(0);
    const pairs = rejoinCandidates(views(trend('late', 30, QUIT_AGAIN, ['Lena Dunham'])));
    expect(rejoinStories(pairs, () => undefined).size).to.equal(0);
  });

  it('joins a trend of a few reports to one of its story reported at once (a burst cut by detection runs)', () => {
    // The migraine headband on a real demo: 4 reports beside 32, the later founded while the
    // earlier still reported, more than the fragment merge's minute apart.
    const burst = trend('burst', 2, QUIT, ['Lena Dunham'], 32);
    const pairWith = (few: [string, DetectArticle[]], o = DEFAULT_REJOIN_OPTIONS) =>
      rejoinCandidates(storyViews(new Map([burst, few]), idf, o), o);
    const during = trend('few', 2.25, QUIT_AGAIN, ['Lena Dunham'], 4);
    expect([...rejoinStories(pairWith(during), embed)]).to.deep.equal([['few', 'burst']]);
    const before = trend('few', 1, QUIT_AGAIN, ['Lena Dunham'], 4);
    before[1][3]!.time = 2.5 * H;
    expect([...rejoinStories(pairWith(before), embed)], 'the few founded first, reporting on').to.deep.equal([
      ['burst', 'few'],
    ]);
    expect(pairWith(during, { ...DEFAULT_REJOIN_OPTIONS, rejoinAtOnceMinArticles: 5 })).to.have.length(0);
    // The burst's last report at 2 h 31 min: a trend founded within the minute after it is at once.
    expect(pairWith(trend('few', 2 + 32 / 60, QUIT_AGAIN, ['Lena Dunham'], 4)), 'its tail').to.have.length(1);
    const atOnceOnly = { ...DEFAULT_REJOIN_OPTIONS, rejoinLateHours: 0, rejoinLateMeaning: 1 };
    expect(
      pairWith(trend('few', 2 + 33 / 60, QUIT_AGAIN, ['Lena Dunham'], 4), atOnceOnly),
      'after its last report',
    ).to.have.length(0);
    expect(pairWith(trend('few', 2.25, QUIT_AGAIN, ['Lena Dunham'], 1)), 'one report').to.have.length(0);
    expect(rejoinStories(pairWith(trend('few', 2.25, SNL, ['Lena Dunham'], 4)), embed).size).to.equal(0);
  });

  it("joins a small fragment founded hours after its story stopped when its subject words are that trend's", async () => {
    // The migraine headband on another real demo: 4 reports ("Feds OK electric headband for
    // migraines", meaning 0.689 against "FDA approves first device to prevent migraine") founded
    // 66 minutes after the 32 of the approval stopped reporting.
    const APPROVAL = 'FDA approves headband device to prevent migraine';
    const FEDS_OK = 'Feds OK electric headband device for migraine';
    const rare = (t: string): number => (t.startsWith('migrain') ? 5 : t.startsWith('headband') ? 4 : 1);
    const approval = trend('approval', 2, APPROVAL, ['FDA'], 32);
    const agreeing = (cosine: number) => (text: string) =>
      text === FEDS_OK ? Float32Array.of(cosine, Math.sqrt(1 - cosine * cosine)) : Float32Array.of(1, 0);
    const lastReport = 2 + 31 / 60;
    const joined = (hour: number, cosine: number, o = DEFAULT_REJOIN_OPTIONS, joins?: RejoinJoin[]) =>
      rejoinStories(
        rejoinCandidates(storyViews(new Map([approval, trend('few', hour, FEDS_OK, ['Feds OK'], 4)]), rare, o), o),
        agreeing(cosine),
        o,
        joins,
      );
    const joins: RejoinJoin[] = [];
    expect([...joined(lastReport + 66 / 60, 0.69, DEFAULT_REJOIN_OPTIONS, joins)]).to.deep.equal([['few', 'approval']]);
    expect(joins.map((j) => [j.test, j.articles])).to.deep.equal([['small fragment', [32, 4]]]);
    const off = { ...DEFAULT_REJOIN_OPTIONS, rejoinLateHours: 0 };
    expect(joined(lastReport + 66 / 60, 0.69, off).size, 'rule off: size gate').to.equal(0);
    expect(joined(lastReport + 4, 0.69).size, 'founded 4 h after its last report').to.equal(0);
    expect(joined(lastReport + 66 / 60, 0.6).size, 'meaning under 0.65').to.equal(0);
    expect([...joined(lastReport + 66 / 60, 0.85)], 'at 0.8 any fragment within the hours').to.have.length(1);
    // A detection run logs each join with the test that made it.
    const logged: unknown[] = [];
    const logger = { warn: (): void => undefined, info: (o: unknown): void => void logged.push(o) };
    const few = trend('few', lastReport + 66 / 60, FEDS_OK, ['Feds OK'], 4);
    await rejoinTrends(new Map([approval, few]), rare, logger, DEFAULT_REJOIN_OPTIONS, undefined, () =>
      Promise.resolve(agreeing(0.69)),
    );
    expect(logged).to.have.length(1);
    expect((logged[0] as { joins: RejoinJoin[] }).joins.map((j) => j.test)).to.deep.equal(['small fragment']);

    // Another story about the same name: its words beside the name are not the larger trend's.
    const views = (title: string) =>
      storyViews(
        new Map([trend('quit', 2, QUIT, ['Lena Dunham'], 20), trend('few', 3, title, ['Lena Dunham'], 3)]),
        idf,
      );
    const [quit, snl] = views('Lena Dunham to host SNL, Lena Dunham jokes');
    expect(smallFragment(quit!, snl!, DEFAULT_REJOIN_OPTIONS)).to.equal(true);
    expect(subjectShared(quit!, snl!), 'only the name shared').to.equal(false);
    expect(sameStory(quit!, snl!, 0.7, DEFAULT_REJOIN_OPTIONS)).to.equal(false);
    const [, again] = views(QUIT_AGAIN);
    expect(subjectShared(quit!, again!), 'quit, acting').to.equal(true);
    expect(sameStory(quit!, again!, 0.7, DEFAULT_REJOIN_OPTIONS)).to.equal(true);
    // Both quit acting: the event test (the same kind of event) joins them too; off, the rule alone.
    const alone = { ...DEFAULT_REJOIN_OPTIONS, rejoinKindMeaning: 1 };
    expect(sameStory(again!, quit!, 0.7, { ...alone, rejoinLateHours: 0 }), 'rule off').to.equal(false);
  });

  it('joins a late fragment (a few reports hours after its story stopped) by its meaning alone', () => {
    // The jet-lag app in 10-minute runs on April 30-40k: 3 reports founded 14.6 h after the 28 of its
    // story stopped, central headlines at 0.838; the size gate refused them (rejoinLateHours 3).
    const APP = 'New app uses math of light exposure to beat jet lag';
    const TRYING = 'Trying a new app and math of light exposure to beat jet lag';
    const story = trend('story', 2, APP, [], 28);
    const lastReport = 2 + 27 / 60;
    const judged = (few: [string, DetectArticle[]], cosine: number, o = DEFAULT_REJOIN_OPTIONS, joins?: RejoinJoin[]) =>
      rejoinStories(
        rejoinCandidates(storyViews(new Map([story, few]), idf, o), o),
        agreeing([TRYING], cosine),
        o,
        joins,
      );
    const late = trend('few', lastReport + 14.6, TRYING, [], 3);
    const joins: RejoinJoin[] = [];
    expect([...judged(late, 0.838, DEFAULT_REJOIN_OPTIONS, joins)]).to.deep.equal([['few', 'story']]);
    expect(joins.map((j) => [j.test, j.articles])).to.deep.equal([['late fragment', [28, 3]]]);
    expect(judged(late, 0.81).size, 'under rejoinLateMeaning (a mixed small trend read 0.81)').to.equal(0);
    const off = { ...DEFAULT_REJOIN_OPTIONS, rejoinLateMeaning: 1 };
    expect(judged(late, 0.838, off).size, 'off: the size gate refuses it').to.equal(0);
    // Only the meaning test: the looser ones (here the event test, one kind of event) do not apply.
    const [large, small] = storyViews(new Map([story, late]), idf);
    expect(sameStory(large!, small!, 0.75, { ...DEFAULT_REJOIN_OPTIONS, rejoinKindMatch: 0 })).to.equal(false);
    expect(sameStory(large!, small!, 0.75, { ...off, rejoinKindMatch: 0 }), 'an event pair of that meaning').to.equal(
      true,
    );
    const alone = trend('few', lastReport + 14.6, TRYING, [], 1);
    expect(judged(alone, 0.9).size, 'a single report').to.equal(0);
    const small2 = trend('other', lastReport + 14.6, TRYING, [], 3);
    expect(
      rejoinCandidates(storyViews(new Map([trend('few', 2, APP, [], 4), small2]), idf)),
      'two small trends',
    ).to.have.length(0);
  });

  it('joins trends naming nobody in common when their headlines agree; an entity gate is an option', () => {
    // The missing plane's "Public satellites search ..." and "Chinese satellite images ..." trends
    // hold no entity in common, yet tell one story.
    const trends = new Map([trend('early', 2, QUIT, ['Lena Dunham']), trend('late', 30, QUIT_AGAIN, ['HBO'])]);
    const pairs = rejoinCandidates(storyViews(trends, idf));
    expect([...rejoinStories(pairs, embed)]).to.deep.equal([['late', 'early']]);
    const gated = { ...DEFAULT_REJOIN_OPTIONS, rejoinEntities: 1 };
    expect(rejoinCandidates(storyViews(trends, idf, gated), gated)).to.have.length(0);
    const snl = new Map([trend('quit', 2, QUIT, ['Lena Dunham']), trend('snl', 30, SNL, ['HBO'])]);
    expect(rejoinStories(rejoinCandidates(storyViews(snl, idf)), embed).size, 'other meaning: apart').to.equal(0);
  });

  it('lets a pair sharing fewer key terms past the terms gate when its headlines agree at rejoinTermsMeaning', () => {
    // Heartbleed on UCI April 20-30k: "what to do" (272 reports) and the "good news" (10) share under
    // 3 of their 10 heaviest terms (centroid 0.738), yet their central headlines agree at 0.891.
    const WHAT_TO_DO = 'What to do about the Heartbleed security bug';
    const GOOD_NEWS = 'Heartbleed may not be that dangerous after all';
    const rare = (t: string): number => (t.startsWith('heartbleed') ? 6 : 1);
    const trends = new Map([trend('todo', 2, WHAT_TO_DO, []), trend('news', 20, GOOD_NEWS, [])]);
    const views = storyViews(trends, rare);
    const [todo, news] = views as [StoryView, StoryView];
    expect(keyTermsShared(todo, news, DEFAULT_REJOIN_OPTIONS), 'under 3 key terms shared').to.equal(false);
    const joined = (cosine: number, o = DEFAULT_REJOIN_OPTIONS) =>
      rejoinStories(rejoinCandidates(storyViews(trends, rare, o), o), agreeing([GOOD_NEWS], cosine), o);
    expect([...joined(0.89)]).to.deep.equal([['news', 'todo']]);
    expect(joined(0.85).size, 'the meaning test alone: the terms gate stands').to.equal(0);
    // The judge reads the shared terms from the pair itself, however the pair was made.
    expect(rejoinStories([[todo, news]], agreeing([GOOD_NEWS], 0.85)).size, 'a pair made by hand').to.equal(0);
    expect(rejoinStories([[todo, news]], agreeing([GOOD_NEWS], 0.89)).size).to.equal(1);
    const off = { ...DEFAULT_REJOIN_OPTIONS, rejoinTermsMeaning: 1 };
    expect(rejoinCandidates(views, off), 'off: the terms gate refuses the pair').to.have.length(0);
    expect(joined(0.89, off).size).to.equal(0);
  });

  it('joins headlines agreeing at 0.6-0.8 only when both report one company event (same kind, same company)', () => {
    // The GM recall's later days (central-headline meaning 0.748 on UCI March 1-15): the meaning
    // drifts with what happened next while the company and the recall stay.
    const LOANER = 'GM to offer loaner cars, cash to owners for ignition recall';
    const PROBE = 'GM faces probe in US Congress over slow recall';
    const THEFT = 'Samsung Galaxy S5 gets anti-theft features';
    const UNVEIL = 'Samsung to unveil Galaxy S5';
    const pair = (a: string, b: string): [StoryView, StoryView][] => [[view('early', [a], 2), view('late', [b], 30)]];
    expect([...rejoinStories(pair(LOANER, PROBE), agreeing([PROBE], 0.75))]).to.deep.equal([['late', 'early']]);
    // A recall both report is also the same kind of event (the event test); off, this rule alone.
    const off = { ...DEFAULT_REJOIN_OPTIONS, rejoinEventMeaning: 1, rejoinKindMeaning: 1 };
    const off7 = { ...DEFAULT_REJOIN_OPTIONS, rejoinEventMeaning: 0.7, rejoinKindMeaning: 1 };
    expect(rejoinStories(pair(LOANER, PROBE), agreeing([PROBE], 0.75), off).size, 'rule off').to.equal(0);
    expect(rejoinStories(pair(LOANER, PROBE), agreeing([PROBE], 0.55)).size, 'below 0.6').to.equal(0);
    // GM's 1.5 million recall and its chief's apology (0.621 on UCI March 16-31 0-10k), read one
    // story; at the floor before (0.7) they stayed apart.
    const RECALLS = 'GM recalls another 1.5 million vehicles';
    const APOLOGY = "GM's Barra 'very sorry' for deaths, names safety chief amid recall";
    expect([...rejoinStories(pair(RECALLS, APOLOGY), agreeing([APOLOGY], 0.62), off7)]).to.deep.equal([]);
    expect([...rejoinStories(pair(RECALLS, APOLOGY), agreeing([APOLOGY], 0.62))]).to.deep.equal([['late', 'early']]);
    // Two launches of one company, read two stories (0.538): under the floor.
    const PERSONAL = 'Microsoft launches Office 365 Personal for $6.99';
    const IPAD = 'Microsoft may unveil Office for iPad on March 27';
    expect(rejoinStories(pair(PERSONAL, IPAD), agreeing([IPAD], 0.54)).size, 'two launches').to.equal(0);
    expect(rejoinStories(pair(THEFT, UNVEIL), agreeing([UNVEIL], 0.75)).size, 'one company, no event').to.equal(0);
    expect(rejoinStories(pair(THEFT, UNVEIL), agreeing([UNVEIL], 0.8)).size, 'at 0.8 any pair').to.equal(1);
  });

  it('joins headlines agreeing at 0.6-0.8 about one single-word name, reported at once or both centred on it', () => {
    // Sbarro's filing as two fragments founded 43 minutes apart (central-headline meaning 0.656), and
    // Titanfall's reviews and launch a day apart (0.615, centroid cosine 0.917), on UCI March 1-15.
    const CH11 = 'Sbarro again files for Chapter 11 reorganization';
    const BANKRUPT = 'Pizza chain Sbarro files for bankruptcy again';
    const REVIEW = 'Titanfall review: Titanfall, the Titanfall launch on Xbox';
    const LAUNCH = 'Titanfall launch: Titanfall on Xbox, Titanfall review, servers';
    const agreeing =
      (second: string, cosine: number) =>
      (text: string): Float32Array =>
        text === second ? Float32Array.of(cosine, Math.sqrt(1 - cosine * cosine)) : Float32Array.of(1, 0);
    const pair = (a: [string, DetectArticle[]], b: [string, DetectArticle[]]) => {
      const views = storyViews(new Map([a, b]), idf);
      return [[views[0]!, views[1]!]] as [StoryView, StoryView][];
    };
    // Both told with one lead, as reports of one filing are: their key terms are shared.
    const FILED = 'The pizza chain Sbarro filed for bankruptcy protection';
    const atOnce = (entities: string[], lateHour = 2.05) =>
      pair(trend('early', 2, CH11, entities, 6, FILED), trend('late', lateHour, BANKRUPT, entities, 6, FILED));
    const filing = agreeing(BANKRUPT, 0.65);
    expect([...rejoinStories(atOnce(['sbarro']), filing)]).to.deep.equal([['late', 'early']]);
    expect(namedSubject(...atOnce(['sbarro'])[0]!)).to.equal('sbarro');
    expect(rejoinStories(atOnce(['sbarro']), agreeing(BANKRUPT, 0.55)).size, 'below 0.6').to.equal(0);
    expect(rejoinStories(atOnce(['planet fitness']), filing).size, 'a two-word name').to.equal(0);
    expect(rejoinStories(atOnce(['sbarro', 'pizza hut']), filing).size, 'two names shared').to.equal(0);
    expect(rejoinStories(atOnce(['sbarro'], 3), filing).size, 'not at once, not centred').to.equal(0);
    const off = { ...DEFAULT_REJOIN_OPTIONS, rejoinNameMeaning: 1 };
    expect(rejoinStories(atOnce(['sbarro']), filing, off).size, 'rule off').to.equal(0);

    // One outlet's report an hour ahead of the burst founds the earlier trend (the FDA's migraine
    // headband on a real demo): its founding is read at its second report.
    const ahead = (lead: number[]): [string, DetectArticle[]] => {
      const [id, burst] = trend('early', 2, CH11, ['sbarro'], 6, FILED);
      const leads = lead.map((hour, i) => ({ ...burst[0]!, id: `lead-${i}`, time: hour * H }));
      return [id, [...leads, ...burst]];
    };
    const late = trend('late', 2.02, BANKRUPT, ['sbarro'], 6, FILED);
    expect([...rejoinStories(pair(ahead([0]), late), filing)], 'one report ahead').to.deep.equal([['late', 'early']]);
    expect(rejoinStories(pair(ahead([0, 0.1]), late), filing).size, 'two reports ahead: a running trend').to.equal(0);
    expect(rejoinStories(pair(ahead([0]), late), agreeing(BANKRUPT, 0.55)).size, 'one ahead, below 0.6').to.equal(0);

    const dayApart = (entities: string[]) =>
      pair(trend('early', 2, REVIEW, entities), trend('late', 30, LAUNCH, entities));
    const game = agreeing(LAUNCH, 0.62);
    expect([...rejoinStories(dayApart(['titanfall']), game)]).to.deep.equal([['late', 'early']]);
    expect(namedSubject(...dayApart(['titanfall'])[0]!), 'the heaviest term of both').to.equal('titanfall');
    // The two headlines also report one kind of event with one cast (the event cast test): off here.
    const nameOnly = { ...DEFAULT_REJOIN_OPTIONS, rejoinCastMeaning: 1 };
    expect(rejoinStories(dayApart(['xbox']), game, nameOnly).size, 'a name neither centres on').to.equal(0);
    expect(rejoinStories(dayApart(['titanfall']), game, { ...off, rejoinCastMeaning: 1 }).size, 'rule off').to.equal(0);
    const strict = { ...nameOnly, rejoinNameCosine: 0.95 };
    expect(rejoinStories(dayApart(['titanfall']), game, strict).size, 'words agreeing too little').to.equal(0);
  });

  it('event test: joins at 0.7-0.8 the same kind of event, not two days or two releases', () => {
    // The Tamiflu review told again the next day (central-headline meaning 0.760 on UCI April 30-40k);
    // look-alikes of two stories: the states' jobless rates / the UK's (0.697 on UCI March 16-31),
    // Q4 GDP / February's spending, Game of Thrones' film question / the series' next seasons (0.720),
    // and two trading days.
    const TAMIFLU = ["Researchers question Tamiflu's effectiveness in treating the flu", 'Study Questions Tamiflu'];
    const TAMIFLU_NEXT = ['Millions wasted on Tamiflu, research', 'Does Tamiflu work? Review finds little'];
    const STATES = ['Unemployment rates drop in 43 US states in January', 'Unemployment rates drop in 43 states'];
    const UK = [
      'UK jobless falls but unemployment rate steady at 7.2%',
      "Oregon's unemployment rate falls below 7 percent",
    ];
    const GDP = [
      'US fourth-quarter economic growth revised to 2.6 percent',
      'Fourth-quarter economic growth revised higher',
    ];
    const SPENDING = ['US consumer spending up 0.3 percent in February', 'Consumer spending rises in February'];
    const SEASONS = [
      'Will there be a Game of Thrones movie?',
      "Another Sign 'Game Of Thrones' Will Be Around For Seasons 5 & 6",
    ];
    const FILM = [
      "'Game of Thrones': The Epic Fan Experience",
      "Game of Thrones 'might need film', says George RR Martin",
    ];
    const MONDAY = ['Stocks fall on weak China export data', 'Wall Street stocks slide as tech shares drop'];
    const TUESDAY = ['Stocks rise as investors shrug off Ukraine', 'Wall Street stocks climb on earnings'];
    /** Two trends a day apart, each of six reports told in the given headlines. */
    const pair = (a: string[], b: string[]): [StoryView, StoryView][] => [[view('early', a, 2), view('late', b, 30)]];
    const joins: RejoinJoin[] = [];
    // On by default at 0.7.
    const on = DEFAULT_REJOIN_OPTIONS;
    const at = (a: string[], b: string[], cosine: number, o = on) =>
      rejoinStories(pair(a, b), agreeing(b, cosine), o, joins).size;
    expect(at(TAMIFLU, TAMIFLU_NEXT, 0.76), 'one study told again').to.equal(1);
    expect(joins.map((j) => j.test)).to.deep.equal(['event']);
    const castOff = { ...DEFAULT_REJOIN_OPTIONS, rejoinCastMeaning: 1 };
    expect(at(TAMIFLU, TAMIFLU_NEXT, 0.68, castOff), 'below 0.7').to.equal(0);
    expect(at(TAMIFLU, TAMIFLU_NEXT, 0.76, { ...DEFAULT_REJOIN_OPTIONS, rejoinKindMeaning: 1 }), 'off at 1').to.equal(
      0,
    );
    expect(at(STATES, UK, 0.75), 'two places of one statistic').to.equal(0);
    expect(at(GDP, SPENDING, 0.75), 'two statistics').to.equal(0);
    expect(at(SEASONS, FILM, 0.75), 'a series next seasons / a film').to.equal(0);
    expect(at(MONDAY, TUESDAY, 0.75), 'two trading days').to.equal(0);
    // A series' finale / its next season's poster (UCI April 0-10k, 0.716; season-numbers.ts), and
    // one season's preview / its premiere (March 16-31 0-10k, read one story) still joined.
    const FINALE = ["The Walking Dead season 4 finale 'A' recap", 'The Walking Dead Season 4 Finale breaks records'];
    const NEXT_SEASON = ['Walking Dead season 5 poster is out', 'The Walking Dead: 5 things we want from season 5'];
    expect(at(FINALE, NEXT_SEASON, 0.72), 'a finale / the next season').to.equal(0);
    const PREVIEW = ['Dancing With The Stars Season 18: What To Expect', 'Dancing with the Stars season 18 preview'];
    const PREMIERE = [
      "'Dancing with the Stars': Season 18 Premiere",
      'Dancing With the Stars Season 18 Premiere recap',
    ];
    expect(at(PREVIEW, PREMIERE, 0.79), "one season's preview / premiere").to.equal(1);
    expect(joins).to.have.length(2);
  });

  it('event cast test: joins the same kind of event at 0.6-0.7 only when neither side names a second thing', () => {
    // Pairs read by hand (data/story-joins/read-pairs.tsv, held-out-pairs.tsv) with their meanings:
    // one story told with one cast, and two stories of one kind that name another product, week,
    // network or film in two of their central headlines.
    const SEARCH = [
      "Malaysia Airlines: Co-pilot spoke missing plane's last word",
      'Malaysia Airlines flight MH370: Search on for missing plane, focus on Indian ...',
      'Search for missing Malaysian Airlines plane expands from Australia to Kazakhstan',
    ];
    const SIMULATOR = [
      "Missing Malaysia Airlines MH370: Pilot's Flight Simulator Data Deleted",
      "Malaysia: Files Deleted from Missing Pilot's Flight Simulator",
      'Missing Malaysia plane: Files were deleted from flight simulator',
    ];
    const PS4 = [
      'PS4 Sales Tops Xbox One in February, But Not By Much',
      'US PS4 sales only just beat Xbox One in February',
      "Microsoft's Xbox One catches up to the PS4",
    ];
    const TITANFALL = [
      'Xbox One: Titanfall Boosts Sales By 96%',
      'Titanfall boosts Xbox One sales',
      'Titanfall helps Xbox One sales in the UK',
    ];
    const GAS = [
      'US gas prices rose nearly 5 cents over 2 weeks - survey',
      'US gas prices rose nearly 5 cents over two weeks - Survey',
    ];
    const GAS_NEXT = [
      'Gas prices hold',
      'Gas prices up, but still lower than last year',
      'Gas prices fall 1 cent over past week',
    ];
    const joins: RejoinJoin[] = [];
    const at = (a: string[], b: string[], cosine: number, o = DEFAULT_REJOIN_OPTIONS) =>
      rejoinStories([[view('a', a, 0), view('b', b, 30)]], agreeing(b, cosine), o, joins).size;
    expect(at(SEARCH, SIMULATOR, 0.656), "one day's search / the next day's").to.equal(1);
    expect(joins.map((j) => j.test)).to.deep.equal(['event cast']);
    expect(at(SEARCH, SIMULATOR, 0.59), 'below 0.6').to.equal(0);
    expect(at(SEARCH, SIMULATOR, 0.656, { ...DEFAULT_REJOIN_OPTIONS, rejoinCastMeaning: 1 }), 'off').to.equal(0);
    expect(
      at(SEARCH, SIMULATOR, 0.656, { ...DEFAULT_REJOIN_OPTIONS, rejoinKindMeaning: 1 }),
      'event test off',
    ).to.equal(0);
    expect(at(PS4, TITANFALL, 0.672), 'another product: PS4').to.equal(0);
    expect(at(GAS, GAS_NEXT, 0.696), 'another week: 5 cents, 1 cent').to.equal(0);
    expect(at(TERMINATOR, SABOTAGE, 0.616), 'another film: the Terminator').to.equal(0);
    expect(at(PS4, TITANFALL, 0.72), 'at 0.7 the event test joins as before').to.equal(1);
    expect(joins.map((j) => j.test)).to.deep.equal(['event cast', 'event']);
  });

  it('occasion test: joins two trends naming one occasion at 0.3, not two stories of one subject', () => {
    const LIST = ['James Franco: Lindsay Lohan lied on sex list', "Lindsay Lohan's sex list a lie, says James Franco"];
    const RATINGS = [
      "The Ratings For Lindsay Lohan's Reality Show Are In...",
      "Modest ratings for Lindsay Lohan's reality show",
    ];
    const joins: RejoinJoin[] = [];
    const at = (a: string[], b: string[], cosine: number, o = DEFAULT_REJOIN_OPTIONS) =>
      rejoinStories([[view('a', a, 0), view('b', b, 30)]], agreeing(b, cosine), o, joins).size;
    expect(at(CONAN, WINNERS, 0.354), "the host's promise / the winners").to.equal(1);
    expect(joins.map((j) => j.test)).to.deep.equal(['occasion']);
    expect(at(CONAN, WINNERS, 0.29), 'below 0.3').to.equal(0);
    expect(at(CONAN, WINNERS, 0.354, { ...DEFAULT_REJOIN_OPTIONS, rejoinOccasionMeaning: 1 }), 'off').to.equal(0);
    expect(at(TERMINATOR, SABOTAGE, 0.616), 'another film: the Terminator').to.equal(0);
    expect(at(FINALE, SPLIT, 0.75), "a show's finale / the couple's split").to.equal(0);
    expect(at(LIST, RATINGS, 0.6), "Lohan's list / her show's ratings").to.equal(0);
  });

  it('judges only pairs with a trend the run changed, joins transitively to the earliest, and is off at cosine 0', () => {
    const trends = new Map([
      trend('a', 2, QUIT, ['Lena Dunham']),
      trend('b', 30, QUIT_AGAIN, ['Lena Dunham']),
      trend('c', 60, QUIT, ['Lena Dunham']),
    ]);
    const views = storyViews(trends, idf);
    expect(rejoinCandidates(views, DEFAULT_REJOIN_OPTIONS, new Set(['zzz']))).to.have.length(0);
    expect([...rejoinStories(rejoinCandidates(views), embed)]).to.deep.equal([
      ['b', 'a'],
      ['c', 'a'],
    ]);
    expect(storyViews(trends, idf, { ...DEFAULT_REJOIN_OPTIONS, rejoinCosine: 0 })).to.have.length(0);
  });

  it('reads a stored trend the run did not touch only when its compact state pairs it with one it did', async () => {
    // A story reported again after its earlier trend stopped moving: nothing in the run read the
    // earlier one, whose stored state (centroid terms, entity counts) stands for it until then.
    const [earlyId, earlyMembers] = trend('early', 2, QUIT, ['Lena Dunham']);
    const [otherId, otherMembers] = trend('other', 3, 'Markets rally as oil prices fall', ['OPEC']);
    const state = (id: string, members: DetectArticle[]): ActiveTrend => {
      const terms: Record<string, number> = {};
      for (const m of members) for (const [t, w] of articleVector(m.title, m.text, idf)) terms[t] = (terms[t] ?? 0) + w;
      return {
        id,
        terms,
        entities: { [members[0]!.entities[0]!]: members.length },
        article_count: members.length,
        first_seen: members[0]!.time,
        last_seen: members[members.length - 1]!.time,
      };
    };
    const states = [state(earlyId, earlyMembers), state(otherId, otherMembers)];
    expect(stateView(states[0]!).entities).to.deep.equal(new Set(['Lena Dunham']));
    const asked: string[][] = [];
    const read = (ids: string[]): Promise<Map<string, DetectArticle[]>> => {
      asked.push(ids);
      return Promise.resolve(new Map(ids.map((id) => [id, id === earlyId ? earlyMembers : otherMembers])));
    };
    const late = new Map([trend('late', 30, QUIT_AGAIN, ['Lena Dunham'])]);
    const working = (): Promise<typeof embed> => Promise.resolve(embed);
    // The stored states found by the new trend's key terms (as the run's query over detect_terms).
    const byTerms = (keys: readonly string[]): Promise<ActiveTrend[]> =>
      Promise.resolve(states.filter((t) => Object.keys(t.terms).some((k) => keys.includes(k))));
    const joined = await rejoinTrends(late, idf, quiet, DEFAULT_REJOIN_OPTIONS, new Set(['late']), working, {
      states: byTerms,
      read,
    });
    expect([...joined]).to.deep.equal([['late', 'early']]);
    expect(asked, 'only the stored trend the cheap gates pair with the new one').to.deep.equal([['early']]);
  });

  it('asks for the stored trends within the bounds only, and joins what it joins without them', async () => {
    const state = (id: string, members: DetectArticle[]): ActiveTrend => {
      const terms: Record<string, number> = {};
      for (const m of members) for (const [t, w] of articleVector(m.title, m.text, idf)) terms[t] = (terms[t] ?? 0) + w;
      return {
        id,
        terms,
        entities: { [members[0]!.entities[0]!]: members.length },
        article_count: members.length,
        first_seen: members[0]!.time,
        last_seen: members[members.length - 1]!.time,
      };
    };
    // One story stored at several hours around a run's trend founded at hour 100 (rejoinHours 72):
    // ending just within 72 h before it, long before it, after it, and one too small to pair.
    const stored = [
      trend('long-before', 0, QUIT, ['Lena Dunham']),
      trend('just-within', 28, QUIT, ['Lena Dunham']),
      trend('after', 120, QUIT, ['Lena Dunham']),
      trend('small', 60, QUIT, ['Lena Dunham'], 1),
    ].map(([id, members]) => state(id, members));
    const run = new Map([trend('run', 100, QUIT_AGAIN, ['Lena Dunham'])]);
    const members = new Map(
      [...stored].map((t) => [t.id, trend(t.id, t.first_seen / H, QUIT, ['Lena Dunham'], t.article_count)[1]]),
    );
    const working = (): Promise<typeof embed> => Promise.resolve(embed);
    const rejoin = async (bounded: boolean) => {
      const given: string[] = [];
      const asked: string[][] = [];
      const joined = await rejoinTrends(run, idf, quiet, DEFAULT_REJOIN_OPTIONS, new Set(['run']), working, {
        states: (_keys, bounds) => {
          const within = stored.filter(
            (t) => !bounded || (t.article_count >= bounds.minArticles && t.last_seen >= bounds.lastSeenFrom),
          );
          given.push(...within.map((t) => t.id));
          return Promise.resolve(within);
        },
        read: (ids) => {
          asked.push(ids);
          return Promise.resolve(new Map(ids.map((id) => [id, members.get(id)!])));
        },
      });
      return { joined: [...joined], asked, given };
    };
    const bounded = await rejoin(true);
    const every = await rejoin(false);
    expect(bounded.given).to.deep.equal(['just-within', 'after']);
    expect(every.given).to.have.length(4);
    expect(bounded.asked).to.deep.equal(every.asked);
    expect(bounded.joined).to.deep.equal(every.joined);
    expect(bounded.joined).to.deep.equal([
      ['after', 'just-within'],
      ['run', 'just-within'],
    ]);
    expect(rejoinBounds([{ first_seen: 100 * H }, { first_seen: 90 * H }], DEFAULT_REJOIN_OPTIONS)).to.deep.equal({
      minArticles: DEFAULT_REJOIN_OPTIONS.rejoinAtOnceMinArticles,
      lastSeenFrom: 18 * H,
    });
  });

  it('leaves the trends as they are when the encoder is unavailable', async () => {
    const trends = new Map([trend('early', 2, QUIT, ['Lena Dunham']), trend('late', 30, QUIT_AGAIN, ['Lena Dunham'])]);
    const failing = (): Promise<never> => Promise.reject(new Error('no model files'));
    expect((await rejoinTrends(trends, idf, quiet, DEFAULT_REJOIN_OPTIONS, undefined, failing)).size).to.equal(0);
    const working = (): Promise<typeof embed> => Promise.resolve(embed);
    expect([...(await rejoinTrends(trends, idf, quiet, DEFAULT_REJOIN_OPTIONS, undefined, working))]).to.deep.equal([
      ['late', 'early'],
    ]);
  });
});
