// npm run feeds -- <command>: manage the feed sources the site collects articles from.
//   add <url> [--platform p] [--interval 30m] [--allow-private] [--max-items 200]
//                                                                 add a source (RSS, Atom, JSON Feed)
//   set <id|url> [--max-items n] [--interval 30m]                 change a source's settings
//   list                                                          every source with its health at a glance
//   remove <id|url>                                               stop collecting (articles stay)
//   poll [--all | <id|url>]                                       poll due sources now (--all: every source)
//   import <file.opml>                                            add every feed in an OPML file
//   export                                                        print the sources as OPML
// Works while the site runs (through the embedded database's socket, or on DATABASE_URL). The console's
// 订阅源 section runs the same functions (lib/admin/sources.ts); add, set, remove and import are recorded in its
// 操作记录 as done by 命令行.
import { closeDb } from "@/lib/db";
import { runFeedsCommand } from "@/lib/ingest/feeds-command";

process.env.LOG_LEVEL ??= "error"; // the command prints its own report; keep the JSON log lines out of it
const exitCode = await runFeedsCommand(process.argv.slice(2), { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) });
await closeDb().catch(() => {});
process.exit(exitCode);
