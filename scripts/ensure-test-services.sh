#!/usr/bin/env bash
# Makes sure the PostgreSQL and Redis that the scale suites use are reachable before the tests
# run (with CI set, test/services-setup.ts fails the run when they are not, instead of skipping):
# TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and TEST_REDIS_URL (default
# redis://127.0.0.1:6379). When the defaults are unreachable and the machine's own PostgreSQL or
# Redis is installed, it starts them (as the machine does at boot) and creates the `test`
# database if it is missing; it never touches services named by other URLs. Idempotent.
set -uo pipefail

db_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
redis_url="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"

wait_for() { # command... : up to 20 s
  for _ in $(seq 1 40); do "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
  return 1
}

if [ "$db_url" = "postgres://postgres@127.0.0.1:5432/test" ] && command -v pg_isready >/dev/null 2>&1; then
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
      echo "ensure-test-services: starting the local PostgreSQL"
      for version in $(ls /etc/postgresql); do pg_ctlcluster --skip-systemctl-redirect "$version" main start || true; done
      wait_for pg_isready -q -h 127.0.0.1 -p 5432 || echo "ensure-test-services: PostgreSQL did not come up" >&2
    fi
  fi
  if pg_isready -q -h 127.0.0.1 -p 5432 && ! psql -h 127.0.0.1 -U postgres -d test -Atc 'select 1' >/dev/null 2>&1; then
    echo "ensure-test-services: creating the database 'test'"
    createdb -h 127.0.0.1 -U postgres test || true
  fi
fi

if [ "$redis_url" = "redis://127.0.0.1:6379" ] && command -v redis-cli >/dev/null 2>&1; then
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && command -v redis-server >/dev/null 2>&1; then
    echo "ensure-test-services: starting the local Redis"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
    wait_for redis-cli -h 127.0.0.1 -p 6379 ping || echo "ensure-test-services: Redis did not come up" >&2
  fi
fi
exit 0
