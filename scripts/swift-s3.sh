#!/usr/bin/env bash
# A real S3 API on this machine for the tests: Debian's OpenStack Swift with its s3api
# middleware (SigV4, presigned URLs, multipart with ListParts and Abort). After
# ../shared/recipes/swift-s3.sh, with the ports and the folder chosen by the caller.
#
#   bash scripts/swift-s3.sh <dir> [port]    start; prints nothing, exits 0 once it answers
#   bash scripts/swift-s3.sh --stop <dir>    stop what <dir> started
#
# S3 endpoint http://127.0.0.1:<port> (default 9000), access key "test:tester",
# secret "testing", region us-east-1, path-style. The account, container and object
# servers listen on the three ports after it. Installs the packages only when missing
# and only as root (.ci/run); otherwise says so and exits 3.
set -euo pipefail

if [[ "${1:-}" == "--stop" ]]; then
  DIR=$(realpath -m "$2")
  # Each server was started in a session of its own: the group takes its workers too.
  for f in "$DIR"/*.pid; do [[ -f "$f" ]] && kill -- "-$(cat "$f")" 2>/dev/null || true; done
  exit 0
fi

DIR=$(realpath -m "${1:-.swift-s3}")
PORT=${2:-9000}

if ! command -v swift-proxy-server >/dev/null 2>&1; then
  if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends swift-proxy swift-account swift-container swift-object >/dev/null ||
      { apt-get update >/dev/null && apt-get install -y --no-install-recommends swift-proxy swift-account swift-container swift-object >/dev/null; }
  else
    echo "OpenStack Swift is not installed (apt-get install swift-proxy swift-account swift-container swift-object)." >&2
    exit 3
  fi
fi

mkdir -p "$DIR/etc" "$DIR/node/d1"
cd "$DIR/etc"
USER_NAME=$(id -un)
declare -A PORTS=([object]=$((PORT + 1)) [container]=$((PORT + 2)) [account]=$((PORT + 3)))
for name in account container object; do
  port=${PORTS[$name]}
  if [[ ! -f "$name.ring.gz" ]]; then
    swift-ring-builder "$name.builder" create 0 1 1 >/dev/null
    swift-ring-builder "$name.builder" add "r1z1-127.0.0.1:$port/d1" 1 >/dev/null
    swift-ring-builder "$name.builder" rebalance >/dev/null
  fi
  cat >"$name-server.conf" <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $port
workers = 1
user = $USER_NAME
swift_dir = $DIR/etc
devices = $DIR/node
mount_check = false
log_level = WARNING
[pipeline:main]
pipeline = $name-server
[app:$name-server]
use = egg:swift#$name
CONF
done
# No memcache filter: tempauth keeps its tokens in the proxy's memory, enough for one worker.
cat >proxy-server.conf <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 1
user = $USER_NAME
swift_dir = $DIR/etc
log_level = WARNING
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
# One node of each kind: a node the proxy stops asking after a few refused connections
# (by default for a minute) is the whole store. On a busy machine the servers start
# after the proxy, so nothing is set aside, and slow answers are waited for.
error_suppression_interval = 0
conn_timeout = 5
node_timeout = 60
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:11211
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
CONF
# The swift_dir's swift.conf (the hash prefix and suffix) comes from the package.
[[ -f swift.conf ]] || cp /etc/swift/swift.conf swift.conf
for name in account container object; do
  setsid swift-$name-server "$DIR/etc/$name-server.conf" >"$DIR/$name.log" 2>&1 </dev/null &
  echo $! >"$DIR/$name.pid"
done
setsid swift-proxy-server "$DIR/etc/proxy-server.conf" >"$DIR/proxy.log" 2>&1 </dev/null &
echo $! >"$DIR/proxy.pid"
# Up to a minute in all: the proxy's health check, then every server behind it (any
# HTTP answer will do; they have no health check of their own).
deadline=$((SECONDS + 60))
answers() { curl -s -o /dev/null --max-time 5 "$@" >/dev/null 2>&1; }
for url in "http://127.0.0.1:$PORT/healthcheck" "http://127.0.0.1:${PORTS[account]}/" \
  "http://127.0.0.1:${PORTS[container]}/" "http://127.0.0.1:${PORTS[object]}/"; do
  flags=(); [[ "$url" == */healthcheck ]] && flags=(-f)
  until answers "${flags[@]}" "$url"; do
    if ((SECONDS > deadline)); then
      echo "Swift did not answer at $url within a minute (logs in $DIR)" >&2
      exit 1
    fi
    sleep 0.1
  done
done
