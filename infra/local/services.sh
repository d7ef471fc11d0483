#!/usr/bin/env bash
# The project's long-running Node processes, one per line as NAME=[node flags] ENTRY [args]; up.sh
# starts them in this order and down.sh stops them in reverse.
# The API caps V8's young generation (16 MB per semi-space): at thousands of small answers a
# second the default lets it grow to ~250 MB resident for no measurable speed (README "API speed").
echo "api=--max-semi-space-size=16 services/api/src/main.ts"
echo "pipeline-worker=services/pipeline/src/worker.main.ts"
echo "pipeline-scheduler=services/pipeline/src/scheduler.main.ts"
