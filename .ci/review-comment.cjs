// Posts the review (.ci/review.sh's comment.md) as ONE comment on the pull
// request, found again on each push by a hidden marker and updated, so a
// pull request never collects a comment per push (README: "Workflows").
// Called by actions/github-script in .github/workflows/review.yml; tested
// against a fake GitHub by .ci/review-comment.test.cjs.
'use strict';
const fs = require('fs');

/** Starts our comment; the review's own text cannot hold it (it escapes `<`). */
const MARKER = '<!-- ladder-review -->';
/** Only our own comments are edited, never a person's that quotes the marker. */
const BOT = 'github-actions[bot]';

/**
 * The comment: the marker, the review (or why there is none), where the review page is.
 * The review's images (`ladder diff --images`) are published by the workflow's
 * "Publish the drawings" step before this posts.
 */
function body(markdown, runUrl) {
  const review =
    markdown ??
    `### ladder diff\n\n**No review**: building or comparing the site failed; see [the run's log](${runUrl}).\n`;
  return (
    `${MARKER}\n${review.trimEnd()}\n\n` +
    `<sub>The review page, every figure old beside new: \`html/index.html\` in the \`ladder-review\` artifact of [this run](${runUrl}).</sub>\n`
  );
}

/** Creates or updates the comment; returns what it did, for the tests. */
async function post({ github, context, core, file }) {
  const markdown = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  const { owner, repo } = context.repo;
  const runUrl = `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`;
  const text = body(markdown, runUrl);
  await core.summary.addRaw(text).write();
  const pr = context.payload.pull_request;
  if (!pr) {
    core.setFailed('not a pull_request event: there is no pull request to comment on');
    return 'none';
  }
  if (pr.head?.repo?.full_name !== `${owner}/${repo}`) {
    // A fork's token cannot write: the review is in the job summary.
    core.notice('a pull request from a fork: the review is in the job summary, not a comment');
    return 'summary';
  }
  const comments = await github.paginate(github.rest.issues.listComments, {
    owner,
    repo,
    issue_number: pr.number,
    per_page: 100,
  });
  const ours = comments.find((c) => c.user?.login === BOT && c.body?.startsWith(MARKER));
  if (ours) {
    await github.rest.issues.updateComment({ owner, repo, comment_id: ours.id, body: text });
    core.info(`updated comment ${ours.html_url ?? ours.id}`);
    return 'updated';
  }
  await github.rest.issues.createComment({ owner, repo, issue_number: pr.number, body: text });
  core.info('created the review comment');
  return 'created';
}

module.exports = post;
module.exports.MARKER = MARKER;
module.exports.body = body;
