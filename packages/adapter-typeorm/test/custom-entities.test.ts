import { newAccount, newSession, newUser } from "@latch/adapter-test";
import { Column, Entity } from "typeorm";
import { describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { UserEntity } from "../src/entities.js";

@Entity({ name: "users" })
class AppUser extends UserEntity {
  @Column({ type: "varchar", length: 32, default: "member" })
  role!: string;
}

describe("TypeORMAdapter with an application's own entity class (SQLite, from options)", () => {
  // The adapter builds the DataSource from options and adds its entities, AppUser in place of UserEntity.
  const adapter = TypeORMAdapter(
    { type: "better-sqlite3", database: ":memory:", synchronize: true },
    { entities: { UserEntity: AppUser } },
  );

  test("extra columns of the subclass are stored and returned", async () => {
    const user = { ...newUser(), role: "admin" };
    const created = await adapter.createUser!(user);
    expect(created).toMatchObject({ id: user.id, role: "admin" });
    expect(await adapter.getUser!(user.id)).toMatchObject({ role: "admin" });
  });

  test("a column default of the subclass applies", async () => {
    const user = newUser();
    expect(await adapter.createUser!(user)).toMatchObject({ id: user.id, role: "member" });
  });

  test("relations resolve to the subclass: getUserByAccount and getSessionAndUser return it", async () => {
    const user = { ...newUser(), role: "editor" };
    await adapter.createUser!(user);
    const account = newAccount(user.id);
    await adapter.linkAccount!(account);
    expect(await adapter.getUserByAccount!(account)).toMatchObject({ id: user.id, role: "editor" });
    const session = newSession(user.id);
    await adapter.createSession!(session);
    expect((await adapter.getSessionAndUser!(session.sessionToken))?.user).toMatchObject({ role: "editor" });
  });

  test("relations are not part of the returned user", async () => {
    const user = newUser();
    await adapter.createUser!(user);
    const found = await adapter.getUser!(user.id);
    expect(found).not.toHaveProperty("accounts");
    expect(found).not.toHaveProperty("sessions");
  });
});
