import { describe, expect, it } from "vitest";
import { unusableDataDir } from "./client";

const fsError = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe("unusableDataDir", () => {
  it.each([
    ["EROFS", "所在文件系统是只读的"],
    ["ENOSPC", "磁盘空间不足"],
    ["EDQUOT", "磁盘配额已满"],
    ["EACCES", "没有读写权限"],
    ["EPERM", "没有读写权限"],
    ["ENOTDIR", "路径中有一段是文件而不是目录"],
    ["EEXIST", "路径中有一段是文件而不是目录"],
  ])("says %s in one Chinese line naming the directory", (code, reason) => {
    expect(unusableDataDir("/srv/shiyue/pglite", fsError(code)).message).toBe(`数据目录 /srv/shiyue/pglite 无法使用：${reason}（PGLITE_DIR）`);
  });

  it("passes other errors through unchanged", () => {
    const other = new Error("PGlite is corrupt");
    expect(unusableDataDir("/srv/shiyue/pglite", other)).toBe(other);
  });
});
