#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine: runs a small `ladder sweep`
# as a job array through cluster/sweep.sbatch, merges the shards, and checks
# the merged records equal those of the same sweep run in one process
# (every field but the measured `seconds`).
#
#   bash tests/cluster/slurm.sh [LADDER_BINARY]    (default target/release/ladder)
#
# Needs root (it installs slurm-wlm and munge with apt-get when missing and
# runs munged, slurmctld and slurmd as root), everything else lives in a
# fresh temporary folder, removed at the end with the daemons stopped.
# Exit 0: every record equal; 1: a failure or a difference; 3: Slurm cannot
# run here (the reason on one line beginning `slurm cannot run here:`).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SBATCH_SCRIPT="$REPO/cluster/sweep.sbatch"
LADDER=$(realpath -e "${1:-$REPO/target/release/ladder}") || {
    echo "slurm.sh: no ladder binary at ${1:-$REPO/target/release/ladder}" >&2
    exit 1
}
[[ -x "$LADDER" ]] || { echo "slurm.sh: $LADDER is not executable" >&2; exit 1; }
# The daemons run as root (slurmd starts each task as its user): a runner
# that is not root, as a hosted CI machine's, runs this through sudo.
if ((EUID != 0)); then
    exec sudo --preserve-env=PATH bash "${BASH_SOURCE[0]}" "$LADDER"
fi

# The sweep: small and fast (64 codes), as an array of TASKS tasks.
SWEEP_ARGS=(--family '0.??' --max-values 4096 --max-seconds 10)
TASKS=4
WAIT_NODE=60  # seconds for the node to become idle
WAIT_JOB=300  # seconds for the whole array

