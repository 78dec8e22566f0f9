// Tests .ci/review-comment.cjs against a fake GitHub (node, no packages):
// one comment, updated on each push; a person's comment is never edited; a
// failed review still replaces the last one; called from a pull_request
// event, a fork gets the job summary. Called as review-publish.yml calls it
// (a workflow_run event: the pull request's number and the review's run
// passed in), a fork's pull request gets the comment too, linking the review
// run; a number that is not one posts nothing; a comment.md that is a link
// is not read.
//
//   node .ci/review-comment.test.cjs [COMMENT IMAGES_URL PAGE_URL]
//
// With a comment.md that .ci/review.sh wrote for a one-figure change
// (.ci/workflow-commands), it also posts that and checks what the pull
// request shows: one figure, two changed pages, its old and new drawings
// served from IMAGES_URL, and the link to the review page.
'use strict';
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const post = require('./review-comment.cjs');

function fakes(comments, fork = false, workflowRun = false) {
  const calls = [];
  const github = {
    paginate: async (method, args) => {
      calls.push(['list', args.issue_number]);
      return comments;
    },
    rest: {
      issues: {
        listComments: 'listComments',
        createComment: async (args) => calls.push(['create', args.issue_number, args.body]),
        updateComment: async (args) => calls.push(['update', args.comment_id, args.body]),
      },
    },
  };
  const summaries = [];
  const core = {
    summary: { addRaw: (t) => ({ write: async () => summaries.push(t) }) },
    notice: () => {},
    info: () => {},
    warning: (m) => calls.push(['warning', m]),
    setFailed: (m) => calls.push(['failed', m]),
  };
  const context = {
    repo: { owner: 'o', repo: 'r' },
    serverUrl: 'https://github.com',
    runId: 7,
    payload: workflowRun
      ? { workflow_run: { id: 99, event: 'pull_request', pull_requests: [] } }
      : { pull_request: { number: 3, head: { repo: { full_name: fork ? 'x/r' : 'o/r' } } } },
  };
  return { github, core, context, calls, summaries };
}

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-comment-'));
  const file = path.join(dir, 'comment.md');
  fs.writeFileSync(file, '### ladder diff\n\nNothing changed.\n');

  // The first push creates the comment, with the marker first.
  let f = fakes([{ id: 1, user: { login: 'someone' }, body: `${post.MARKER} quoted by a person` }]);
  assert.strictEqual(await post({ ...f, file }), 'created');
  const created = f.calls.find((c) => c[0] === 'create');
  assert.ok(created[2].startsWith(`${post.MARKER}\n### ladder diff`), created[2]);
  assert.ok(created[2].includes('https://github.com/o/r/actions/runs/7'));
  assert.strictEqual(f.summaries[0], created[2]);

  // The next push updates the bot's comment, not the person's.
  f = fakes([
    { id: 1, user: { login: 'someone' }, body: `${post.MARKER} quoted` },
    { id: 2, user: { login: 'github-actions[bot]' }, body: `${post.MARKER}\nold` },
  ]);
  assert.strictEqual(await post({ ...f, file }), 'updated');
  assert.deepStrictEqual(f.calls.filter((c) => c[0] !== 'list').map((c) => c.slice(0, 2)), [['update', 2]]);

  // No comment.md (the review failed): the comment says so instead of going stale.
  f = fakes([]);
  assert.strictEqual(await post({ ...f, file: path.join(dir, 'missing.md') }), 'created');
  assert.ok(f.calls.find((c) => c[0] === 'create')[2].includes('**No review**'));

  // A fork's pull request: the summary only, no call that needs write access.
  f = fakes([], true);
  assert.strictEqual(await post({ ...f, file }), 'summary');
  assert.deepStrictEqual(f.calls, []);
  assert.strictEqual(f.summaries.length, 1);

  // review-publish.yml's call (workflow_run, a fork's pull request, whose
  // payload names none): the comment goes on the number passed, and links
  // the review run passed, not the publishing run.
  f = fakes([], true, true);
  assert.strictEqual(await post({ ...f, file, issue: '12', runId: '99' }), 'created');
  const forked = f.calls.find((c) => c[0] === 'create');
  assert.strictEqual(forked[1], 12);
  assert.deepStrictEqual(f.calls[0], ['list', 12]);
  assert.ok(forked[2].startsWith(`${post.MARKER}\n### ladder diff`), forked[2]);
  assert.ok(forked[2].includes('https://github.com/o/r/actions/runs/99)'), forked[2]);
  assert.ok(!forked[2].includes('/actions/runs/7'), forked[2]);

  // ... and on its next push, updates the bot's comment on that number.
  f = fakes([{ id: 5, user: { login: 'github-actions[bot]' }, body: `${post.MARKER}\nold` }], true, true);
  assert.strictEqual(await post({ ...f, file, issue: 12, runId: 100 }), 'updated');
  assert.deepStrictEqual(f.calls.map((c) => c.slice(0, 2)), [['list', 12], ['update', 5]]);

  // A failed review (no comment.md) says so on the number passed.
  f = fakes([], true, true);
  assert.strictEqual(await post({ ...f, file: path.join(dir, 'missing.md'), issue: '12', runId: '99' }), 'created');
  assert.ok(f.calls.find((c) => c[0] === 'create')[2].includes('**No review**'));

  // Not a number (the artifact's text is the pull request's): nothing posted.
  for (const [issue, runId] of [['7; rm -rf /', '99'], ['../8', '99'], ['012', '99'], ['', '99'], ['12', '9 9']]) {
    f = fakes([], true, true);
    assert.strictEqual(await post({ ...f, file, issue, runId }), 'none', `${issue} ${runId}`);
    assert.deepStrictEqual(f.calls.map((c) => c[0]), ['failed'], `${issue} ${runId}`);
    assert.deepStrictEqual(f.summaries, []);
  }

  // A comment.md that is a link (to a secret, say) is not read: no review.
  const secret = path.join(dir, 'secret');
  fs.writeFileSync(secret, 'SECRET-TOKEN\n');
  const link = path.join(dir, 'link.md');
  fs.symlinkSync(secret, link);
  f = fakes([], true, true);
  assert.strictEqual(await post({ ...f, file: link, issue: '12', runId: '99' }), 'created');
  const linked = f.calls.find((c) => c[0] === 'create')[2];
  assert.ok(linked.includes('**No review**') && !linked.includes('SECRET'), linked);
  assert.ok(f.calls.some((c) => c[0] === 'warning'));

  let cases = 9;
  const [real, images, page] = process.argv.slice(2);
  if (real) {
    // As review-publish.yml posts it.
    f = fakes([], true, true);
    assert.strictEqual(await post({ ...f, file: real, issue: '7', runId: '9' }), 'created');
    const shown = f.calls.find((c) => c[0] === 'create')[2];
    const count = (re) => (shown.match(re) ?? []).length;
    // The figure's essay and the index, whose question shows the figure;
    // the search's index, which holds the essay's words (its caption's
    // count of values changed).
    assert.ok(shown.includes('**Figures:** 1 changed, 0 added, 0 removed. **Pages:** 2 changed'), shown);
    assert.strictEqual(count(/^\*\*`[^`]+`\*\*/gm), 1, `one figure:\n${shown}`);
    const pages = shown.split('#### Pages and other files\n\n')[1] ?? '';
    assert.deepStrictEqual(pages.split('\n\n')[0].split('\n'), ['- `certificates.html`', '- `index.html`', '- `search-index.js`'], shown);
    const drawings = [...shown.matchAll(/!\[([^\]]*)\]\(([^)]*)\)/g)].map((m) => [m[1], m[2]]);
    assert.deepStrictEqual(drawings, [
      ['old cert-1-3-4', `${images}/old/1.svg`],
      ['new cert-1-3-4', `${images}/new/1.svg`],
    ]);
    assert.ok(shown.includes(`[The review page](${page})`), shown);
    cases += 1;
  }

  fs.rmSync(dir, { recursive: true });
  console.log(`review-comment: ${cases} cases pass`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
