#!/usr/bin/env bash
# Makes sure a PostgreSQL server runs on this machine with an empty test database, and prints
# its DATABASE_URL. Installs Debian's postgresql when it is missing.
set -euo pipefail

if ! command -v pg_lsclusters >/dev/null || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q .; then
  pg_createcluster "$version" main >&2
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" && $4 == "online"' | grep -q .; then
  pg_ctlcluster "$version" main start >&2
fi
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')

as_postgres() { su postgres -c "$1" >&2; }
# A user name and a fresh random password that no page can contain by chance: the secrets scan
# (server/demo/client-assets.test.ts) treats the database credentials as secrets.
password="ci$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
as_postgres "psql -p $port -qtc \"SELECT 1 FROM pg_roles WHERE rolname = 'site_ci_runner'\" | grep -q 1 || psql -p $port -qc \"CREATE ROLE site_ci_runner LOGIN\""
# CREATEDB: the migration test starts instances on a database of its own (server/db).
as_postgres "psql -p $port -qc \"ALTER ROLE site_ci_runner CREATEDB PASSWORD '$password'\""
as_postgres "dropdb -p $port --if-exists paystra_test 2>/dev/null"
as_postgres "createdb -p $port -O site_ci_runner paystra_test"

echo "postgres://site_ci_runner:$password@127.0.0.1:$port/paystra_test"
