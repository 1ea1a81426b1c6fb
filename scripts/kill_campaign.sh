#!/usr/bin/env bash
# SIGKILL campaign: starts `run`, `ab`, `sweep` and `scale` again and again, each in a session of
# its own, and kills the tool with SIGKILL at a random moment (a crash, the OOM killer, a CI
# timeout).
# After every kill:
#   - no process the tool started survives (nothing is left in its session);
#   - the database passes PRAGMA integrity_check and foreign_key_check;
#   - every stored run is whole: it has its latency rows and clonebench exports it.
#   scripts/kill_campaign.sh [KILLS] [BINARY]    default 100 kills of build/dev/src/clonebench
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-100}
binary=$(realpath "${2:-build/dev/src/clonebench}")
work=$(mktemp -d)
db="$work/campaign.db"
trap 'rm -rf "$work"' EXIT

commands=(
  "run fork --timeout 1"
  "run --clone 2 --timeout 1 --rss 8M"
  "run exec spawn --timeout 0.5"
  "run thread --timeout 1 --runs 2"
  "ab 'fork --timeout 0.3' --pairs 2 --warmup 0 --setup-a 'sleep 0.2' --restore 'sleep 0.2'"
  "ab 'fork --timeout 0.3' --pairs 2 --warmup 0 --setup-b 'sleep 8'"
  "sweep fork --rss 0,4M --rounds 2 --timeout-per-point 0.2"
  "scale fork --instances 1,2 --rounds 2 --timeout 0.2"
)

fail() {
  echo "kill campaign: kill $1: $2" >&2
  exit 1
}

# Processes in the session the tool led (it is dead: they are what it left behind).
session_members() {
  ps -e -o pid=,sid= | awk -v sid="$1" '$2 == sid { print $1 }'
}

check_database() {
  [ -f "$db" ] || return 0
  local integrity foreign broken
  integrity=$(sqlite3 "$db" "PRAGMA integrity_check")
  [ "$integrity" = "ok" ] || fail "$1" "integrity_check: $integrity"
  foreign=$(sqlite3 "$db" "PRAGMA foreign_key_check")
  [ -z "$foreign" ] || fail "$1" "foreign_key_check: $foreign"
  if sqlite3 "$db" "SELECT 1 FROM sqlite_master WHERE name = 'latency'" | grep -q 1; then
    broken=$(sqlite3 "$db" "SELECT count(*) FROM run WHERE id NOT IN (SELECT run_id FROM latency)")
    [ "$broken" = "0" ] || fail "$1" "$broken stored run(s) without latency rows"
  fi
  local ids
  ids=$(sqlite3 "$db" "SELECT group_concat(id, ' ') FROM run")
  if [ -n "$ids" ]; then
    # shellcheck disable=SC2086
    "$binary" export $ids --db "$db" --json - >/dev/null || fail "$1" "stored runs do not export"
  fi
}

killed=0 finished=0
for ((kill = 1; kill <= kills; ++kill)); do
  command=${commands[RANDOM % ${#commands[@]}]}
  delay=$(printf '0.%03d' $((RANDOM % 1000)))
  [ $((RANDOM % 3)) -eq 0 ] && delay="1.$((RANDOM % 10))"
  eval "arguments=($command)"  # the words of the command, quotes honoured
  # A simple command in the background: $! is the tool itself (setsid execs in place).
  setsid "$binary" "${arguments[@]}" --db "$db" >/dev/null 2>&1 &
  tool=$!
  sleep "$delay"
  if kill -KILL "$tool" 2>/dev/null; then
    killed=$((killed + 1))
  else
    finished=$((finished + 1))
  fi
  wait "$tool" 2>/dev/null || true
  # Within 2 s: well before the 8 s setup command would end by itself; it must die with the tool.
  left=""
  for _ in $(seq 20); do
    left=$(session_members "$tool")
    [ -z "$left" ] && break
    sleep 0.1
  done
  if [ -n "$left" ]; then
    ps -o pid,ppid,stat,args -p "$(echo $left | tr ' ' ,)" >&2 || true
    kill -KILL $left 2>/dev/null || true
    fail "$kill" "'$command' killed after ${delay} s left processes behind"
  fi
  check_database "$kill"
done
runs=$(sqlite3 "$db" "SELECT count(*) FROM run" 2>/dev/null || echo 0)
echo "kill campaign: $kills starts, $killed killed mid-run, $finished finished first; $runs runs stored; no survivor, database intact"
