#!/bin/sh
# Run once by the postgres image on an empty data folder (/docker-entrypoint-initdb.d): the app role
# portal_app, which the services log in as (DB_MIGRATE=off). It has no rights yet: the migrate step
# (TARGET=migrate, as the owner POSTGRES_USER) finds the role, makes the schemas and grants it
# SELECT/INSERT/UPDATE/DELETE on their tables. Development only (infra/compose.yaml and the dev
# overlay of k8s/); the password comes from the environment (APP_DB_PASSWORD), never from here.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -v app_password="$APP_DB_PASSWORD" <<'SQL'
create role portal_app login password :'app_password' nosuperuser nocreatedb nocreaterole nobypassrls;
SQL
