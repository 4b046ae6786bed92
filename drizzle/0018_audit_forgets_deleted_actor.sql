-- 注销账号 (docs/privacy.md): an audit row keeps the action but not the person. The log stays append-only; the one
-- update allowed is the account's deletion forgetting its actor: actor_id to null and actor_name to 已注销用户
-- (or left as it was, the foreign key's own set null), nothing else changed.
CREATE OR REPLACE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."actor_id" IS NOT NULL AND NEW."actor_id" IS NULL
     AND NEW."actor_name" IN (OLD."actor_name", '已注销用户')
     AND (to_jsonb(NEW) - 'actor_id' - 'actor_name') = (to_jsonb(OLD) - 'actor_id' - 'actor_name') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
