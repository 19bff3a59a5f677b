#!/usr/bin/env bash
# Restarts the SteelPort instances one at a time with no failed request (after a new build or a
# changed environment). For each instance in turn:
#   1. nginx stops sending it new requests: the upstream file marks it `down`, nginx reloads
#      (its old workers finish what they had already sent);
#   2. the instance is restarted: SIGTERM answers the requests in flight, ends the event streams
#      (their browsers reconnect through nginx to the other instance), and the new process
#      migrates under an advisory lock and starts;
#   3. once its /readyz answers 200 it is put back and nginx reloads again.
# Settings (the defaults fit deploy/nginx and deploy/systemd):
#   STEELPORT_PORTS     instances' ports, in restart order          "3001 3002"
#   STEELPORT_UPSTREAM  the upstream file nginx includes            /etc/nginx/steelport-upstream.conf
#   STEELPORT_RESTART   restarts one instance; %s is its port       "systemctl restart steelport@%s"
#   NGINX_RELOAD        reloads nginx's configuration               "nginx -s reload"
#   STEELPORT_SETTLE_S  seconds nginx's old workers get to finish   2
set -euo pipefail

ports=${STEELPORT_PORTS:-"3001 3002"}
upstream=${STEELPORT_UPSTREAM:-/etc/nginx/steelport-upstream.conf}
restart=${STEELPORT_RESTART:-"systemctl restart steelport@%s"}
reload=${NGINX_RELOAD:-"nginx -s reload"}
settle=${STEELPORT_SETTLE_S:-2}
host=127.0.0.1

# Writes the upstream block with `$1` (a port, or nothing) marked down, atomically.
write_upstream() {
  local down=$1 port
  {
    echo "# Written by deploy/rolling-restart.sh."
    echo "upstream steelport {"
    echo "    least_conn;"
    for port in $ports; do
      if [ "$port" = "$down" ]; then
        echo "    server $host:$port down;"
      else
        echo "    server $host:$port max_fails=1 fail_timeout=5s;"
      fi
    done
    echo "    keepalive 32;"
    echo "}"
  } >"$upstream.new"
  mv "$upstream.new" "$upstream"
}

wait_ready() {
  local port=$1 i
  for i in $(seq 1 240); do
    if curl -fsS -o /dev/null --max-time 2 "http://$host:$port/readyz"; then return 0; fi
    sleep 0.5
  done
  echo "rolling-restart: the instance on port $port is not ready after 120 s; nginx keeps it down" >&2
  return 1
}

for port in $ports; do
  started=$SECONDS
  echo "rolling-restart: draining $port"
  write_upstream "$port"
  $reload
  sleep "$settle"
  echo "rolling-restart: restarting $port"
  # shellcheck disable=SC2059 # the command is a format with the port
  eval "$(printf "$restart" "$port")"
  wait_ready "$port"
  write_upstream ""
  $reload
  echo "rolling-restart: $port is back after $((SECONDS - started)) s"
done
