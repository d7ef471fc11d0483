import { namesUsState } from './category-events';

/**
 * The largest US cities by name, as headlines write them ("59 dead, 527 injured in Las Vegas
 * shooting"): the country gazetteer (classify/geo-features.ts) holds countries, capitals and
 * nationalities, so a report that names only a US city names no country. Left out: names that are
 * as often a person's or a thing's (Austin, Charlotte, Columbus, Jackson, Phoenix, Aurora), San
 * Jose (Costa Rica's capital too) and Washington alone (a government's metonym).
 */
const US_CITY_RE =
  /\b(?:New York City|NYC|Los Angeles|Chicago|Houston|Philadelphia|San Antonio|San Diego|Dallas|Jacksonville|Fort Worth|Indianapolis|San Francisco|Seattle|Denver|Washington,? D\.?C\.?|Boston|El Paso|Nashville|Detroit|Oklahoma City|Portland|Las Vegas|Vegas|Memphis|Louisville|Baltimore|Milwaukee|Albuquerque|Tucson|Fresno|Sacramento|Kansas City|Atlanta|Miami|Orlando|Tampa|Minneapolis|Cleveland|New Orleans|Pittsburgh|Cincinnati|St\.? Louis|Saint Louis|Honolulu|Omaha|Raleigh|Oakland|Long Beach|Tulsa|Wichita|Anchorage)\b/;

/** Whether a text names a place in the US: a state (namesUsState) or one of its largest cities, as written. */
export function namesUsPlace(text: string): boolean {
  return namesUsState(text) || US_CITY_RE.test(text);
}
