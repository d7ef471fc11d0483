import type { ArticleDoc } from '@trendscope/core';
import { publisherArticle } from './factories';

/** One story in two bursts a day apart, the story rejoin's fixtures: Neil Young's Pono player launched, then on Kickstarter. */
export const LAUNCH = [
  'Neil Young to launch Pono music player',
  'Neil Young launches Pono music player',
  'Neil Young unveils Pono music player',
  "Neil Young's Pono music player to launch",
  'Neil Young launching Pono high-resolution music player',
];

/** The second burst: its headlines tell the same story in other words (their meanings agree, their terms in part). */
export const KICKSTARTER = [
  "Neil Young's Pono music player launches on Kickstarter",
  'Neil Young takes Pono music player to Kickstarter',
  "Neil Young's Pono player hits Kickstarter",
  'Neil Young launches Pono music player Kickstarter',
  "Neil Young's Pono music player Kickstarter goes live",
];

/** A report of the story by a publisher of its own, at `at` (ms), naming Neil Young. */
export function ponoArticle(id: string, at: number, title: string): { id: string; doc: ArticleDoc } {
  return publisherArticle(id, at, title, ['Neil Young']);
}
