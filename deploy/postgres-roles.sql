-- Least privilege on PostgreSQL (decision 0027, docs/deploy.md). Two roles:
--   homefix_owner  owns the database and its schema; `npm run migrate` connects as it.
--   homefix_app    what the servers connect as (MIGRATE_ON_START=false): reads and writes rows, nothing else
--                  (no CREATE, ALTER, DROP or TRUNCATE, no other database).
-- Run once as a superuser, connected to the app's new, empty database, before the first `npm run migrate`:
--   psql -d homefix -f deploy/postgres-roles.sql
-- then give both roles passwords (psql: \password homefix_owner, \password homefix_app). The test
-- src/server/db/least-privilege.test.ts runs this file.

create role homefix_owner login;
create role homefix_app login;

-- The owner may create the schema's objects and the pg_trgm extension (a trusted extension: a database owner may).
do $$ begin
  execute format('alter database %I owner to homefix_owner', current_database());
  execute format('revoke all on database %I from public', current_database());
  execute format('grant connect on database %I to homefix_app', current_database());
end $$;
grant create, usage on schema public to homefix_owner;
revoke create on schema public from public;
grant usage on schema public to homefix_app;

-- Drizzle's record of the applied migrations: the servers read it to check that none is pending.
create schema drizzle authorization homefix_owner;
grant usage on schema drizzle to homefix_app;
alter default privileges for role homefix_owner in schema drizzle grant select on tables to homefix_app;

-- Every table and sequence the migrations create from now on.
alter default privileges for role homefix_owner in schema public
  grant select, insert, update, delete on tables to homefix_app;
alter default privileges for role homefix_owner in schema public
  grant usage, select on sequences to homefix_app;
