import { sql } from "drizzle-orm";
import { z } from "zod";
import { checkNewPassword } from "../../domain/password";
import { createUserWithPassword } from "../auth/create-user";
import type { Db } from "../db/client";
import { users } from "../db/schema";

// A real venue's first admin comes from the terminal (DECISIONS.md "Production and abuse"): no
// demo account, no sign-up page for staff. The same password rule as every form applies.

export type NewAdmin = { email: string; name: string; password: string; confirm?: string };

export class CreateAdminError extends Error {}

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** "Full Name" → first name "Full", last name "Name"; one word is a first name alone. */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

export async function createAdminAccount(db: Db, input: NewAdmin) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new CreateAdminError(`Not a valid email address: ${input.email}`);
  const { firstName, lastName } = splitFullName(input.name);
  if (!firstName) throw new CreateAdminError("The admin's full name is required (--name).");
  if (firstName.length > 100 || lastName.length > 100) throw new CreateAdminError("The name is too long.");
  const problem = checkNewPassword(input.password, input.confirm ?? input.password);
  if (problem) throw new CreateAdminError(problem);

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.data}`);
    if (existing) {
      throw new CreateAdminError(
        `An account with the email ${email.data} already exists; nothing was changed. Sign in with it, or choose another email.`,
      );
    }
    return createUserWithPassword(tx, {
      email: email.data,
      firstName,
      lastName,
      password: input.password,
      // Issue 33: the terminal makes the venue's owner, who then invites the rest of the staff.
      staffRole: "owner",
    });
  });
}
