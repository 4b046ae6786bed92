// How many migrations are committed in drizzle/ (tests compare the database against it).
import { committedMigrationCount } from "@/lib/db/migrate";

export const COMMITTED_MIGRATIONS = committedMigrationCount();
