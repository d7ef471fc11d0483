#!/usr/bin/env bash
# The project's long-running Node processes, one per line as NAME=ENTRY [args]; up.sh starts them
# in this order and down.sh stops them in reverse.
echo "api=services/api/src/main.ts"
echo "pipeline-worker=services/pipeline/src/worker.main.ts"
echo "pipeline-scheduler=services/pipeline/src/scheduler.main.ts"
