/**
 * Central headlines of trend pairs read by hand (services/pipeline/data/story-joins), shared by the
 * rejoin's tests and the named-event reader's: one occasion told by its host and by its winners,
 * and two stories of one subject (another film, a show's finale and the couple's split, a list and
 * a show's ratings) that must stay apart.
 */
export const CONAN = [
  "Conan O'Brien promises nudity, fire at this year's MTV Movie Awards",
  "Conan O'Brien promises nudity and fire at MTV Movie Awards",
  "Conan O'Brien promises nudity, fire at MTV Movie Awards",
];
export const WINNERS = [
  'Hunger Games the big winner at MTV Movie Awards',
  "'Hunger Games' top winner at 2014 MTV Movie Awards",
  'Hunger Games tops MTV Movie Awards',
];
export const TERMINATOR = [
  'Arnold Schwarzenegger will be back as the Terminator - but should he be?',
  'Arnold Schwarzenegger WILL be back for new Terminator movie',
  "'Sabotage' Review: 10 Things to Know About the New Arnold Schwarzenegger ...",
];
export const SABOTAGE = [
  'Sabotage Review: Arnold Who?',
  "MOVIE REVIEW: Arnold is back in 'Sabotage'",
  'REVIEW: Sabotage',
];
export const FINALE = [
  '"Bachelor" Finale: Juan Pablo Makes His Decision',
  "Juan Pablo makes his decision in 'The Bachelor' finale",
  "'The Bachelor' Season 18 Spoilers: Is Juan Pablo Galavis The Worst Bachelor ...",
];
export const SPLIT = [
  "Rumor: The Bachelor's Juan Pablo And Nikki Are Already Over",
  "Juan Pablo Galavis Was 'Very Serious' About The Bachelor As Nikki Ferrell Hits ...",
  "Bachelor Juan Pablo and Nikki Ferrell's Relationship Over — ALREADY!",
];
export const LOHAN_LIST = [
  'James Franco: Lindsay Lohan lied on sex list',
  "Lindsay Lohan's sex list a lie, says James Franco",
  'James Franco says Lindsay Lohan lied about him on her sex list',
];
export const LOHAN_RATINGS = [
  "The Ratings For Lindsay Lohan's Reality Show Are In...",
  "Lindsay Lohan's Reality TV Show 'Lindsay' Debuts To Poor Ratings",
  "Modest ratings for Lindsay Lohan's reality show",
];
