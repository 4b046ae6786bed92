-- 注销账号 (docs/privacy.md; issue 42 row 3): a deleted operator's audit rows keep the action and one stable
-- pseudonym for all of that person's rows (已注销用户 plus a random tag the deletion chose, never their name), and
-- only the deletion of that actor may write it: the foreign key's ON DELETE SET NULL, fired by deleting the users
-- row, in the same transaction. Setting actor_id to null while the actor still exists is refused like any other
-- change to the log. The deletion passes its tag in the transaction-local setting shiyue.forget_actor
-- ('<id>:<tag>'); a user deleted another way gets a tag derived from the id and the transaction.
CREATE OR REPLACE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  forget text := coalesce(current_setting('shiyue.forget_actor', true), '');
  tag text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."actor_id" IS NOT NULL AND NEW."actor_id" IS NULL
     AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."actor_id")
     AND (to_jsonb(NEW) - 'actor_id' - 'actor_name') = (to_jsonb(OLD) - 'actor_id' - 'actor_name') THEN
    IF split_part(forget, ':', 1) = OLD."actor_id"::text AND split_part(forget, ':', 2) ~ '^[A-Z0-9]{4,12}$' THEN
      tag := split_part(forget, ':', 2);
    ELSE
      tag := upper(substr(md5(OLD."actor_id"::text || ':' || txid_current()::text), 1, 6));
    END IF;
    NEW."actor_name" := '已注销用户 ' || tag;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
