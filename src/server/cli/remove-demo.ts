import { openDatabase } from "../db/open-database";
import { findDemoAccounts, removeDemoData } from "../demo/demo-data";
import { loadConfig } from "../lib/config";

// npm run db:remove-demo — deletes the demo accounts and the rest of the seed's demo data, so a
// database that was once a demo can serve a real venue. Stop the server first on the embedded
// database (one process at a time may open its folder).
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const before = await findDemoAccounts(database.db);
  const removed = await removeDemoData(database.db);
  console.log(
    before.length
      ? `Removed the demo accounts ${before.join(", ")}, ${removed.reservations} demo reservations, ${removed.events} demo events and ${removed.coupons} demo coupons.`
      : `No demo accounts found; removed ${removed.reservations} demo reservations, ${removed.events} demo events and ${removed.coupons} demo coupons.`,
  );
} finally {
  await database.close();
}
