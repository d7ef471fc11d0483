"""Runs trafilatura on a list of pages and reports its output and CPU time (benchmark reference).

Usage: python run-trafilatura.py MANIFEST.json > OUT.json, where the manifest is a JSON list of
{"id": ..., "path": ...} (gzip-compressed HTML files). Output: {"version", "cpu_ms", "output"}.
Timed: trafilatura.extract on the raw bytes only (the file reading and gunzip are not counted),
after a warm-up over the first pages, as the Node side measures its own extractor.
"""
import gzip
import json
import sys
import time

import trafilatura


def main() -> None:
    manifest = json.load(open(sys.argv[1], encoding="utf-8"))
    pages = [(item["id"], gzip.decompress(open(item["path"], "rb").read())) for item in manifest]
    for _, data in pages[:20]:
        trafilatura.extract(data, include_comments=False)
    output = {}
    start = time.process_time()
    for page_id, data in pages:
        output[page_id] = trafilatura.extract(data, include_comments=False)
    cpu_ms = (time.process_time() - start) * 1000
    json.dump({"version": trafilatura.__version__, "cpu_ms": cpu_ms, "output": output}, sys.stdout)


if __name__ == "__main__":
    main()
