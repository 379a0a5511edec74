#!/usr/bin/env bash
# Makes the upgrade fixture: a data folder written by an older Signet, which UpgradeTest opens with
# the current one. It builds the commit named below from this repository (git archive, no checkout
# is touched), runs its `demo` on a scratch folder (two accounts with keys, a template, drafts, a
# declined NDA, an NDA signed by both parties and an NDA waiting for its first signer), waits until
# the signed NDA is sealed, stops Signet with SIGTERM and copies the data folder here, without the
# native library copy (lib/), the scratch folder (tmp/) and the mail
# written to outbox/ (what was sent, not what Signet keeps). What the demo printed (keys, signing
# links) is kept beside it as demo-output.txt: the test signs with those.
#
#   src/test/resources/upgrade/make-fixture.sh [COMMIT]
#
# Needs Java 17, Maven, curl and git.
set -euo pipefail

commit=${1:-7d6da4779121547c3d68bd04138e33ee94c813a7}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
short=$(git -C "$repo" rev-parse --short=7 "$commit")
out="$here/$short"
work=$(mktemp -d)
trap 'if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

mkdir -p "$work/src" "$work/run"
git -C "$repo" archive "$commit" | tar -x -C "$work/src"
(cd "$work/src" && mvn -q -B -DskipTests package)

cd "$work/run"
java -Xmx256m -jar "$work/src/target/signet.jar" demo --port 0 >demo-output.txt 2>server.log &
pid=$!
for _ in $(seq 600); do
  grep -q 'Press Ctrl-C' demo-output.txt && break
  kill -0 "$pid" || { cat server.log; exit 1; }
  sleep 0.1
done
base=$(sed -n 's/^REST base: //p' demo-output.txt)
key=$(grep -A1 '^User sam@example.com' demo-output.txt | sed -n 's/.*Full Access  key \([^ ]*\)  secret \([^ ]*\)$/\1/p')
secret=$(grep -A1 '^User sam@example.com' demo-output.txt | sed -n 's/.*Full Access  key \([^ ]*\)  secret \([^ ]*\)$/\2/p')

auth=(-H "X-WPS-API-Key: $key" -H "X-WPS-API-Secret: $secret")

# The demo's NDA signed by both parties is sealed in the background: wait for its sealed file
# (polling once a second keeps within the per-address rate limit).
signed=$(curl -sf "${auth[@]}" "$base/documents?status=completed" | sed -n 's/^\[{"id":"\([0-9]*\)".*/\1/p')
for _ in $(seq 60); do
  curl -sf "${auth[@]}" "$base/documents/$signed" | grep -q '"signed_file_hash":"[0-9a-f]\{64\}"' && break
  sleep 1
done
curl -sf "${auth[@]}" "$base/documents/$signed" | grep -q '"signed_file_hash":"[0-9a-f]\{64\}"'

# The two drafts made from the sample images go, to keep the fixture small (and leave tombstones).
for draft in $(curl -sf "${auth[@]}" "$base/documents?status=draft" | grep -o '"id":"[0-9]*","title":"[^"]*"' \
    | grep -e 'Floor plan' -e 'Delivery receipt' | sed 's/"id":"\([0-9]*\)".*/\1/'); do
  curl -sf -X DELETE "${auth[@]}" "$base/documents/$draft" >/dev/null
done

# SIGTERM: the graceful stop checkpoints the database's write-ahead log into signet.db.
kill -TERM "$pid"
wait "$pid" || true
pid=

rm -rf "$out"
mkdir -p "$out"
(cd demo-data && tar -c --exclude=./lib --exclude=./tmp --exclude=./outbox .) | tar -x -C "$out"
cp demo-output.txt "$out/demo-output.txt"
echo "$commit" >"$out/COMMIT"
du -sh "$out"
