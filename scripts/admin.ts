// npm run admin -- <command>: who may open the operator's console (/admin).
//   grant <account_name>     make an account an operator
//   revoke <account_name>    take the role back
//   list                     the operators
// Works while the site runs (through the embedded database's socket, or on DATABASE_URL); each change is
// recorded in the console's 操作记录 as done by 命令行.
import { ApiError } from "@/lib/api/errors";
import { findUserByAccount, listUsers, setRole } from "@/lib/admin/users";
import { ConfigError, getConfig } from "@/lib/config";
import { closeDb, getDbHandle } from "@/lib/db";
import { errorMessage } from "@/lib/log";

const USAGE = `用法：npm run admin -- <命令>
  grant <账户名>    授予管理员权限（可进入 /admin 运营后台）
  revoke <账户名>   撤销管理员权限
  list              列出所有管理员`;

class UsageError extends Error {}

const CLI_ACTOR = { id: null, name: "命令行" };

process.env.LOG_LEVEL ??= "error";
let exitCode = 0;
try {
  getConfig();
  const [command, account] = process.argv.slice(2).filter((a) => a !== "--");
  if (command !== "grant" && command !== "revoke" && command !== "list") throw new UsageError(`${command ? `未知命令：${command}` : "缺少命令"}\n\n${USAGE}`);
  const { db } = await getDbHandle();
  if (command === "list") {
    const { items } = await listUsers({ db, role: "admin", page: 1, limit: 50 });
    if (!items.length) console.log("还没有管理员。用 npm run admin -- grant <账户名> 授予。");
    for (const u of items) console.log(`#${u.id} ${u.account_name}${u.display_name ? `（${u.display_name}）` : ""}${u.disabled_at ? " · 已停用" : ""}`);
  } else {
    if (!account) throw new UsageError(`${command} 需要账户名\n\n${USAGE}`);
    const user = await findUserByAccount({ db, accountName: account });
    if (!user) throw new UsageError(`没有找到账户：${account}`);
    const role = command === "grant" ? "admin" : "user";
    const { changed } = await setRole({ db, actor: CLI_ACTOR, userId: user.id, role });
    const name = `${user.accountName}（#${user.id}）`;
    if (command === "grant") console.log(changed ? `已授予 ${name} 管理员权限：登录后打开 /admin` : `${name} 已经是管理员`);
    else console.log(changed ? `已撤销 ${name} 的管理员权限` : `${name} 不是管理员`);
  }
} catch (err) {
  exitCode = 1;
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof ApiError) console.error(err.message);
  else console.error(`操作失败：${errorMessage(err)}`);
}
await closeDb().catch(() => {});
process.exit(exitCode);
