import { parseArgs } from "node:util";
import { openDatabase } from "../db/open-database";
import { loadConfig } from "../lib/config";
import { CreateAdminError, createAdminAccount } from "./create-admin-account";
import { readPassword } from "./read-password";

// npm run create-admin -- --email a@b.c --name "Full Name"   (dev tree)
// node dist/server/cli/create-admin.js --email a@b.c --name "Full Name"   (production tree)
// The password is asked for (twice, without echo) on a terminal, or read as stdin's first line.
const usage = 'Usage: create-admin --email <address> --name "Full Name"  (the password is asked for)';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values: { email?: string; name?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean" } },
    strict: true,
  }));
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  fail(
    /password/i.test(message)
      ? `The password is never taken on the command line (shell history, ps). It is asked for.\n${usage}`
      : `${message}\n${usage}`,
  );
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.email || !values.name) fail(usage);

const config = loadConfig();
let password: string;
let confirm: string;
try {
  password = await readPassword("Password for the new admin: ");
  confirm = process.stdin.isTTY ? await readPassword("Repeat the password: ") : password;
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const user = await createAdminAccount(database.db, {
    email: values.email,
    name: values.name,
    password,
    confirm,
  });
  console.log(`Admin account created: ${user.email} (${user.name}). Sign in at ${config.publicUrl}/login`);
} catch (err) {
  if (err instanceof CreateAdminError) {
    console.error(err.message);
    process.exitCode = 1;
  } else {
    throw err;
  }
} finally {
  await database.close();
}
