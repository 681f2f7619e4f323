/**
 * The part of an app's generated Prisma client that the adapter uses, described by its shape: any
 * client generated from a schema with Auth.js's models and Latch's additions fits, whatever its
 * output folder, provider or extensions.
 */

/** A row as the client returns it: the model's fields by name. */
export type PrismaRow = Record<string, unknown>;

/**
 * The arguments of a model call. A generated client's calls are generic over their exact argument
 * types (`<T extends UserFindUniqueArgs>(args: SelectSubset<T, ...>)`), which no non-generic
 * signature matches, so the arguments are left open here; the adapter passes only the fields of
 * Latch's schema, and the conformance suite checks every call on the three providers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PrismaArgs = any;

/** The calls the adapter makes on one model (`prisma.user`, `prisma.session`, ...). */
export interface PrismaModel {
  findUnique(args: PrismaArgs): PromiseLike<PrismaRow | null>;
  findFirst(args: PrismaArgs): PromiseLike<PrismaRow | null>;
  findMany(args: PrismaArgs): PromiseLike<PrismaRow[]>;
  count(args: PrismaArgs): PromiseLike<number>;
  create(args: PrismaArgs): PromiseLike<PrismaRow>;
  createMany(args: PrismaArgs): PromiseLike<{ count: number }>;
  update(args: PrismaArgs): PromiseLike<PrismaRow>;
  updateMany(args: PrismaArgs): PromiseLike<{ count: number }>;
  upsert(args: PrismaArgs): PromiseLike<PrismaRow>;
  delete(args: PrismaArgs): PromiseLike<PrismaRow>;
  deleteMany(args: PrismaArgs): PromiseLike<{ count: number }>;
}

/** The models the adapter reads and writes, under the client's property names. */
export interface PrismaModels {
  user: PrismaModel;
  account: PrismaModel;
  session: PrismaModel;
  verificationToken: PrismaModel;
  authenticator: PrismaModel;
  password: PrismaModel;
  secondFactor: PrismaModel;
  signingKey: PrismaModel;
  apiKey: PrismaModel;
  organization: PrismaModel;
  member: PrismaModel;
  invitation: PrismaModel;
  organizationRole: PrismaModel;
  userStanding: PrismaModel;
  auditEvent: PrismaModel;
  team: PrismaModel;
  teamMember: PrismaModel;
}

/**
 * A Prisma client generated from Latch's schema (`prisma/<provider>/schema.prisma` of this
 * package, or an app schema with the same models): its models and interactive transactions.
 */
export interface PrismaClientLike extends PrismaModels {
  /** An interactive transaction: `run` gets the transaction client (its models, {@link PrismaModels}). */
  $transaction<R>(run: (tx: PrismaArgs) => Promise<R>): PromiseLike<R>;
}
