/** English function words left out of term vectors (classifier features and trend signatures). */
export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have having ' +
    'he her here hers herself him himself his how i if in into is it its itself just me more most my myself no ' +
    'nor not now of off on once only or other our ours ourselves out over own same she should so some such than ' +
    'that the their theirs them themselves then there these they this those through to too under until up very ' +
    'was we were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'said says say new one two first last year years time told get got like make made may might must much many ' +
    'us via per amp quot nbsp lt gt reuters ap afp com www http https html updated according since still ' +
    'another well even back around including whether however though yet already'
  ).split(' '),
);
