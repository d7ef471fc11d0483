#!/usr/bin/env bash
# The project's long-running Node processes, one per line as NAME=[VAR=value ...] [node flags] ENTRY
# [args]; up.sh starts them in this order and down.sh stops them in reverse.
# The API caps V8's young generation (16 MB per semi-space): at thousands of small answers a
# second the default lets it grow to ~250 MB resident for no measurable speed (README "API speed").
# Detection runs in a worker process of its own: a run holds its event loop for seconds, which in a
# shared process stalls fetching and indexing (docs/benchmarks.md "Freshness"). The detection
# process serves its metrics on PIPELINE_DETECT_METRICS_PORT (0 turns them off).
INGEST_QUEUES="discover,fetch,process,index,snapshot,retention"
echo "api=--max-semi-space-size=16 services/api/src/main.ts"
echo "pipeline-worker=PIPELINE_WORKER_QUEUES=$INGEST_QUEUES services/pipeline/src/worker.main.ts"
echo "pipeline-detect=PIPELINE_WORKER_QUEUES=detect PIPELINE_METRICS_PORT=${PIPELINE_DETECT_METRICS_PORT:-9466} services/pipeline/src/worker.main.ts"
echo "pipeline-scheduler=services/pipeline/src/scheduler.main.ts"
