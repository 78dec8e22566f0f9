#!/usr/bin/env bash
# The pull-request review (the manual: "Reviewing a pull request", content/manual-reviewing.md). One script, called by
# .github/workflows/review.yml and by .ci/workflow-commands on a scratch
# repository, so what CI tests is what the workflow runs.
#
#   .ci/review.sh BASE OUTDIR      (from the repository's root)
#
# Checks that output/ is what a fresh build produces (`ladder check`),
# compares it with BASE's (`ladder diff`), and writes into OUTDIR:
#   comment.md  the pull-request comment: `ladder diff --format markdown`,
#               under a warning when the check failed
#   html/       the review page, old and new figures side by side
#   check.txt   what `ladder check` said
# The binary is $LADDER (default target/release/ladder): the caller builds it.
# With REVIEW_IMAGES_URL (where html/ will be served), the comment shows each
# changed figure's old and new drawing from there and links the review page
# (REVIEW_PAGE_URL if set, else REVIEW_IMAGES_URL/index.html); without it,
# the comment has no images.
#
# Exit: 0 reviewed, changed or not (`ladder diff` exits 1 for a change,
# which is no failure); 1 reviewed, but output/ is stale, so the job fails
# after the comment is posted; 2 an error (ladder's message on stderr), and
# no comment.md.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: .ci/review.sh BASE OUTDIR" >&2
  exit 2
fi
base=$1
out=$2
ladder=${LADDER:-target/release/ladder}
if [ ! -x "$ladder" ]; then
  echo "error: no ladder binary at $ladder: run cargo build --release --locked, or set LADDER" >&2
  exit 2
fi
mkdir -p "$out"
rm -f "$out/comment.md"

# ladder exits 0 (same), 1 (differences) or 2 (an error).
check=0
"$ladder" check >"$out/check.txt" 2>&1 || check=$?
cat "$out/check.txt" >&2
if [ "$check" -gt 1 ]; then
  echo "error: ladder check failed (exit $check)" >&2
  exit 2
fi
images=()
if [ -n "${REVIEW_IMAGES_URL:-}" ]; then
  images=(--images "$REVIEW_IMAGES_URL")
  if [ -n "${REVIEW_PAGE_URL:-}" ]; then
    images+=(--page "$REVIEW_PAGE_URL")
  fi
fi
diff=0
"$ladder" diff "$base" --format markdown --html "$out/html" "${images[@]}" >"$out/diff.md" || diff=$?
if [ "$diff" -gt 1 ]; then
  echo "error: ladder diff $base failed (exit $diff)" >&2
  exit 2
fi
{
  if [ "$check" -eq 1 ]; then
    printf '%s\n' '> [!WARNING]' \
      '> `output/` is not what a fresh build produces (`ladder check` failed): run' \
      '> `cargo run --release -- build` and commit `output/`. Below is what the committed' \
      '> `output/` changes.' ''
  fi
  cat "$out/diff.md"
} >"$out/comment.md"
if [ "$diff" -eq 0 ]; then
  echo "review: nothing changed since $base" >&2
else
  echo "review: changes since $base written to $out/comment.md and $out/html/" >&2
fi
exit "$check"
