#!/usr/bin/env bash
# A real streaming replica of this machine's PostgreSQL server (127.0.0.1:5432) on 127.0.0.1:5433, for the read
# replica test and bench (docs/deploy.md "Read replicas"): made once with Debian's pg_createcluster and
# pg_basebackup (a copy of the whole primary, then WAL streamed from it), started when it is down. Needs root and
# Debian's postgresql-common. Prints the replica's URL base. Usage: bash scripts/local-replica.sh [port]
set -euo pipefail
port=${1:-5433}
version=$(pg_lsclusters -h | awk '$2 == "main" { print $1; exit }')
[ -n "$version" ] || { echo "no PostgreSQL cluster named main on this machine" >&2; exit 1; }
if ! pg_lsclusters -h | awk '{ print $2 }' | grep -qx replica; then
  # The primary lets local replication connections in (its "all" does not cover them).
  hba=/etc/postgresql/$version/main/pg_hba.conf
  if ! grep -q '^host replication all 127.0.0.1/32 trust' "$hba"; then
    echo 'host replication all 127.0.0.1/32 trust' >> "$hba"
    psql -qAt -h 127.0.0.1 -U postgres -c 'select pg_reload_conf()' > /dev/null
  fi
  pg_createcluster "$version" replica --port "$port" > /dev/null
  # The same client authentication as the primary (the tests connect to both alike).
  cp "$hba" "/etc/postgresql/$version/replica/pg_hba.conf"
  data=/var/lib/postgresql/$version/replica
  find "$data" -mindepth 1 -delete
  # -R writes standby.signal and primary_conninfo: the copy starts as a hot standby streaming from the primary.
  runuser -u postgres -- pg_basebackup -h 127.0.0.1 -p 5432 -U postgres -D "$data" -R -X stream -c fast
fi
pg_ctlcluster --skip-systemctl-redirect "$version" replica start > /dev/null 2>&1 || true  # "already running" is fine
for _ in $(seq 1 120); do
  [ "$(psql -qAt -h 127.0.0.1 -p "$port" -U postgres -c 'select pg_is_in_recovery()' 2> /dev/null)" = t ] && { echo "postgresql://postgres@127.0.0.1:$port"; exit 0; }
  sleep 0.5
done
echo "the replica on port $port did not come up (pg_lsclusters; /var/log/postgresql/postgresql-$version-replica.log)" >&2
exit 1
