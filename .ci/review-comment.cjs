// Posts the review (.ci/review.sh's comment.md) as ONE comment on the pull
// request, found again on each push by a hidden marker and updated, so a
// pull request never collects a comment per push (README: "Workflows").
// Called by actions/github-script in .github/workflows/review-publish.yml,
// which passes the pull request's number (`issue`, checked there) and the
// review run (`runId`), as its workflow_run event names no pull request for a
// fork; without `issue`, the pull request is the event's (a pull_request
// event). Tested against a fake GitHub by .ci/review-comment.test.cjs.
'use strict';
const fs = require('fs');

/** Starts our comment; the review's own text cannot hold it (it escapes `<`). */
const MARKER = '<!-- ladder-review -->';
/** Only our own comments are edited, never a person's that quotes the marker. */
const BOT = 'github-actions[bot]';

/**
 * The comment: the marker, the review (or why there is none), where the review page is.
 * The review's images (`ladder diff --images`) are published by
 * review-publish.yml's "Publish the drawings" step before this posts.
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

/** A positive whole number written in digits (a string or a number), or null. */
function number(value) {
  const text = String(value ?? '');
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * The review's Markdown, or null when there is none. The file is the pull
 * request's output: only a regular file is read, never what a link names.
 */
function review(file, core) {
  let stat;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return null;
  }
  if (!stat.isFile()) {
    core.warning(`${file} is not a regular file: not read`);
    return null;
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * Creates or updates the comment; returns what it did, for the tests.
 * `issue`: the pull request's number (else the event's pull request);
 * `runId`: the run whose log and artifact the comment links (else this run).
 */
async function post({ github, context, core, file, issue, runId }) {
  const { owner, repo } = context.repo;
  const run = runId === undefined ? context.runId : number(runId);
  const issueNumber = issue === undefined ? undefined : number(issue);
  if (run === null || issueNumber === null) {
    core.setFailed(`not a pull request number (${issue}) or run (${runId}): nothing posted`);
    return 'none';
  }
  const markdown = review(file, core);
  const runUrl = `${context.serverUrl}/${owner}/${repo}/actions/runs/${run}`;
  const text = body(markdown, runUrl);
  await core.summary.addRaw(text).write();
  let target = issueNumber;
  if (target === undefined) {
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
    target = pr.number;
  }
  const comments = await github.paginate(github.rest.issues.listComments, {
    owner,
    repo,
    issue_number: target,
    per_page: 100,
  });
  const ours = comments.find((c) => c.user?.login === BOT && c.body?.startsWith(MARKER));
  if (ours) {
    await github.rest.issues.updateComment({ owner, repo, comment_id: ours.id, body: text });
    core.info(`updated comment ${ours.html_url ?? ours.id}`);
    return 'updated';
  }
  await github.rest.issues.createComment({ owner, repo, issue_number: target, body: text });
  core.info('created the review comment');
  return 'created';
}

module.exports = post;
module.exports.MARKER = MARKER;
module.exports.body = body;
