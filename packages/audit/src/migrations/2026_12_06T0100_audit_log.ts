// Frozen in time: no application types here.
// The audit log: one hash chain per company. Entries are append-only for the app role (the table's
// comment tells grantAppRole to give it SELECT and INSERT only) and a trigger refuses UPDATE and
// DELETE to everyone else too, except inside audit.sweep (retention), which keeps the hash of the last
// entry it removes as the company's anchor so that the rest still verifies.
import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table audit.entry (
    tenant_id uuid not null,
    seq bigint not null,
    action text not null,
    actor_id text,
    actor_email text,
    target text,
    at timestamptz not null,
    ip text,
    user_agent text,
    request_id text,
    prev_hash text not null,
    hash text not null,
    primary key (tenant_id, seq)
  )`.execute(db)
  await sql`create index entry_action_idx on audit.entry (tenant_id, action, seq)`.execute(db)
  await sql`create index entry_at_idx on audit.entry (at)`.execute(db)
  // What retention removed: the last removed entry of each company (its seq and hash).
  await sql`create table audit.anchor (
    tenant_id uuid primary key,
    seq bigint not null,
    hash text not null,
    removed_at timestamptz not null default now()
  )`.execute(db)
  await sql`comment on table audit.entry is 'portal_app may: select, insert'`.execute(db)
  await sql`comment on table audit.anchor is 'portal_app may: select'`.execute(db)

  await sql`create function audit.refuse_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('audit.sweeping', true) = 'on' then return old; end if;
      raise exception 'audit entries are append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db)
  await sql`create trigger entry_append_only before update or delete on audit.entry
    for each row execute function audit.refuse_change()`.execute(db)
  await sql`create trigger entry_no_truncate before truncate on audit.entry
    for each statement execute function audit.refuse_change()`.execute(db)

  // Retention, run by the owner's rights (SECURITY DEFINER): the app role calls it but cannot delete.
  await sql`create function audit.sweep(before timestamptz) returns integer
    language plpgsql security definer set search_path = audit, pg_temp as $$
    declare removed integer := 0; n integer;
    declare t record;
    begin
      perform set_config('audit.sweeping', 'on', true);
      for t in select e.tenant_id, max(e.seq) as last_seq from audit.entry e where e.at < before group by e.tenant_id loop
        insert into audit.anchor (tenant_id, seq, hash, removed_at)
          select e.tenant_id, e.seq, e.hash, now() from audit.entry e where e.tenant_id = t.tenant_id and e.seq = t.last_seq
          on conflict (tenant_id) do update set seq = excluded.seq, hash = excluded.hash, removed_at = excluded.removed_at;
        delete from audit.entry e where e.tenant_id = t.tenant_id and e.seq <= t.last_seq;
        get diagnostics n = row_count;
        removed := removed + n;
      end loop;
      perform set_config('audit.sweeping', 'off', true);
      return removed;
    end $$`.execute(db)
  await sql`revoke all on function audit.sweep(timestamptz) from public`.execute(db)
  // The app role runs the hourly sweep; where it does not exist, the connecting user (the owner) does.
  await sql`do $$ begin
      if exists (select from pg_roles where rolname = 'portal_app') then grant execute on function audit.sweep(timestamptz) to portal_app; end if;
    end $$`.execute(db)
  await isolateTenants(db, 'audit', ['entry', 'anchor'])
}
