"""Prints one `run:` step of a workflow as a bash script, its `env:` exported
first, so .ci/workflow-commands runs the very text the workflow runs.

    workflow-step.py WORKFLOW JOB STEP_NAME [EXPRESSION=VALUE ...]

Each `${{ EXPRESSION }}` in the step is replaced by the value given for it;
one without a value is an error, so a new expression gets a test value.
"""

import re
import shlex
import sys

import yaml


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    path, job, name, *pairs = argv
    values = dict(pair.split("=", 1) for pair in pairs)
    with open(path, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    steps = workflow.get("jobs", {}).get(job, {}).get("steps", [])
    step = next((s for s in steps if s.get("name") == name), None)
    if step is None or "run" not in step:
        sys.exit(f"{path}: job {job!r} has no step named {name!r} with a run:")

    def substitute(text):
        def one(match):
            expression = match.group(1).strip()
            if expression not in values:
                sys.exit(f"{path}: step {name!r}: no test value for ${{{{ {expression} }}}}")
            return values[expression]

        return re.sub(r"\$\{\{(.*?)\}\}", one, str(text))

    env = step.get("env") or {}
    lines = [f"export {key}={shlex.quote(substitute(value))}" for key, value in env.items()]
    lines.append(substitute(step["run"]))
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
