#!/usr/bin/env bash
# Starts a throwaway 3-master Redis Cluster on loopback from the local redis-server binary,
# runs the Redis store's int tests (contract suites included) against it with
# REDIS_CLUSTER_NODES set, and tears the cluster down again, also on failure.
# Usage: tools/redis-cluster.sh [grep]   (grep defaults to "store-redis")
# Env: REDIS_CLUSTER_BASE_PORT (default 7101; the nodes use base, base+1, base+2).
set -euo pipefail
cd "$(dirname "$0")/.."

base="${REDIS_CLUSTER_BASE_PORT:-7101}"
ports=("$base" "$((base + 1))" "$((base + 2))")
grep="${1:-store-redis}"
dir="$(mktemp -d -t lintel-redis-cluster.XXXXXX)"

teardown() {
  for port in "${ports[@]}"; do
    if [[ -f "$dir/$port.pid" ]]; then kill "$(cat "$dir/$port.pid")" 2>/dev/null || true; fi
  done
  sleep 0.3
  rm -rf "$dir"
}
trap teardown EXIT

for port in "${ports[@]}"; do
  if redis-cli -p "$port" ping >/dev/null 2>&1; then
    echo "Port $port is already taken by a Redis; set REDIS_CLUSTER_BASE_PORT." >&2
    exit 1
  fi
  redis-server --port "$port" --bind 127.0.0.1 --daemonize yes \
    --cluster-enabled yes --cluster-config-file "$dir/nodes-$port.conf" --cluster-node-timeout 2000 \
    --dir "$dir" --pidfile "$dir/$port.pid" --logfile "$dir/$port.log" --save "" --appendonly no
done
for port in "${ports[@]}"; do
  for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
done

nodes=()
for port in "${ports[@]}"; do nodes+=("127.0.0.1:$port"); done
redis-cli --cluster create "${nodes[@]}" --cluster-replicas 0 --cluster-yes >"$dir/create.log"
for port in "${ports[@]}"; do
  for _ in $(seq 100); do
    redis-cli -p "$port" cluster info | grep -q "cluster_state:ok" && break
    sleep 0.1
  done
done
echo "Redis Cluster up: ${nodes[*]}"

export REDIS_CLUSTER_NODES
REDIS_CLUSTER_NODES="$(IFS=,; echo "${nodes[*]}")"
node tools/run-tests.mjs int --grep "$grep"