say() { echo "slurm.sh: $*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

# 1. The packages.
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
    ! command -v sbatch >/dev/null || ! command -v munged >/dev/null ||
    ! command -v jq >/dev/null; then
    say "installing slurm-wlm, munge and jq"
    bash "$REPO/.ci/apt-install" slurm-wlm munge jq
fi
# Installing may have started daemons on the default socket and ports
# (no systemd in a container, usually); this cluster uses its own socket,
# its own ports and its own state, and leaves any such daemon alone.

# 2. Everything in a fresh folder.
T=$(mktemp -d /tmp/ladder-slurm.XXXXXX)
chmod 700 "$T"
mkdir -p "$T/munge" "$T/ctld" "$T/spool" "$T/work/logs"
PIDS=()
JOB=""

stop() {
    local rc=$? pid i
    trap - EXIT
    if [[ -n "$JOB" ]]; then
        scancel "$JOB" 2>/dev/null || true
        sleep 1
    fi
    # Stop in reverse order of start: slurmd, slurmctld, munged.
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
        pid=$(cat "${PIDS[i]}" 2>/dev/null) || continue
        kill "$pid" 2>/dev/null || continue
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -9 "$pid" 2>/dev/null || true
    done
    if ((rc != 0)); then
        for log in "$T"/munge/munged.log "$T"/ctld/slurmctld.log "$T"/spool/slurmd.log "$T"/work/logs/*.log; do
            [[ -s "$log" ]] || continue
            say "--- last lines of ${log#"$T"/}"
            tail -n 15 "$log" >&2
        done
    fi
    rm -rf "$T"
    exit "$rc"
}
trap stop EXIT
trap 'exit 130' INT TERM

# The reason Slurm (or munge) cannot run, from a daemon's log: its last
# fatal line, else its first line matching PATTERN (default: its last error
# line, leaving out the MPI plugins' complaints about a missing PMIx), else
# its last line.
cannot_run() {
    local what=$1 log=$2 pattern=${3:-} line=""
    if [[ -s "$log" ]]; then
        line=$(grep -hi 'fatal' "$log" | tail -n 1 || true)
        if [[ -z "$line" && -n "$pattern" ]]; then
            line=$(grep -hiE "$pattern" "$log" | head -n 1 || true)
        fi
        if [[ -z "$line" ]]; then
            line=$(grep -hi 'error' "$log" | grep -viE 'pmix|MPI:' | tail -n 1 || true)
        fi
        [[ -n "$line" ]] || line=$(tail -n 1 "$log")
    fi
    echo "slurm cannot run here: $what: ${line:-no log at ${log#"$T"/}}"
    exit 3
}

# Start a daemon in the foreground in the background, its pid in a file.
start() {
    local pidfile=$1
    shift
    "$@" >>"$pidfile.out" 2>&1 &
    echo $! >"$pidfile"
    PIDS+=("$pidfile")
}

alive() { kill -0 "$(cat "$1")" 2>/dev/null; }

# munge: its own key, socket, pid, log and seed.
SOCK="$T/munge/munge.socket"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1 count=1024 status=none
chmod 400 "$T/munge/munge.key"
start "$T/munge/munged.pid.bg" munged -F -f --socket="$SOCK" \
    --key-file="$T/munge/munge.key" --pid-file="$T/munge/munged.pid" \
    --log-file="$T/munge/munged.log" --seed-file="$T/munge/munged.seed"
for _ in $(seq 50); do
    [[ -S "$SOCK" ]] && break
    alive "$T/munge/munged.pid.bg" || break
    sleep 0.1
done
if ! munge -n -S "$SOCK" | unmunge -S "$SOCK" >/dev/null 2>&1; then
    cat "$T/munge/munged.pid.bg.out" >>"$T/munge/munged.log" 2>/dev/null || true
    cannot_run munged "$T/munge/munged.log"
fi

# slurm.conf: one node, this machine, as `slurmd -C` describes it.
HOST=$(hostname -s)
NODE=$(slurmd -C | head -n 1)
[[ "$NODE" == NodeName=* ]] || fail "slurmd -C said: $NODE"
CONF="$T/slurm.conf"
cat >"$CONF" <<EOF
ClusterName=laddertest
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCK
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$T/ctld
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/ctld/slurmctld.pid
SlurmdPidFile=$T/spool/slurmd.pid
SlurmctldLogFile=$T/ctld/slurmctld.log
SlurmdLogFile=$T/spool/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
$NODE NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$CONF"

start "$T/ctld/slurmctld.pid.bg" slurmctld -D -c -f "$CONF"
start "$T/spool/slurmd.pid.bg" slurmd -D -f "$CONF"

# 3. Wait for the node to be idle.
state=""
for _ in $(seq $((WAIT_NODE * 2))); do
    alive "$T/ctld/slurmctld.pid.bg" || {
        cat "$T/ctld/slurmctld.pid.bg.out" >>"$T/ctld/slurmctld.log" 2>/dev/null || true
        cannot_run slurmctld "$T/ctld/slurmctld.log"
    }
    alive "$T/spool/slurmd.pid.bg" || {
        cat "$T/spool/slurmd.pid.bg.out" >>"$T/spool/slurmd.log" 2>/dev/null || true
        cannot_run slurmd "$T/spool/slurmd.log"
    }
    state=$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1 || true)
    [[ "$state" == idle ]] && break
    sleep 0.5
done
if [[ "$state" != idle ]]; then
    cannot_run "node not idle after ${WAIT_NODE}s (state '${state:-none}')" "$T/spool/slurmd.log"
fi
say "slurm $(sinfo -V | awk '{print $2}') up, node $HOST idle"

# 4. The array, from a working folder of its own.
cd "$T/work"
say "submitting a ${TASKS}-task array: ladder sweep ${SWEEP_ARGS[*]}"
LADDER="$LADDER" SWEEP_OUT="$T/work/sweep" timeout "$WAIT_JOB" \
    sbatch --parsable --wait --array=0-$((TASKS - 1)) \
    --cpus-per-task=1 --mem=200M --time=10 \
    --output="$T/work/logs/slurm-%A_%a.log" \
    "$SBATCH_SCRIPT" "${SWEEP_ARGS[@]}" >"$T/sbatch.out" 2>&1 &
SB=$!
# While it waits, watch the node: a task Slurm cannot start drains it, and
# the rest of the array would then wait for ever.
while kill -0 "$SB" 2>/dev/null; do
    [[ -n "$JOB" ]] || JOB=$(grep -oE '^[0-9]+' "$T/sbatch.out" | head -n 1 || true)
    state=$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1 || true)
    case "$state" in
    drain* | drng* | down* | fail*)
        reason=$(sinfo -h -N -o '%E' 2>/dev/null | head -n 1 || true)
        kill "$SB" 2>/dev/null || true
        cannot_run "a task could not start, node $state (${reason:-no reason})" \
            "$T/spool/slurmd.log" '\.batch\] error:'
        ;;
    esac
    sleep 1
done
rc=0
wait "$SB" || rc=$?
out=$(tr '\n' ' ' <"$T/sbatch.out")
((rc == 124)) && fail "the array did not finish in ${WAIT_JOB}s (sbatch: $out)"
((rc == 0)) || fail "sbatch --wait exited $rc: $out"
JOB=""

# 5. Merge, the one-process reference, compare.
"$LADDER" sweep merge "$T/work/sweep" --out "$T/array.jsonl" >&2
shards=$(find "$T/work/sweep" -name "shard-*-of-$TASKS.jsonl" | wc -l)
((shards == TASKS)) || fail "expected $TASKS shards, found $shards"
"$LADDER" sweep "${SWEEP_ARGS[@]}" --shard 0 --of 1 --out "$T/ref" >&2
"$LADDER" sweep merge "$T/ref" --out "$T/ref.jsonl" >&2

jq -cS 'del(.seconds)' "$T/array.jsonl" >"$T/array.cmp"
jq -cS 'del(.seconds)' "$T/ref.jsonl" >"$T/ref.cmp"
n_array=$(wc -l <"$T/array.cmp")
n_ref=$(wc -l <"$T/ref.cmp")
((n_ref > 0)) || fail "the one-process sweep wrote no records"
same=$(awk 'NR == FNR { a[FNR] = $0; next } a[FNR] == $0' "$T/array.cmp" "$T/ref.cmp" | wc -l)
if ((n_array == n_ref && same == n_ref)); then
    echo "slurm.sh: ok, $same of $n_ref records equal (array of $TASKS tasks vs one process, 'seconds' ignored)"
else
    diff "$T/array.cmp" "$T/ref.cmp" | head -n 20 >&2 || true
    fail "$same of $n_ref records equal (array: $n_array records, one process: $n_ref)"
fi
