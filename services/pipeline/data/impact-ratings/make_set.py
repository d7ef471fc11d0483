"""Draws the impact-rating set (stories.jsonl) from the shared corpora: 240 UCI News Aggregator
gold stories of 3+ headlines (100 business, 60 technology, 40 entertainment, 40 health; up to five
distinct headlines each with their publisher) and 60 Giveme5W1H events (up to four headlines and the
first article's lead). Fixed seed: `python3 make_set.py` rewrites the same file byte for byte."""
import collections
import glob
import gzip
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
# This file is services/pipeline/data/impact-ratings/; the corpora are ../shared/corpus beside the repository.
CORPUS = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..', '..', 'shared', 'corpus'))

random.seed(20261127)
stories = collections.defaultdict(list)
cat = {}
for f in sorted(glob.glob(os.path.join(CORPUS, 'uci-news-aggregator', '*.gz'))):
    for line in gzip.open(f, 'rt', encoding='utf-8'):
        p = line.rstrip('\n').split('\t')
        if len(p) < 8: continue
        stories[p[5]].append((p[1], p[3]))
        cat[p[5]] = p[4]
by = collections.defaultdict(list)
for s, arts in stories.items():
    if len(arts) >= 3: by[cat[s]].append(s)
out = []
for c, n in [('b', 100), ('t', 60), ('e', 40), ('m', 40)]:
    ids = sorted(by[c]); random.shuffle(ids)
    for s in ids[:n]:
        arts = stories[s]
        heads = []
        for h, pub in arts:
            if h not in [x[0] for x in heads]: heads.append((h, pub))
        random.shuffle(heads)
        out.append({'story_id': 'uci:' + s, 'articles': len(arts), 'headlines': [f'{h} ({p})' for h, p in heads[:5]]})
ev = collections.defaultdict(list)
for line in open(os.path.join(CORPUS, 'giveme5w1h-news-cluster', 'news_cluster.jsonl')):
    r = json.loads(line)
    ev[r['newsCluster'].get('EventId', r['newsCluster'].get('CategoryId'))].append(r)
keys = sorted(ev, key=str); random.shuffle(keys)
for k in keys[:60]:
    rs = ev[k]
    out.append({'story_id': f'giveme:{k}', 'articles': len(rs), 'headlines': [f"{r['title']} ({r['source_domain']})" for r in rs[:4]], 'lead': (rs[0].get('description') or '')[:400]})
random.shuffle(out)
with open(os.path.join(HERE, 'stories.jsonl'), 'w') as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')
print(len(out))
